"""Who is online, and at which public table.

A player is online while a browser of theirs has a seat's connection open at a table
of this process, or has asked for its notices in the last ``ONLINE_SECONDS`` (the
site's pages ask every 20 seconds). The table is told only when it is public: a
private table's code is its key, and a follower must not learn it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..lobby import Lobby

ONLINE_SECONDS = 45.0


class Presence:
    def __init__(self) -> None:
        #: player -> when a browser of theirs last asked for its notices.
        self.last_seen: dict[str, float] = {}

    def seen(self, player: str) -> None:
        self.last_seen[player] = time.monotonic()

    def where(self, player: str, seats: dict[str, int], lobby: Lobby) -> dict[str, object]:
        """``online`` and ``table`` (a public table's code, else None) for the player,
        who holds ``seats`` (table code -> seat)."""
        table = None
        connected = False
        for code, seat in sorted(seats.items()):
            room = lobby.rooms.get(code)
            if room is None or not any(c.seat == seat for c in room.conns):
                continue
            connected = True
            if room.table.public:
                table = code
        recent = time.monotonic() - self.last_seen.get(player, -1e9) < ONLINE_SECONDS
        return {"online": connected or recent, "table": table}

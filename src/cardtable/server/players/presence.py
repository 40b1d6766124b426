"""Who is online, and at which public table.

A player is online while a browser of theirs has a seat's connection open at a
table, or has asked for its notices in the last ``ONLINE_SECONDS`` (the site's pages
ask every 20 seconds). The table is told only when it is public: a private table's
code is its key, and a follower must not learn it.

A single process knows this from its own rooms and requests. On a site of several
processes (``shared``: the site's Redis) each process also writes what it knows to
Redis with an expiry: ``cardtable:seen:PLAYER`` when a player asks for notices, and
``cardtable:at:PLAYER:CODE`` (1 for a public table, 0 for a private one) for every
seat held with an open connection at a table the process owns, set when the seat is
taken and every ``PUBLISH_SECONDS``, expiring after ``AT_SECONDS``. Any process then
answers for a player seen or seated through another. With Redis away, a process
answers from what it knows itself.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..lobby import Lobby
    from ..room import Room

logger = logging.getLogger("cardtable.players")

ONLINE_SECONDS = 45.0
#: How often a process of a site writes the seats held at its tables, and how long
#: such a line lasts unless written again (a closed tab drops out within this).
PUBLISH_SECONDS = 5.0
AT_SECONDS = 15
SEEN = "cardtable:seen:"
AT = "cardtable:at:"


def _seated(room: Room) -> list[tuple[str, str, int]]:
    """The Redis lines of the seats held with an open connection at ``room``."""
    held = {c.player for c in room.conns if c.seat is not None and c.player is not None}
    return [_line(room, player) for player in sorted(held)]


def _line(room: Room, player: str) -> tuple[str, str, int]:
    """The Redis line of ``player`` seated at ``room``: 1 if it is public, else 0."""
    return f"{AT}{player}:{room.code}", str(int(room.table.public)), AT_SECONDS


class Presence:
    def __init__(self) -> None:
        #: player -> when a browser of theirs last asked for its notices.
        self.last_seen: dict[str, float] = {}
        #: The site's Redis (``redis.asyncio``), or None for a single process.
        self.shared: Any = None

    async def _write(self, lines: list[tuple[str, str, int]]) -> None:
        if self.shared is None or not lines:
            return
        try:
            async with self.shared.pipeline(transaction=False) as pipe:
                for key, value, seconds in lines:
                    pipe.set(key, value, ex=seconds)
                await pipe.execute()
        except Exception as exc:  # Redis away: each process answers for itself meanwhile
            logger.warning("presence not shared: %s", exc)

    async def seen(self, player: str) -> None:
        self.last_seen[player] = time.monotonic()
        await self._write([(f"{SEEN}{player}", "1", int(ONLINE_SECONDS))])

    async def seated(self, room: Room, player: str) -> None:
        """Share that ``player`` just took a seat at ``room``."""
        await self._write([_line(room, player)])

    async def publish_forever(self, lobby: Lobby) -> None:
        """Share, every ``PUBLISH_SECONDS``, the seats held at this process's tables."""
        while True:
            await asyncio.sleep(PUBLISH_SECONDS)
            lines = [line for room in list(lobby.rooms.values()) for line in _seated(room)]
            await self._write(lines)

    async def _shared_where(self, player: str, seats: dict[str, int]) -> tuple[bool, str | None]:
        """What the site's Redis knows: whether the player is online, and a public
        table of theirs."""
        if self.shared is None:
            return False, None
        codes = sorted(seats)
        try:
            values = await self.shared.mget(
                [f"{SEEN}{player}", *(f"{AT}{player}:{code}" for code in codes)]
            )
        except Exception as exc:  # Redis away: this process's own knowledge
            logger.warning("presence not shared: %s", exc)
            return False, None
        table = next((c for c, v in zip(codes, values[1:], strict=True) if v == b"1"), None)
        return any(v is not None for v in values), table

    async def where(
        self, player: str, seats: dict[str, int], lobby: Lobby
    ) -> tuple[bool, str | None]:
        """Whether the player, who holds ``seats`` (table code -> seat), is online, and
        a public table where they sit (None if none)."""
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
        shared_online, shared_table = await self._shared_where(player, seats)
        return connected or recent or shared_online, table or shared_table


"""Fair play: leaving rated matches, and the escalating block on rated play.

A person *leaves* a rated match when the match ends while a stand-in bot has played
their last ``IDLE_TURNS`` turns or more in a row: they closed the tab and did not
come back within the reconnect window, or stopped acting. Leaving counts as a loss
(the leaver is ranked below everyone who stayed) and is counted on their profile.

Each leave within ``WINDOW_SECONDS`` of the previous ones raises a block on rated
play, like lichess's playban: the first is forgiven, the second blocks rated play
for 10 minutes from it, the third for an hour, each later one for a day. While
blocked, a player's seats are left out of the ratings (and rated quick match
refuses them).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Set

from .database import Database

#: Leaves are counted over this many seconds back.
WINDOW_SECONDS = 7 * 24 * 3600.0
#: The block after the n-th leave in the window (n = 1, 2, 3, 4 or more).
BLOCKS = (0.0, 600.0, 3600.0, 86400.0)


def block_seconds(leaves: int) -> float:
    """How long rated play is blocked after the ``leaves``-th leave in the window."""
    if leaves <= 0:
        return 0.0
    return BLOCKS[min(leaves, len(BLOCKS)) - 1]


def leavers(stood_in: Set[int], idle_turns: Mapping[int, int], limit: int) -> frozenset[int]:
    """The seats whose person left: a stand-in plays for them (``stood_in``) and has
    played ``limit`` of their turns in a row or more."""
    return frozenset(seat for seat in stood_in if idle_turns.get(seat, 0) >= limit)


class FairPlay:
    def __init__(self, db: Database) -> None:
        self.db = db

    def record_leave(self, player: str, code: str, number: int, at: float) -> None:
        self.db.execute(
            "INSERT INTO leaves (player_id, code, number, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            player,
            code,
            number,
            at,
        )

    def leaves(self, player: str) -> int:
        """Rated matches the player left, ever."""
        row = self.db.one("SELECT COUNT(*) FROM leaves WHERE player_id = ?", player)
        return int(row[0]) if row else 0

    def blocked_until(self, player: str, now: float | None = None) -> float | None:
        """When the player's block on rated play ends, or None if they are not blocked."""
        now = time.time() if now is None else now
        rows = self.db.rows(
            "SELECT at FROM leaves WHERE player_id = ? AND at > ? ORDER BY at",
            player,
            now - WINDOW_SECONDS,
        )
        if not rows:
            return None
        until = rows[-1][0] + block_seconds(len(rows))
        return until if until > now else None

"""Who sits where: the player behind each seat, and each finished match's players.

A seat is linked to a player when a browser with a session takes it (``take``); a
seat taken without one is unlinked. When a match finishes, ``settle`` copies the
seats' players into ``match_players`` (a player's history) and hands the match to
the ratings, all in one transaction that also marks the match settled: a match is
settled once, whether the call comes at its end, from the sweep at start-up after
a restart that fell between the last action and the settlement, or from a site's
periodic sweep after its owner died there (``Players.sweep``), several at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .database import Database


@dataclass(frozen=True)
class Finished:
    """What settling a match needs of it."""

    code: str
    number: int
    game: str
    options: dict[str, Any]
    seats: list[str]
    result: dict[str, Any]
    #: seat -> player id, for the seats a player held.
    players: dict[int, str]
    #: Human seats whose person left the match (see ``fairplay``).
    leavers: frozenset[int] = frozenset()


#: Settles the rating part of a match inside the settlement's transaction; returns
#: whether the match was rated.
Rater = Callable[[Finished], bool]


def _json(value: Any) -> Any:
    """A JSON column as read: text from SQLite, already decoded from PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value


class Seats:
    def __init__(self, db: Database, rate: Rater) -> None:
        self.db = db
        self.rate = rate

    def take(self, code: str, seat: int, player_id: str | None) -> None:
        """Link the seat to the player who took it (or unlink it: no player)."""
        with self.db.transaction():
            self.db.execute("DELETE FROM seat_players WHERE code = ? AND seat = ?", code, seat)
            if player_id is not None:
                self.db.execute(
                    "INSERT INTO seat_players (code, seat, player_id) VALUES (?, ?, ?)",
                    code,
                    seat,
                    player_id,
                )

    def seats_of(self, player_id: str) -> dict[str, int]:
        """The seats the player holds now: table code -> seat."""
        rows = self.db.rows("SELECT code, seat FROM seat_players WHERE player_id = ?", player_id)
        return {code: seat for code, seat in rows}

    def players_at(self, code: str) -> dict[int, str]:
        rows = self.db.rows("SELECT seat, player_id FROM seat_players WHERE code = ?", code)
        return {seat: player for seat, player in rows}

    def _finished(self, code: str, number: int, leavers: frozenset[int]) -> Finished | None:
        row = self.db.one(
            "SELECT record, result FROM matches WHERE code = ? AND number = ? AND finished = ?",
            code,
            number,
            True if self.db.postgres else 1,
        )
        if row is None:
            return None
        record, result = _json(row[0]), _json(row[1])
        return Finished(
            code,
            number,
            record["game"],
            record["options"],
            record["seats"],
            result,
            self.players_at(code),
            leavers,
        )

    def settle(self, code: str, number: int, leavers: frozenset[int] = frozenset()) -> bool:
        """Record a finished match's players and ratings (``leavers``: the seats whose
        person left it); False if it was already settled (or is not finished)."""
        with self.db.transaction():
            match = self._finished(code, number, leavers)
            if match is None:
                return False
            claimed = self.db.execute(
                "INSERT INTO settled (code, number, rated) VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
                code,
                number,
            )
            if claimed.rowcount != 1:
                return False
            now = time.time()
            for seat, player in sorted(match.players.items()):
                self.db.execute(
                    "INSERT INTO match_players (code, number, seat, player_id, game, finished)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    code,
                    number,
                    seat,
                    player,
                    match.game,
                    now,
                )
            if self.rate(match):
                self.db.execute(
                    "UPDATE settled SET rated = 1 WHERE code = ? AND number = ?", code, number
                )
        return True

    def unsettled(self) -> list[tuple[str, int]]:
        """Finished matches not settled yet (their settlement was cut short)."""
        rows = self.db.rows(
            "SELECT m.code, m.number FROM matches m WHERE m.finished = ? AND NOT EXISTS"
            " (SELECT 1 FROM settled s WHERE s.code = m.code AND s.number = m.number)",
            True if self.db.postgres else 1,
        )
        return [(code, number) for code, number in rows]

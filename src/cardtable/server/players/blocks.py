"""Blocking and reporting players.

A block keeps two players apart, whichever of them made it: no chat between them at a
table, no invitation from one to the other (and quick match never seats them
together). A report is stored for an operator with the match it concerns, which
``cardtable admin reports`` lists.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from ..errors import ProtocolError
from .database import Database

#: The longest reason a report keeps.
REASON_LIMIT = 500


class Blocks:
    def __init__(self, db: Database) -> None:
        self.db = db

    def block(self, blocker: str, blocked: str) -> None:
        if blocker == blocked:
            raise ProtocolError("bad_request", "a player cannot block themselves")
        if self.db.one("SELECT 1 FROM players WHERE id = ?", blocked) is None:
            raise ProtocolError("no_player", "no such player", 404)
        with self.db.transaction():
            self.db.execute(
                "INSERT INTO blocks (blocker, blocked, created) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                blocker,
                blocked,
                time.time(),
            )
            self.db.execute(
                "DELETE FROM follows WHERE (follower = ? AND followed = ?)"
                " OR (follower = ? AND followed = ?)",
                blocker,
                blocked,
                blocked,
                blocker,
            )

    def unblock(self, blocker: str, blocked: str) -> None:
        self.db.execute("DELETE FROM blocks WHERE blocker = ? AND blocked = ?", blocker, blocked)

    def blocks(self, blocker: str, blocked: str) -> bool:
        row = self.db.one(
            "SELECT 1 FROM blocks WHERE blocker = ? AND blocked = ?", blocker, blocked
        )
        return row is not None

    def apart(self, player: str) -> frozenset[str]:
        """The players kept apart from ``player``: those they blocked and those who
        blocked them."""
        rows = self.db.rows(
            "SELECT blocked FROM blocks WHERE blocker = ?"
            " UNION SELECT blocker FROM blocks WHERE blocked = ?",
            player,
            player,
        )
        return frozenset(other for (other,) in rows)

    def report(
        self, reporter: str, reported: str, code: str | None, number: int | None, reason: str
    ) -> str:
        if self.db.one("SELECT 1 FROM players WHERE id = ?", reported) is None:
            raise ProtocolError("no_player", "no such player", 404)
        report = secrets.token_urlsafe(9)
        self.db.execute(
            "INSERT INTO reports (id, reporter, reported, code, number, reason, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            report,
            reporter,
            reported,
            code,
            number,
            reason[:REASON_LIMIT],
            time.time(),
        )
        return report

    def reports(self) -> list[dict[str, Any]]:
        """Every report, newest first, with the reported player's name."""
        rows = self.db.rows(
            "SELECT r.id, r.reporter, r.reported, p.name, r.code, r.number, r.reason, r.created"
            " FROM reports r LEFT JOIN players p ON p.id = r.reported ORDER BY r.created DESC"
        )
        keys = ("id", "reporter", "reported", "name", "code", "match", "reason", "created")
        return [dict(zip(keys, row, strict=True)) for row in rows]

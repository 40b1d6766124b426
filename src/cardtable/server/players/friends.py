"""Following players, and inviting the players one follows to one's table.

Following is one-way and needs no consent (like following on lichess): it shows the
followed player's presence and lets the follower invite them. An invitation waits
in the database until the invited browser asks for its notices, which shows it once.
"""

from __future__ import annotations

import time

from ..errors import ProtocolError
from ..responses import Invite
from .database import Database

#: Invitations a player may have waiting from one sender (older ones are dropped).
WAITING_INVITES = 5


class Friends:
    def __init__(self, db: Database) -> None:
        self.db = db

    def follow(self, follower: str, followed: str) -> None:
        if follower == followed:
            raise ProtocolError("bad_request", "a player cannot follow themselves")
        if self.db.one("SELECT 1 FROM players WHERE id = ?", followed) is None:
            raise ProtocolError("no_player", "no such player", 404)
        self.db.execute(
            "INSERT INTO follows (follower, followed, created) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            follower,
            followed,
            time.time(),
        )

    def unfollow(self, follower: str, followed: str) -> None:
        self.db.execute(
            "DELETE FROM follows WHERE follower = ? AND followed = ?", follower, followed
        )

    def follows(self, follower: str, followed: str) -> bool:
        row = self.db.one(
            "SELECT 1 FROM follows WHERE follower = ? AND followed = ?", follower, followed
        )
        return row is not None

    def following(self, follower: str) -> list[tuple[str, str]]:
        """(id, name) of each player ``follower`` follows, by name."""
        rows = self.db.rows(
            "SELECT p.id, p.name FROM follows f JOIN players p ON p.id = f.followed"
            " WHERE f.follower = ? ORDER BY p.name, p.id",
            follower,
        )
        return [(player, name) for player, name in rows]

    def invite(self, sender: str, player: str, code: str) -> None:
        """Invite ``player`` to table ``code``, where ``sender`` holds a seat."""
        if not self.follows(sender, player):
            raise ProtocolError("not_following", "follow a player before inviting them", 403)
        seated = self.db.one(
            "SELECT 1 FROM seat_players WHERE code = ? AND player_id = ?", code, sender
        )
        if seated is None:
            raise ProtocolError("not_seated", f"you hold no seat at table {code}", 403)
        with self.db.transaction():
            self.db.execute(
                "DELETE FROM invites WHERE sender = ? AND player_id = ? AND code = ?",
                sender,
                player,
                code,
            )
            self.db.execute(
                "INSERT INTO invites (sender, player_id, code, created) VALUES (?, ?, ?, ?)",
                sender,
                player,
                code,
                time.time(),
            )
            self.db.execute(
                "DELETE FROM invites WHERE sender = ? AND player_id = ? AND code NOT IN"
                " (SELECT code FROM invites WHERE sender = ? AND player_id = ?"
                " ORDER BY created DESC LIMIT ?)",
                sender,
                player,
                sender,
                player,
                WAITING_INVITES,
            )

    def take_invites(self, player: str) -> list[Invite]:
        """The player's waiting invitations, oldest first; each is shown once."""
        with self.db.transaction():
            rows = self.db.rows(
                "SELECT i.sender, p.name, i.code, i.created FROM invites i"
                " JOIN players p ON p.id = i.sender WHERE i.player_id = ? ORDER BY i.created",
                player,
            )
            self.db.execute("DELETE FROM invites WHERE player_id = ?", player)
        return [
            {"from": {"id": sender, "name": name}, "code": code, "sent": sent}
            for sender, name, code, sent in rows
        ]

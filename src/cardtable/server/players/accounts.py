"""Players: a guest's id, a registered name, the recovery code, deleting an account.

A guest is a row with a name and no ``name_key``; registering sets ``name_key`` (the
casefolded name), which the database keeps unique, so two registered players never
share a name whatever the letter case. Guests' names are free to repeat, as at a
table today.

A recovery code is shown once, when the first passkey is registered, and stored as
its SHA-256: it signs a player in on a device without their passkey, once (a new code
replaces it).
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass

from ..errors import ProtocolError
from ..responses import PlayerInfo
from ..seating import clean_name
from .database import Database

#: Random bytes in a player id (public: it names a player in links and the API).
ID_BYTES = 12
#: Characters of a recovery code (letters and digits that are not confused when read).
RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
RECOVERY_LENGTH = 20


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    registered: bool
    created: float

    def to_json(self) -> PlayerInfo:
        return {
            "id": self.id,
            "name": self.name,
            "registered": self.registered,
            "created": self.created,
        }


def digest(secret: str) -> str:
    """What is stored of a secret: its SHA-256 in hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def name_key(name: str) -> str:
    """The form in which registered names are compared: ``Ann`` and ``ANN`` are one."""
    return clean_name(name).casefold()


def new_recovery_code() -> str:
    """A code of ``RECOVERY_LENGTH`` characters grouped by five for reading aloud."""
    raw = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(RECOVERY_LENGTH))
    return "-".join(raw[i : i + 5] for i in range(0, RECOVERY_LENGTH, 5))


def _normal_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


class Accounts:
    def __init__(self, db: Database) -> None:
        self.db = db

    def new_guest(self, name: str) -> Player:
        player = Player(secrets.token_urlsafe(ID_BYTES), clean_name(name), False, time.time())
        self.db.execute(
            "INSERT INTO players (id, name, created) VALUES (?, ?, ?)",
            player.id,
            player.name,
            player.created,
        )
        return player

    def get(self, player_id: str) -> Player | None:
        row = self.db.one("SELECT id, name, name_key, created FROM players WHERE id = ?", player_id)
        if row is None:
            return None
        return Player(row[0], row[1], row[2] is not None, row[3])

    def by_name(self, name: str) -> Player | None:
        row = self.db.one("SELECT id FROM players WHERE name_key = ?", name_key(name))
        return None if row is None else self.get(row[0])

    def rename(self, player_id: str, name: str) -> None:
        """Set a guest's name (guests' names may repeat)."""
        self.db.execute("UPDATE players SET name = ? WHERE id = ?", clean_name(name), player_id)

    def claim_name(self, player_id: str, name: str) -> None:
        """Make ``name`` this player's registered name; ``name_taken`` if another has it."""
        key = name_key(name)
        holder = self.db.one("SELECT id FROM players WHERE name_key = ?", key)
        if holder is not None and holder[0] != player_id:
            raise ProtocolError("name_taken", f"the name {clean_name(name)!r} is taken", 409)
        self.db.execute(
            "UPDATE players SET name = ?, name_key = ? WHERE id = ?",
            clean_name(name),
            key,
            player_id,
        )

    def set_recovery(self, player_id: str) -> str:
        """A new recovery code for the player (the previous one stops working)."""
        code = new_recovery_code()
        self.db.execute(
            "UPDATE players SET recovery_hash = ? WHERE id = ?",
            digest(_normal_code(code)),
            player_id,
        )
        return code

    def recover(self, code: str) -> str | None:
        """The player whose recovery code this is, the code then used up; else None."""
        hashed = digest(_normal_code(code))
        with self.db.transaction():
            row = self.db.one("SELECT id FROM players WHERE recovery_hash = ?", hashed)
            if row is None:
                return None
            self.db.execute("UPDATE players SET recovery_hash = NULL WHERE id = ?", row[0])
        return str(row[0])

    def ban(self, player_id: str, until: float | None) -> bool:
        """Ban the player until ``until`` (None: lift the ban); False if there is no
        such player. A banned player's sessions and passkeys are refused."""
        changed = self.db.execute(
            "UPDATE players SET banned_until = ? WHERE id = ?", until, player_id
        )
        return changed.rowcount == 1

    def banned(self, player_id: str, now: float) -> bool:
        row = self.db.one("SELECT banned_until FROM players WHERE id = ?", player_id)
        return row is not None and row[0] is not None and row[0] > now

    def delete(self, player_id: str) -> None:
        """Remove the player and all that is theirs; the matches they played keep
        their seats, no longer linked to anyone."""
        with self.db.transaction():
            self.db.execute(
                "UPDATE match_players SET player_id = NULL WHERE player_id = ?", player_id
            )
            for table in ("seat_players", "sessions", "passkeys", "ratings", "rating_history"):
                self.db.execute(f"DELETE FROM {table} WHERE player_id = ?", player_id)
            self.db.execute(
                "DELETE FROM follows WHERE follower = ? OR followed = ?", player_id, player_id
            )
            self.db.execute(
                "DELETE FROM invites WHERE sender = ? OR player_id = ?", player_id, player_id
            )
            self.db.execute(
                "DELETE FROM blocks WHERE blocker = ? OR blocked = ?", player_id, player_id
            )
            self.db.execute("DELETE FROM leaves WHERE player_id = ?", player_id)
            self.db.execute("DELETE FROM players WHERE id = ?", player_id)

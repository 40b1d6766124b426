"""Sessions: which player a browser is, from an opaque cookie.

The cookie holds 32 random bytes and nothing else; the server keeps only their
SHA-256 beside the player id. A forged cookie matches no row, and a revoked one
(signing out, or deleting the account) has its row deleted, so a copy taken before
is refused too. The cookie is ``Secure``, ``HttpOnly`` (no script reads it) and
``SameSite=Lax`` (not sent on another site's cross-site requests; the API's
state-changing requests also check the ``Origin``).
"""

from __future__ import annotations

import secrets
import time

from starlette.requests import HTTPConnection
from starlette.responses import Response

from .accounts import digest
from .database import Database

COOKIE = "cardtable_session"
#: Seconds a session lasts without being used again (a year: a guest's identity is
#: only as durable as this cookie until they register).
MAX_AGE = 365 * 24 * 3600


def cookie_value(connection: HTTPConnection) -> str | None:
    return connection.cookies.get(COOKIE)


def set_cookie(response: Response, session: str) -> None:
    response.set_cookie(
        COOKIE, session, max_age=MAX_AGE, path="/", secure=True, httponly=True, samesite="lax"
    )


def clear_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")


class Sessions:
    def __init__(self, db: Database) -> None:
        self.db = db

    def open(self, player_id: str) -> str:
        """A new session for the player; the value goes in the cookie."""
        session = secrets.token_urlsafe(32)
        self.db.execute(
            "INSERT INTO sessions (id_hash, player_id, created) VALUES (?, ?, ?)",
            digest(session),
            player_id,
            time.time(),
        )
        return session

    def player(self, session: str | None) -> str | None:
        """The player of a live session; None for a missing, forged or revoked one, or
        one of a banned player."""
        if not session or len(session) > 100:
            return None
        row = self.db.one(
            "SELECT s.player_id FROM sessions s JOIN players p ON p.id = s.player_id"
            " WHERE s.id_hash = ? AND (p.banned_until IS NULL OR p.banned_until <= ?)",
            digest(session),
            time.time(),
        )
        return None if row is None else str(row[0])

    def revoke(self, session: str) -> None:
        self.db.execute("DELETE FROM sessions WHERE id_hash = ?", digest(session))

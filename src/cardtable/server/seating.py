"""Who sits where: players' names and seat tokens.

A seat's token is a random secret that proves its holder took the seat; only its
SHA-256 is kept, so the database alone lets nobody act for a seat.
"""

from __future__ import annotations

import hashlib
import secrets

from .errors import ProtocolError

NAME_LIMIT = 24


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> tuple[str, str]:
    """A fresh seat token and its hash."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def clean_name(name: str) -> str:
    """A player's display name: printable, trimmed, 1 to 24 characters."""
    cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
    if not cleaned:
        raise ProtocolError("bad_name", "a name must contain at least one visible character")
    if len(cleaned) > NAME_LIMIT:
        raise ProtocolError("bad_name", f"a name may have at most {NAME_LIMIT} characters")
    return cleaned

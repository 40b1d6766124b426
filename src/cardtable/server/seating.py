"""Who sits where: players' names and seat tokens.

A seat's token is a random secret that proves its holder took the seat; only its
SHA-256 is kept, so the database alone lets nobody act for a seat.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

from .errors import ProtocolError

NAME_LIMIT = 24
#: Letters that Unicode counts as printable but that show nothing (Hangul fillers, the
#: Braille blank, the Khmer inherent vowels, the Mongolian vowel separator).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
#: Unicode categories that draw nothing on their own: separators, format and control
#: characters, and combining marks (which only change the letter before them).
BLANK_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me"})


def visible(ch: str) -> bool:
    """Whether ``ch`` shows something when drawn."""
    return ch not in BLANK_LETTERS and unicodedata.category(ch) not in BLANK_CATEGORIES


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> tuple[str, str]:
    """A fresh seat token and its hash."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


#: Combining marks kept on one letter: enough for any script's accents, not for a
#: tower of them drawn over the lines around it.
MAX_MARKS = 2


def shown_text(text: str) -> str:
    """``text`` as it is shown: characters that draw nothing by themselves or reorder
    the text around them (format characters such as U+200B, U+FEFF, U+00AD, U+202E and
    the tag characters) dropped, each run of spaces one space, trimmed, and at most
    ``MAX_MARKS`` combining marks on a letter. Names and chat texts both go through
    it, so that neither can look empty, hide text or spill over the page; the caller
    then requires a visible character (``visible``)."""
    out: list[str] = []
    marks = 0
    for ch in " ".join("".join(ch for ch in text if ch.isprintable()).split()):
        marks = marks + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if marks <= MAX_MARKS:
            out.append(ch)
    return "".join(out)


def clean_name(name: str) -> str:
    """A player's display name: ``shown_text``, 1 to 24 characters, at least one of them
    visible (a name of blank letters would let a seat look empty)."""
    cleaned = shown_text(name)
    if not any(visible(ch) for ch in cleaned):
        raise ProtocolError("bad_name", "a name must contain at least one visible character")
    if len(cleaned) > NAME_LIMIT:
        raise ProtocolError("bad_name", f"a name may have at most {NAME_LIMIT} characters")
    return cleaned

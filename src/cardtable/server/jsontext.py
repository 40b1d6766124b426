"""The text of an outbound message: orjson when installed, else the standard library.

Every message a room sends is serialized once per seat and connection kind, on the
event loop; a state message of Skyjo (about 750 bytes) takes some 50 us with
``json.dumps`` and 5 us with orjson on the development machine. orjson comes with the
``fast`` extra; without it the standard library writes the same JSON (compact, with
non-ASCII characters escaped rather than written as UTF-8: both read back the same).
orjson refuses integers beyond 64 bits, which no message holds today; such a message
would still be written, by the standard library.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # the ``fast`` extra is not installed
    orjson = None  # type: ignore[assignment]


def dumps(message: Any) -> str:
    """``message`` as compact JSON text."""
    if orjson is not None:
        try:
            return orjson.dumps(message).decode()
        except TypeError:  # an integer past 64 bits
            pass
    return json.dumps(message, separators=(",", ":"))

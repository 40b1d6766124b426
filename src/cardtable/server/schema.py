"""Validation of everything a client sends: WebSocket messages and HTTP bodies.

A schema maps each field to the JSON types it accepts and whether it is required;
``check_fields`` names the first missing, unknown or mistyped field. Booleans are
never accepted as numbers (JSON ``true`` is not ``1`` here).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import ProtocolError

#: field -> (accepted Python types after json.loads, required?)
Schema = Mapping[str, tuple[tuple[type, ...], bool]]

NUMBER = (int, float)
_TYPE_NAMES = {str: "a string", int: "a whole number", float: "a number", bool: "true or false"}
_TYPE_NAMES |= {dict: "an object", list: "a list", type(None): "null"}

#: Inbound WebSocket messages, by ``type``. ``seq`` is allowed on every message.
MESSAGES: dict[str, Schema] = {
    "join": {"name": ((str,), True), "seat": ((int,), False)},
    "rejoin": {"token": ((str,), True)},
    "spectate": {"name": ((str,), False)},
    "start": {},
    "action": {
        "action": ((dict,), True),
        "version": ((int,), False),
        "seat": ((int,), False),
    },
    "rematch": {},
    "hint": {},
    "fill": {},
    "back": {},
    "chat": {"text": ((str,), True)},
    "emote": {"emote": ((str,), True)},
    "mute": {"sender": ((str,), True), "muted": ((bool,), True)},
    "spectator_chat": {"allowed": ((bool,), True)},
    "pong": {"id": ((int,), False)},
}
COMMON: Schema = {"type": ((str,), True), "seq": ((int,), False)}

# The player API's request bodies (``players/routes.py``).
NAME: Schema = {"name": ((str,), True)}
CEREMONY: Schema = {"ceremony": ((str,), True), "credential": ((dict,), True)}
RECOVERY: Schema = {"code": ((str,), True)}
CODE: Schema = {"code": ((str,), True)}
GAME: Schema = {"game": ((str,), True)}
REPORT: Schema = {
    "reason": ((str,), True),
    "code": ((str,), False),
    "match": ((int,), False),
}


def _describe(types: tuple[type, ...]) -> str:
    names = [_TYPE_NAMES[t] for t in types if not (t is int and float in types)]
    return " or ".join(names)


def check_fields(data: Any, schema: Schema, what: str) -> None:
    """Raise ``ProtocolError('bad_message')`` unless ``data`` is an object matching ``schema``."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"{what} must be a JSON object")
    unknown = sorted(set(data) - set(schema))
    if unknown:
        raise ProtocolError("bad_message", f"{what} has unknown field(s): {', '.join(unknown)}")
    for name, (types, required) in schema.items():
        if name not in data:
            if required:
                raise ProtocolError("bad_message", f"{what} is missing field {name!r}")
            continue
        value = data[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ProtocolError("bad_message", f"{what}: field {name!r} must be {_describe(types)}")


def decode_json(text: str | bytes, what: str) -> Any:
    """``text`` as JSON, refusing what ``json.loads`` accepts but the server cannot keep:
    integers beyond Python's 4300-digit limit and strings with lone surrogates (which
    no database or client encodes)."""
    data = _loads(text, what)
    check_strings(data, what)
    return data


def _loads(text: str | bytes, what: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("bad_json", f"{what} is not valid JSON") from None
    except ValueError:  # an integer with more digits than int() converts
        raise ProtocolError("bad_json", f"{what} holds a number with too many digits") from None


def check_strings(data: Any, what: str) -> None:
    """Refuse a string with a lone surrogate (``"\\ud800"`` in JSON) anywhere in ``data``."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode()
            except UnicodeEncodeError:
                raise ProtocolError(
                    "bad_message", f"{what} holds a string that is not valid Unicode"
                ) from None


def decode_message(text: str | bytes | None, max_bytes: int) -> Any:
    """One inbound WebSocket frame as JSON (not yet checked: see ``check_message``)."""
    if not isinstance(text, str):
        raise ProtocolError("bad_message", "messages must be JSON sent as text frames")
    if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError("too_large", f"a message may be at most {max_bytes} bytes")
    return _loads(text, "the message")


def message_seq(data: Any) -> int | None:
    """The message's ``seq``, when it has a valid one, for the reply to echo."""
    seq = data.get("seq") if isinstance(data, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def check_message(data: Any) -> dict[str, Any]:
    """Validate a decoded inbound WebSocket message: its strings and its type's schema."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    check_strings(data, "the message")
    kind = data.get("type")
    if kind not in MESSAGES:
        known = ", ".join(sorted(MESSAGES))
        raise ProtocolError("bad_message", f"unknown message type {kind!r} (known: {known})")
    check_fields(data, {**COMMON, **MESSAGES[kind]}, f"message {kind!r}")
    return data

"""The OpenAPI 3.1 description of the HTTP API, served at ``/openapi.json``.

The request bodies' schemas are made from the field schemas the server checks them
with (``lobby.TABLE_REQUEST``, ``quickmatch.QUICK_REQUEST``): their fields, types and
which are required cannot drift from what the server accepts; only the descriptions
and examples are written here, and naming a field the server does not take fails at
import. The responses are written by hand, and tests/server/test_openapi_responses.py
checks the server's answers against them field for field. The WebSocket protocol is
described in docs/protocol.md.
"""

from __future__ import annotations

from typing import Any

from .api_pace import PACED_PREFIX
from .lobby import TABLE_REQUEST
from .quickmatch import QUICK_REQUEST
from .schema import Schema

#: The JSON Schema type of each Python type a field schema accepts.
JSON_TYPES = {
    str: "string",
    int: "integer",
    float: "number",
    bool: "boolean",
    dict: "object",
    list: "array",
    type(None): "null",
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


_ERROR = _json(_ref("Error"), "Refused; `error` is a stable code, `message` says why")
_CODE = {
    "name": "code",
    "in": "path",
    "required": True,
    "description": "The table's code: 6 characters (public) or 16 (private); case, dashes"
    " and spaces are ignored (6R8T-M5JY-HJKF-X5U8 is 6R8TM5JYHJKFX5U8)",
    "schema": {"type": "string"},
}
_NUMBER = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
_SEAT = {
    "name": "seat",
    "in": "query",
    "required": True,
    "schema": {"oneOf": [{"type": "integer"}, {"const": "all"}]},
    "description": "whose eyes to see through; `all` (replays only) shows every card",
}
_OBJECT = {"type": "object"}
_PAGE = [
    {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0}},
]


def request_schema(fields: Schema, notes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The JSON Schema of a request body the server checks with ``fields``, each field
    with its ``notes`` (description, example, default, items)."""
    unknown = set(notes) - set(fields)
    if unknown:
        raise ValueError(f"notes on fields the request does not take: {sorted(unknown)}")
    properties = {}
    for name, (types, _) in fields.items():
        kinds = [JSON_TYPES[kind] for kind in types if not (kind is int and float in types)]
        properties[name] = {"type": kinds[0] if len(kinds) == 1 else kinds} | notes.get(name, {})
    return {
        "type": "object",
        "required": [name for name, (_, required) in fields.items() if required],
        "additionalProperties": False,
        "properties": properties,
    }


_SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error", "message"],
        "properties": {
            "error": {"type": "string"},
            "message": {"type": "string"},
            "params": {"type": "object", "description": "the values a translated message names"},
        },
    },
    "Option": {
        "type": "object",
        "required": ["name", "type", "default", "help"],
        "properties": {
            "name": {"type": "string"},
            "type": {"type": "string", "description": "bool, int, str, or '<type> or null'"},
            "default": {},
            "help": {"type": "string"},
            "min": {"type": "integer"},
            "max": {"type": "integer"},
            "choices": {"type": "array"},
        },
    },
    "Game": {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "title": {"type": "string"},
            "min_players": {"type": "integer"},
            "max_players": {"type": "integer"},
            "options": {"type": "array", "items": _ref("Option")},
            "bots": {"type": "array", "items": {"type": "string"}},
            "levels": {
                "type": "array",
                "description": "the named bot levels, weakest first, as a lobby offers them",
                "items": {
                    "type": "object",
                    "properties": {
                        "spec": {"type": "string", "example": "normal"},
                        "title": {"type": "string"},
                        "summary": {"type": "string"},
                        "plays_as": {"type": "string", "description": "the detailed bot spec"},
                    },
                },
            },
        },
    },
    "TableRequest": request_schema(
        TABLE_REQUEST,
        {
            "game": {"example": "skyjo"},
            "seats": {
                "items": {"type": "string"},
                "description": "one entry per seat: 'human' or a bot spec such as 'random'",
                "example": ["human", "human", "random"],
            },
            "options": {"description": "the game's rule options"},
            "public": {"default": True},
            "turn_seconds": {"description": "idle time after which a bot plays a person's turn"},
            "bot_delay": {"description": "seconds a bot waits before acting"},
        },
    ),
    "Seat": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "kind": {"type": "string", "enum": ["human", "bot"]},
            "bot": {"type": "string"},
            "name": {"type": ["string", "null"]},
            "taken": {"type": "boolean"},
            "connected": {"type": "boolean"},
            "autoplay": {"type": "boolean"},
        },
    },
    "Table": {
        "type": "object",
        "properties": {
            "code": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "options": {"type": "object"},
            "players": {"type": "integer"},
            "public": {"type": "boolean"},
            "turn_seconds": {"type": ["number", "null"]},
            "bot_delay": {"type": "number"},
            "seats": {"type": "array", "items": _ref("Seat")},
            "status": {"type": "string", "enum": ["waiting", "playing", "finished"]},
            "match": {"type": ["integer", "null"]},
            "finished_matches": {"type": "array", "items": {"type": "integer"}},
            "spectators": {"type": "integer"},
            "rematch_votes": {"type": "array", "items": {"type": "integer"}},
            "hints": {
                "type": "boolean",
                "description": "a practice table (one person, every other seat a bot):"
                " the coach gives hints there",
            },
            "spectator_chat": {
                "type": "boolean",
                "description": "whether spectators may chat (the creator may turn it off)",
            },
            "quick_match": {
                "type": "boolean",
                "description": "a quick-match table: its match starts by itself once full",
            },
            "bots_join_in_ms": {
                "type": ["integer", "null"],
                "description": "time left before bots take a quick-match table's free seats",
            },
        },
    },
    "QuickMatchRequest": request_schema(
        QUICK_REQUEST,
        {
            "game": {"example": "skyjo"},
            "players": {"description": "seats of a new table (default 4 within the game's range)"},
            "wait_seconds": {
                "default": 30,
                "description": "a new table's wait before bots take its free seats (1 to 600)",
            },
        },
    ),
    "MatchLog": {
        "type": "object",
        "description": "Everything needed to replay the match with cardtable.replay",
        "properties": {
            "code": {"type": "string"},
            "number": {"type": "integer"},
            "game": {"type": "string"},
            "players": {"type": "integer"},
            "seed": {"type": "integer"},
            "options": {"type": "object"},
            "seats": {"type": "array", "items": {"type": "string"}},
            "names": {"type": "array", "items": {"type": "string"}},
            "log": {
                "type": "array",
                "description": "[seat, action] pairs in the order applied; seat -1 is the server",
                "items": {"type": "array"},
            },
            "result": {"type": "object"},
        },
    },
}

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "cardtable server",
        "version": "1",
        "description": "Tables of Skyjo, Last Card and Cactus. Play happens over the"
        " WebSocket /ws/{code} (see docs/protocol.md).",
    },
    "paths": {
        "/api/games": {
            "get": {
                "summary": "The games, their rule options and their bots",
                "responses": {"200": _json({"type": "array", "items": _ref("Game")}, "Games")},
            }
        },
        "/api/tables": {
            "get": {
                "summary": "Public tables waiting for players, a page at a time (oldest first)",
                "parameters": _PAGE,
                "responses": {
                    "200": _json({"type": "array", "items": _ref("Table")}, "Tables"),
                    "304": {"description": "Unchanged since the `ETag` sent in If-None-Match"},
                    "400": _ERROR,
                },
            },
            "post": {
                "summary": "Create a table; the response's `code` is what players join with",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("TableRequest")}},
                },
                "responses": {
                    "201": _json(_ref("Table"), "The new table"),
                    **{status: _ERROR for status in ("400", "403", "408", "415", "429", "503")},
                },
            },
        },
        "/api/quickmatch": {
            "post": {
                "summary": "The oldest open quick-match table of the game, or a new one;"
                " join it by its `code` over the WebSocket",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("QuickMatchRequest")}},
                },
                "responses": {
                    "200": _json(_ref("Table"), "An open table to join"),
                    "201": _json(_ref("Table"), "A new table, opened for this request"),
                    "400": _ERROR,
                },
            }
        },
        "/api/tables/{code}": {
            "get": {
                "summary": "A table's status (seats, names, connection, match progress)",
                "parameters": [_CODE],
                "responses": {
                    "200": _json(_ref("Table"), "The table"),
                    **{status: _ERROR for status in ("404", "429", "503")},
                },
            }
        },
        "/api/tables/{code}/matches/{number}": {
            "get": {
                "summary": "A finished match's full log, for replay",
                "parameters": [_CODE, _NUMBER],
                "responses": {
                    "200": _json(_ref("MatchLog"), "The match"),
                    **{status: _ERROR for status in ("400", "404", "409", "429", "503")},
                },
            }
        },
        "/api/tables/{code}/matches": {
            "get": {
                "summary": "A page of the table's finished matches with their results",
                "parameters": [_CODE, *_PAGE],
                "responses": {
                    "200": _json({"type": "array", "items": _OBJECT}, "Oldest first"),
                    **{status: _ERROR for status in ("400", "404", "429")},
                },
            }
        },
        "/api/tables/{code}/matches/{number}/replay": {
            "get": {
                "summary": "A finished match step by step: each frame's view and events",
                "parameters": [_CODE, _NUMBER, _SEAT],
                "responses": {
                    "200": _json(_OBJECT, "`frames`: one per step, the start first"),
                    **{status: _ERROR for status in ("400", "404", "409", "429", "503")},
                },
            }
        },
        "/api/tables/{code}/matches/{number}/analysis": {
            "get": {
                "summary": "The coach's analysis of a seat: none, running (with progress) or done",
                "parameters": [_CODE, _NUMBER, _SEAT],
                "responses": {
                    "200": _json(_OBJECT, "`status` none, done (with `analysis`) or failed"),
                    "202": _json(
                        _OBJECT,
                        "`status` running, with `done` and `total` (and `position` while queued)",
                    ),
                    "400": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            },
            "post": {
                "summary": "Start the coach's analysis of a seat (or read it if done)",
                "parameters": [_CODE, _NUMBER, _SEAT],
                "responses": {
                    "200": _json(_OBJECT, "Already done: `analysis`"),
                    "202": _json(_OBJECT, "Running, with `done` and `total`"),
                    "400": _ERROR,
                    "404": _ERROR,
                    "409": _ERROR,
                },
            },
        },
    },
    "components": {"schemas": _SCHEMAS},
}


def _paced(paths: dict[str, Any]) -> None:
    """Every API operation may be refused by the per-client pace (``api_pace``)."""
    for path, operations in paths.items():
        if path.startswith(PACED_PREFIX):
            for operation in operations.values():
                operation["responses"].setdefault("429", _ERROR)


_paced(OPENAPI["paths"])

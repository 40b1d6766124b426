"""The OpenAPI 3.1 description of the HTTP API, served at ``/openapi.json``.

The request bodies' schemas are made from the field schemas the server checks them
with (``lobby.TABLE_REQUEST``, ``quickmatch.QUICK_REQUEST``): their fields, types and
which are required cannot drift from what the server accepts; only the descriptions
and examples are written here, and naming a field the server does not take fails at
import. The responses' schemas are made from the typed dictionaries of ``responses``
that the handlers build their answers as (``json_schema``): each is closed (no field
but those named), so a field a handler adds must be added to its type, or mypy refuses
it, and then it is in the document. The server and cluster tests check every JSON
answer they read against this document (tests/server/recording.py). The WebSocket
protocol is described in docs/protocol.md.
"""

from __future__ import annotations

from types import UnionType
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from cardtable.engine.registry import games

from .api_pace import PACED_PREFIX
from .lobby import TABLE_REQUEST
from .quickmatch import QUICK_REQUEST
from .responses import (
    AnalysisAnswer,
    ErrorBody,
    Following,
    GameInfo,
    HistoryEntry,
    Leaderboard,
    MatchRecordBody,
    Me,
    Notices,
    PasskeyOptions,
    PlayerExport,
    PlayerInfo,
    PlayerMatches,
    Profile,
    Registered,
    ReplayBody,
    ReportMade,
    TablePlayers,
    TableStatus,
    Ticket,
)
from .schema import CEREMONY, CODE, GAME, NAME, RECOVERY, REPORT, Schema

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


def json_schema(kind: Any, components: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of values of the Python type ``kind`` (a ``responses`` type):
    each ``TypedDict`` becomes a closed component of ``components`` (every field it
    names, those not ``NotRequired`` required, no other) referred to by its name."""
    origin, args = get_origin(kind), get_args(kind)
    if origin is Annotated:
        notes = [note for note in kind.__metadata__ if isinstance(note, str)]
        described = {"description": " ".join(notes)} if notes else {}
        return json_schema(args[0], components) | described
    if origin in (NotRequired, Required):
        return json_schema(args[0], components)
    if is_typeddict(kind):
        if kind.__name__ not in components:
            components[kind.__name__] = {}  # taken before its fields, which may refer to it
            components[kind.__name__] = _object_schema(kind, components)
        return _ref(kind.__name__)
    if kind is Any:
        return {}
    if kind in JSON_TYPES:
        return {"type": JSON_TYPES[kind]}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is list:
        return {"type": "array"} | (
            {} if args[0] is Any else {"items": json_schema(args[0], components)}
        )
    if origin is dict:
        values = (
            {} if args[1] is Any else {"additionalProperties": json_schema(args[1], components)}
        )
        return {"type": "object"} | values
    if origin in (Union, UnionType):
        members = [json_schema(arg, components) for arg in args]
        if all(set(member) == {"type"} for member in members):
            return {"type": [member["type"] for member in members]}
        return {"anyOf": members}
    raise TypeError(f"no JSON Schema for {kind!r}")


def _object_schema(kind: Any, components: dict[str, Any]) -> dict[str, Any]:
    fields = get_type_hints(kind, include_extras=True)
    schema: dict[str, Any] = {"type": "object"}
    if kind.__doc__ and not kind.__doc__.startswith(kind.__name__ + "("):
        schema["description"] = " ".join(kind.__doc__.split())
    return schema | {
        "required": sorted(kind.__required_keys__),
        "additionalProperties": False,
        "properties": {name: json_schema(hint, components) for name, hint in fields.items()},
    }


#: A request's ``game``: any registered game's name, the first of them as the example.
_GAME_NAME = {
    "description": "a game's name, as GET /api/games lists them",
    "example": games()[0].name,
}

_SCHEMAS: dict[str, Any] = {
    "TableRequest": request_schema(
        TABLE_REQUEST,
        {
            "game": _GAME_NAME,
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
    "QuickMatchRequest": request_schema(
        QUICK_REQUEST,
        {
            "game": _GAME_NAME,
            "players": {"description": "seats of a new table (default 4 within the game's range)"},
            "wait_seconds": {
                "default": 30,
                "description": "a new table's wait before bots take its free seats (1 to 600)",
            },
        },
    ),
}


def _body(kind: Any, description: str) -> dict[str, Any]:
    """A JSON response of the ``responses`` type ``kind``, its schema made from it."""
    return _json(json_schema(kind, _SCHEMAS), description)


_ERROR = _body(ErrorBody, "Refused; `error` is a stable code, `message` says why")
_TABLE = _body(TableStatus, "The table")


def _errors(*statuses: str) -> dict[str, Any]:
    return {status: _ERROR for status in statuses}


def _request(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _fields(fields: Schema) -> dict[str, Any]:
    """A request body checked with the field schema ``fields`` (documented as is)."""
    return _request(request_schema(fields, {}))


_PLAYER = {"name": "player", "in": "path", "required": True, "schema": {"type": "string"}}
_GAME = {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}}
_TICKET = {"name": "ticket", "in": "path", "required": True, "schema": {"type": "string"}}
_NO_CONTENT = {"204": {"description": "Done"}}
_SIGNED_IN = "Signed in: the session cookie is set"


def _player_paths() -> dict[str, Any]:
    """The player API (``players/routes.py``, docs/players.md)."""
    me = _body(Me, "This browser's player")
    ticket = _body(Ticket, "The ticket; `code` is the table once paired")
    options = _body(PasskeyOptions, "Options for the browser's passkey ceremony")
    return {
        "/api/players/me": {
            "get": {
                "summary": "This browser's player",
                "responses": {"200": me, **_errors("401", "404")},
            },
            "post": {
                "summary": "Become a guest named `name` (or rename this guest)",
                "requestBody": _fields(NAME),
                "responses": {
                    "200": _body(PlayerInfo, "The guest, renamed (a registered player as is)"),
                    "201": _body(PlayerInfo, _SIGNED_IN),
                    **_errors("400", "403", "415"),
                },
            },
            "delete": {
                "summary": "Delete this browser's player",
                "responses": {**_NO_CONTENT, **_errors("401")},
            },
        },
        "/api/players/signout": {
            "post": {
                "summary": "End this browser's session",
                "responses": {**_NO_CONTENT, **_errors("403", "415")},
            }
        },
        "/api/players/recover": {
            "post": {
                "summary": "Sign in with the recovery code (used up)",
                "requestBody": _fields(RECOVERY),
                "responses": {"200": _body(PlayerInfo, _SIGNED_IN), **_errors("400", "403", "415")},
            }
        },
        "/api/players/passkeys/register/options": {
            "post": {
                "summary": "Begin registering a passkey and a name",
                "requestBody": _fields(NAME),
                "responses": {"200": options, **_errors("400", "401", "403", "409", "415")},
            }
        },
        "/api/players/passkeys/register": {
            "post": {
                "summary": "Keep the passkey and the name; the first one also gets a recovery code",
                "requestBody": _fields({**CEREMONY, **NAME}),
                "responses": {
                    "201": _body(
                        Registered | PlayerInfo, "The player; `recovery_code` with a first passkey"
                    ),
                    **_errors("400", "401", "403", "409", "415"),
                },
            }
        },
        "/api/players/passkeys/signin/options": {
            "post": {
                "summary": "Begin signing in with a passkey",
                "responses": {"200": options, **_errors("403", "415")},
            }
        },
        "/api/players/passkeys/signin": {
            "post": {
                "summary": "Sign in with a passkey",
                "requestBody": _fields(CEREMONY),
                "responses": {"200": _body(PlayerInfo, _SIGNED_IN), **_errors("400", "403", "415")},
            }
        },
        "/api/players/me/following": {
            "get": {
                "summary": "The players this player follows, with their presence",
                "responses": {"200": _body(Following, "Followed players"), **_errors("401")},
            }
        },
        "/api/players/me/notices": {
            "get": {
                "summary": "Waiting invitations, each shown once",
                "responses": {"200": _body(Notices, "Invitations"), **_errors("401")},
            }
        },
        "/api/players/quickmatch": {
            "post": {
                "summary": "Seek a rated match of a game",
                "requestBody": _fields(GAME),
                "responses": {"200": ticket, **_errors("400", "401", "403", "404", "415")},
            }
        },
        "/api/players/quickmatch/{ticket}": {
            "get": {
                "summary": "A seeker's state (asking again may pair it)",
                "parameters": [_TICKET],
                "responses": {"200": ticket, **_errors("401", "404")},
            },
            "delete": {
                "summary": "Stop seeking",
                "parameters": [_TICKET],
                "responses": {**_NO_CONTENT, **_errors("401", "404")},
            },
        },
        "/api/players/{player}": {
            "get": {
                "summary": "A player's profile",
                "parameters": [_PLAYER],
                "responses": {"200": _body(Profile, "The profile"), **_errors("404")},
            }
        },
        **{
            f"/api/players/{{player}}/{verb}": {
                method: {
                    "summary": summary,
                    "parameters": [_PLAYER],
                    "responses": {**_NO_CONTENT, **_errors("401", "403", "404", "415")},
                }
                for method, summary in (
                    ("post", f"{verb.title()} the player"),
                    ("delete", f"Un{verb} the player"),
                )
            }
            for verb in ("follow", "block")
        },
        "/api/players/{player}/invite": {
            "post": {
                "summary": "Invite a followed player to a table where this player sits",
                "parameters": [_PLAYER],
                "requestBody": _fields(CODE),
                "responses": {**_NO_CONTENT, **_errors("400", "401", "403", "404", "415")},
            }
        },
        "/api/players/{player}/report": {
            "post": {
                "summary": "Report a player to the operators",
                "parameters": [_PLAYER],
                "requestBody": _fields(REPORT),
                "responses": {
                    "201": _body(ReportMade, "The report"),
                    **_errors("400", "401", "403", "404", "415"),
                },
            }
        },
        "/api/players/{player}/matches": {
            "get": {
                "summary": "A page of the player's finished matches, newest first",
                "parameters": [_PLAYER, _PAGE[0]],
                "responses": {"200": _body(PlayerMatches, "Matches"), **_errors("400", "404")},
            }
        },
        "/api/players/{player}/export": {
            "get": {
                "summary": "Every finished match of the player (the latest 1000), as records",
                "parameters": [_PLAYER],
                "responses": {"200": _body(PlayerExport, "A download"), **_errors("404")},
            }
        },
        "/api/leaderboards/{game}": {
            "get": {
                "summary": "The game's top players",
                "parameters": [_GAME],
                "responses": {"200": _body(Leaderboard, "Ranked players"), **_errors("404")},
            }
        },
        "/api/tables/{code}/players": {
            "get": {
                "summary": "The player behind each seat that a player holds",
                "parameters": [_CODE],
                "responses": {"200": _body(TablePlayers, "Seats"), **_errors("400")},
            }
        },
    }


OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "cardtable server",
        "version": "1",
        "description": f"Tables of {', '.join(spec.title for spec in games())}."
        " Play happens over the WebSocket /ws/{code} (see docs/protocol.md). Any status"
        " an operation does not list is a refusal (`default`).",
    },
    "paths": {
        "/api/games": {
            "get": {
                "summary": "The games, their rule options and their bots",
                "responses": {"200": _body(list[GameInfo], "Games")},
            }
        },
        "/api/tables": {
            "get": {
                "summary": "Public tables waiting for players, a page at a time (oldest first)",
                "parameters": _PAGE,
                "responses": {
                    "200": _body(list[TableStatus], "Tables"),
                    "304": {"description": "Unchanged since the `ETag` sent in If-None-Match"},
                    "400": _ERROR,
                },
            },
            "post": {
                "summary": "Create a table; the response's `code` is what players join with",
                "requestBody": _request(_ref("TableRequest")),
                "responses": {
                    "201": _body(TableStatus, "The new table"),
                    **_errors("400", "403", "408", "415", "429", "503"),
                },
            },
        },
        "/api/quickmatch": {
            "post": {
                "summary": "The oldest open quick-match table of the game, or a new one;"
                " join it by its `code` over the WebSocket",
                "requestBody": _request(_ref("QuickMatchRequest")),
                "responses": {
                    "200": _body(TableStatus, "An open table to join"),
                    "201": _body(TableStatus, "A new table, opened for this request"),
                    "400": _ERROR,
                },
            }
        },
        "/api/tables/{code}": {
            "get": {
                "summary": "A table's status (seats, names, connection, match progress)",
                "parameters": [_CODE],
                "responses": {"200": _TABLE, **_errors("404", "429", "503")},
            }
        },
        "/api/tables/{code}/matches/{number}": {
            "get": {
                "summary": "A finished match's full log, for replay",
                "parameters": [_CODE, _NUMBER],
                "responses": {
                    "200": _body(MatchRecordBody, "The match"),
                    **_errors("400", "404", "409", "429", "503"),
                },
            }
        },
        "/api/tables/{code}/matches": {
            "get": {
                "summary": "A page of the table's finished matches with their results",
                "parameters": [_CODE, *_PAGE],
                "responses": {
                    "200": _body(list[HistoryEntry], "Oldest first"),
                    **_errors("400", "404", "429"),
                },
            }
        },
        "/api/tables/{code}/matches/{number}/replay": {
            "get": {
                "summary": "A finished match step by step: each frame's view and events",
                "parameters": [_CODE, _NUMBER, _SEAT],
                "responses": {
                    "200": _body(ReplayBody, "The frames, the start first"),
                    **_errors("400", "404", "409", "429", "503"),
                },
            }
        },
        "/api/tables/{code}/matches/{number}/analysis": {
            "get": {
                "summary": "The coach's analysis of a seat: none, running (with progress) or done",
                "parameters": [_CODE, _NUMBER, _SEAT],
                "responses": {
                    "200": _body(AnalysisAnswer, "`status` none, done (with `analysis`) or failed"),
                    "202": _body(
                        AnalysisAnswer,
                        "`status` running, with `done` and `total` (and `position` while queued)",
                    ),
                    **_errors("400", "404", "409"),
                },
            },
            "post": {
                "summary": "Start the coach's analysis of a seat (or read it if done)",
                "parameters": [_CODE, _NUMBER, _SEAT],
                "responses": {
                    "200": _body(AnalysisAnswer, "Already done: `analysis`"),
                    "202": _body(AnalysisAnswer, "Running, with `done` and `total`"),
                    **_errors("400", "403", "404", "409"),
                },
            },
        },
        **_player_paths(),
    },
    "components": {"schemas": _SCHEMAS},
}


def _refusals(paths: dict[str, Any]) -> None:
    """Every API operation may be refused by the per-client pace (``api_pace``), and
    any status an operation does not list is a refusal (``default``)."""
    for path, operations in paths.items():
        for operation in operations.values():
            if path.startswith(PACED_PREFIX):
                operation["responses"].setdefault("429", _ERROR)
            operation["responses"]["default"] = _ERROR


_refusals(OPENAPI["paths"])

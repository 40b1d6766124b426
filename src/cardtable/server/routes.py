"""The HTTP API: games, tables, match logs (documented in docs/server.md and /openapi.json).

Every refusal is a JSON body ``{"error": code, "message": text}`` with a 4xx status.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from cardtable.bots.base import bot_names
from cardtable.engine.registry import games

from .errors import ProtocolError
from .lobby import Lobby
from .openapi import OPENAPI

MAX_BODY_BYTES = 16384


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


async def list_games(request: Request) -> JSONResponse:
    return JSONResponse([spec.describe() | {"bots": bot_names(spec.name)} for spec in games()])


async def list_tables(request: Request) -> JSONResponse:
    return JSONResponse(_lobby(request).open_tables())


async def create_table(request: Request) -> JSONResponse:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise ProtocolError(
                "too_large", f"a request body may be at most {MAX_BODY_BYTES} bytes"
            )
    try:
        data: Any = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("bad_json", "the request body is not valid JSON") from None
    room = await _lobby(request).create(data)
    return JSONResponse(room.status(), status_code=201)


async def table_status(request: Request) -> JSONResponse:
    return JSONResponse(await _lobby(request).status(request.path_params["code"]))


async def match_log(request: Request) -> JSONResponse:
    lobby = _lobby(request)
    code = lobby.known(request.path_params["code"])
    number = request.path_params["number"]
    match = lobby.store.match(code, number)
    if match is None:
        raise ProtocolError("no_match", f"table {code} has no match {number}", 404)
    if not match.finished:
        raise ProtocolError(
            "match_running",
            f"match {number} at table {code} is still being played;"
            " its log shows hidden cards, so it is available once the match is over",
            409,
        )
    return JSONResponse(
        {
            "code": match.code,
            "number": match.number,
            "seats": match.seats,
            "names": match.names,
            "result": match.result,
            **match.replay_record(),
        }
    )


async def openapi_schema(request: Request) -> JSONResponse:
    return JSONResponse(OPENAPI)


async def protocol_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProtocolError)
    return JSONResponse(exc.to_json(), status_code=exc.status)

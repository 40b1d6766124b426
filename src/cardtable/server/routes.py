"""The HTTP API: games, tables, match logs (documented in docs/server.md and /openapi.json).

Every refusal is a JSON body ``{"error": code, "message": text}`` with a 4xx status.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from cardtable.bots.base import bot_names
from cardtable.coach.replay import REVEALED, frames
from cardtable.engine.registry import games

from .coaching import Coaching
from .errors import ProtocolError
from .lobby import Lobby
from .openapi import OPENAPI
from .storage import MatchRecord

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
    room = _lobby(request).create(data)
    return JSONResponse(room.status(), status_code=201)


async def table_status(request: Request) -> JSONResponse:
    return JSONResponse(_lobby(request).room(request.path_params["code"]).status())


def _finished_match(request: Request) -> MatchRecord:
    """The match the path names, once it is over (its log shows every hidden card)."""
    lobby = _lobby(request)
    room = lobby.room(request.path_params["code"])
    number = request.path_params["number"]
    match = lobby.store.match(room.code, number)
    if match is None:
        raise ProtocolError("no_match", f"table {room.code} has no match {number}", 404)
    if not match.finished:
        raise ProtocolError(
            "match_running",
            f"match {number} at table {room.code} is still being played;"
            " its log shows hidden cards, so it is available once the match is over",
            409,
        )
    return match


def _seat_param(request: Request, match: MatchRecord, allow_all: bool) -> int | str:
    raw = request.query_params.get("seat", "")
    if allow_all and raw == REVEALED:
        return REVEALED
    if raw.isdigit() and int(raw) < match.players:
        return int(raw)
    choices = f"0..{match.players - 1}" + (f" or {REVEALED!r}" if allow_all else "")
    raise ProtocolError("bad_seat", f"seat must be {choices}, got {raw[:20]!r}")


async def match_log(request: Request) -> JSONResponse:
    match = _finished_match(request)
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


async def match_history(request: Request) -> JSONResponse:
    """A table's finished matches, oldest first, with their results."""
    lobby = _lobby(request)
    room = lobby.room(request.path_params["code"])
    out = []
    for number in lobby.store.finished_matches(room.code):
        match = lobby.store.match(room.code, number)
        assert match is not None
        out.append({"number": number, "names": match.names, "result": match.result})
    return JSONResponse(out)


async def match_replay(request: Request) -> JSONResponse:
    """A finished match step by step, through one seat's eyes or with every card shown."""
    match = _finished_match(request)
    viewer = _seat_param(request, match, allow_all=True)
    steps = await run_in_threadpool(frames, match.replay_record(), viewer)
    return JSONResponse(
        {
            "code": match.code,
            "number": match.number,
            "game": match.game,
            "names": match.names,
            "seats": match.seats,
            "viewer": viewer,
            "frames": steps,
        }
    )


async def match_analysis(request: Request) -> JSONResponse:
    """The coach's analysis of a seat: GET reads it, POST starts it if need be."""
    match = _finished_match(request)
    seat = _seat_param(request, match, allow_all=False)
    assert isinstance(seat, int)
    coaching: Coaching = request.app.state.coaching
    answer = coaching.request(match, seat, start=request.method == "POST")
    return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)


async def openapi_schema(request: Request) -> JSONResponse:
    return JSONResponse(OPENAPI)


async def protocol_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProtocolError)
    return JSONResponse(exc.to_json(), status_code=exc.status)

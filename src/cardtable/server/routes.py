"""The HTTP API: games, tables, match logs (documented in docs/server.md and /openapi.json).

Every refusal is a JSON body ``{"error": code, "message": text}`` with a 4xx status.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from cardtable.bots.base import bot_names
from cardtable.bots.levels import bot_choices
from cardtable.coach.replay import REVEALED
from cardtable.engine.registry import GameSpec, games

from .coaching import Coaching
from .connection import client_address
from .errors import ProtocolError
from .jsontext import dumps
from .listing import etag_matches
from .lobby import Lobby
from .openapi import OPENAPI
from .origins import check_origin
from .reads import HeavyReads, replay_body
from .responses import GameInfo, HistoryEntry, MatchRecordBody, ReplayHead
from .schema import decode_json
from .storage import MatchRecord, call, records_of

MAX_BODY_BYTES = 16384
#: Finished matches in one page of a table's history (``?limit`` may ask for fewer).
HISTORY_PAGE = 50
#: Match numbers are stored as SQLite integers (64-bit).
MAX_MATCH_NUMBER = 2**63 - 1


def _lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def _game(spec: GameSpec) -> GameInfo:
    described = spec.describe()
    return {
        "name": described["name"],
        "title": described["title"],
        "min_players": described["min_players"],
        "max_players": described["max_players"],
        "options": described["options"],
        "bots": bot_names(spec.name),
        "levels": [
            {"spec": c.spec, "title": c.title, "summary": c.summary, "plays_as": c.plays_as}
            for c in bot_choices(spec.name)
        ],
    }


async def list_games(request: Request) -> JSONResponse:
    return JSONResponse([_game(spec) for spec in games()])


def _whole_param(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise ProtocolError("bad_request", f"{name} must be a whole number, not {raw[:20]!r}")
    return int(raw)


async def list_tables(request: Request) -> Response:
    """A page of the listing as rendered bytes; 304 when the client has it already."""
    offset = _whole_param(request, "offset", 0)
    limit = _whole_param(request, "limit", _lobby(request).config.page_size)
    page = _lobby(request).listing_page(offset, limit)
    headers = {"etag": page.etag, "cache-control": "no-cache"}
    if etag_matches(request.headers.get("if-none-match"), page.etag):
        return Response(status_code=304, headers=headers)
    return Response(page.body, media_type="application/json", headers=headers)


async def _read_body(request: Request, seconds: float) -> bytes:
    """The request body, refused when too large or too slow to arrive."""
    body = b""
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY_BYTES:
                    raise ProtocolError(
                        "too_large", f"a request body may be at most {MAX_BODY_BYTES} bytes"
                    )
    except TimeoutError:
        raise ProtocolError(
            "too_slow", f"the body took over {seconds:g} s to arrive", 408
        ) from None
    return body


async def create_table(request: Request) -> JSONResponse:
    lobby = _lobby(request)
    room = await lobby.create(await _json_request(request), client_address(request))
    return JSONResponse(room.status(), status_code=201)


async def quick_match(request: Request) -> JSONResponse:
    lobby = _lobby(request)
    body, client = await _json_request(request), client_address(request)
    apart = await request.app.state.players.apart_of(request)
    status, opened = await lobby.quick_match(body, client, apart)
    return JSONResponse(status, status_code=201 if opened else 200)


async def _json_request(request: Request) -> Any:
    """The JSON body of a state-changing request from an allowed origin, or a refusal."""
    lobby = _lobby(request)
    check_origin(request, lobby.config)
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise ProtocolError("unsupported_media", "a request must be sent as application/json", 415)
    return decode_json(await _read_body(request, lobby.config.http_timeout), "the request body")


async def table_status(request: Request) -> JSONResponse:
    lobby = _lobby(request)
    return JSONResponse(await lobby.status(request.path_params["code"], client_address(request)))


async def _match_address(request: Request) -> tuple[str, int]:
    """The table code and match number the path names (the table must exist)."""
    lobby = _lobby(request)
    code = await lobby.known(request.path_params["code"], client_address(request))
    raw: str = request.path_params["number"]
    # Read here rather than by the route (whose int() of thousands of digits raised).
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 19 or int(raw) > MAX_MATCH_NUMBER:
        raise ProtocolError(
            "bad_request", f"a match number is a whole number up to {MAX_MATCH_NUMBER}"
        )
    return code, int(raw)


async def _finished_match(request: Request) -> MatchRecord:
    """The match the path names, once it is over (its log shows every hidden card)."""
    lobby = _lobby(request)
    code, number = await _match_address(request)
    match = await call(lobby.store, lobby.store.match, code, number)
    if match is None:
        raise ProtocolError("no_match", f"table {code} has no match {number}", 404)
    if not match.finished:
        raise ProtocolError(
            "match_running",
            f"match {number} at table {code} is still being played;"
            " its log shows hidden cards, so it is available once the match is over",
            409,
        )
    return match


def _seat_param(request: Request, match: MatchRecord, allow_all: bool) -> int | str:
    raw = request.query_params.get("seat", "")
    if allow_all and raw == REVEALED:
        return REVEALED
    if raw.isascii() and raw.isdigit() and len(raw) < 3 and int(raw) < match.players:
        return int(raw)
    choices = f"0..{match.players - 1}" + (f" or {REVEALED!r}" if allow_all else "")
    raise ProtocolError("bad_seat", f"seat must be {choices}, got {raw[:20]!r}")


def _record_body(match: MatchRecord) -> bytes:
    record = match.replay_record()
    body: MatchRecordBody = {
        "code": match.code,
        "number": match.number,
        "seats": match.seats,
        "names": match.names,
        "result": match.result,
        "game": record["game"],
        "players": record["players"],
        "seed": record["seed"],
        "options": record["options"],
        "log": record["log"],
    }
    return dumps(body).encode()


async def match_log(request: Request) -> Response:
    """A finished match's record: read and written once, then served from the cache
    (a finished match never changes, and a table that has one is never removed)."""
    reads: HeavyReads = request.app.state.reads
    key = ("record", *await _match_address(request))
    reads.take_share(client_address(request))
    body = reads.cache.get(key)
    if body is None:
        body = _record_body(await _finished_match(request))
        reads.cache.put(key, body)
    return Response(body, media_type="application/json")


async def match_history(request: Request) -> Response:
    """A page of a table's finished matches, oldest first, with their results: each
    page read once, then served from the cache until the table finishes another."""
    lobby = _lobby(request)
    reads: HeavyReads = request.app.state.reads
    code = await lobby.known(request.path_params["code"], client_address(request))
    offset = _whole_param(request, "offset", 0)
    limit = min(_whole_param(request, "limit", HISTORY_PAGE), HISTORY_PAGE)
    numbers = await call(lobby.store, lobby.store.finished_matches, code)
    page = tuple(numbers[offset : offset + limit])
    key = ("history", code, page)
    reads.take_share(client_address(request))
    body = reads.cache.get(key)
    if body is None:
        matches = await call(lobby.store, records_of, lobby.store, code, page)
        entries: list[HistoryEntry] = [
            {"number": m.number, "names": m.names, "result": m.result} for m in matches
        ]
        body = dumps(entries).encode()
        reads.cache.put(key, body)
    return Response(body, media_type="application/json")


async def match_replay(request: Request) -> Response:
    """A finished match step by step, through one seat's eyes or with every card shown:
    built once per match and seat, off the loop, then served from the cache (a finished
    match never changes, and a table that has one is never removed)."""
    reads: HeavyReads = request.app.state.reads
    key = ("replay", *await _match_address(request), request.query_params.get("seat", ""))
    reads.take_share(client_address(request))
    body = reads.cache.get(key)
    if body is None:
        match = await _finished_match(request)
        viewer = _seat_param(request, match, allow_all=True)
        head: ReplayHead = {
            "code": match.code,
            "number": match.number,
            "game": match.game,
            "names": match.names,
            "seats": match.seats,
        }
        body = await reads.build(key, replay_body, match.replay_record(), viewer, head)
    return Response(body, media_type="application/json")


async def match_analysis(request: Request) -> JSONResponse:
    """The coach's analysis of a seat: GET reads it, POST starts it if need be."""
    if request.method == "POST":
        check_origin(request, _lobby(request).config)
    match = await _finished_match(request)
    seat = _seat_param(request, match, allow_all=False)
    assert isinstance(seat, int)
    coaching: Coaching = request.app.state.coaching
    start = request.method == "POST"
    answer = await coaching.request(match, seat, start, client_address(request))
    return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)


async def openapi_schema(request: Request) -> JSONResponse:
    return JSONResponse(OPENAPI)


async def protocol_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProtocolError)
    return JSONResponse(exc.to_json(), status_code=exc.status)

"""The player API under ``/api/players`` (documented in docs/players.md).

Requests are those of the table API: JSON bodies from the site's own pages (the
``Origin`` check), refusals as ``{"error", "message"}``. The session is the cookie
alone; no response body ever carries it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from cardtable.engine.registry import games

from ..connection import client_address
from ..errors import ProtocolError
from ..jsontext import dumps
from ..lobby import Lobby, normal_code
from ..reads import HeavyReads
from ..responses import (
    Followed,
    Following,
    Leaderboard,
    Me,
    Notices,
    PlayerInfo,
    PlayerMatch,
    PlayerMatches,
    Profile,
    Registered,
    ReportMade,
    SeatPlayer,
    TablePlayers,
    Ticket,
)
from ..routes import _json_request, _record_body, _whole_param
from ..schema import CEREMONY, CODE, GAME, NAME, RECOVERY, REPORT, Schema, check_fields
from ..storage import Store, call
from .matchmaking import Seeker
from .passkeys import relying_party
from .service import Players
from .sessions import clear_cookie, cookie_value, set_cookie

#: Matches in one page of a player's history.
HISTORY_PAGE = 50
#: Matches in one export of a player's history, the latest.
EXPORT_LIMIT = 1000


def _players(request: Request) -> Players:
    players: Players = request.app.state.players
    return players


async def _body(request: Request, schema: Schema) -> dict[str, Any]:
    data = await _json_request(request)
    check_fields(data, schema, "the request body")
    assert isinstance(data, dict)
    return data


async def _me(request: Request) -> str:
    """The signed-in player, or a 401 refusal."""
    player = await _players(request).player_of(request)
    if player is None:
        raise ProtocolError("no_session", "this browser is not signed in as any player", 401)
    return player


def _rp(request: Request) -> tuple[str, str]:
    return relying_party(request.headers.get("origin"), request.headers.get("host"))


async def _player_json(players: Players, player_id: str) -> PlayerInfo:
    player = await players.db.run(players.accounts.get, player_id)
    if player is None:
        raise ProtocolError("no_player", "no such player", 404)
    return player.to_json()


def _signed_in(body: PlayerInfo, session: str, status: int = 200) -> JSONResponse:
    response = JSONResponse(body, status_code=status)
    set_cookie(response, session)
    return response


async def me(request: Request) -> JSONResponse:
    """This browser's player, with the open tables where it holds a seat (``tables``),
    which its invitations name."""
    players = _players(request)
    player = await _me(request)
    seats = await players.db.run(players.seats.seats_of, player)
    rooms = request.app.state.lobby.rooms
    answer: Me = {
        **await _player_json(players, player),
        "tables": sorted(code for code in seats if code in rooms),
        "rated_block_until": await players.db.run(players.fairplay.blocked_until, player),
    }
    return JSONResponse(answer)


async def guest(request: Request) -> JSONResponse:
    """Make this browser a guest player named ``name`` with a session if it has none;
    rename a guest (a registered player's name changes only by registering)."""
    players = _players(request)
    name = (await _body(request, NAME))["name"]
    player = await players.player_of(request)
    if player is not None:
        known = await _player_json(players, player)
        if known["registered"]:
            return JSONResponse(known)
        await players.db.run(players.accounts.rename, player, name)
        return JSONResponse(await _player_json(players, player))
    created = await players.db.run(players.accounts.new_guest, name)
    session = await players.db.run(players.sessions.open, created.id)
    return _signed_in(created.to_json(), session, 201)


async def delete_me(request: Request) -> Response:
    players = _players(request)
    await players.db.run(players.accounts.delete, await _me(request))
    response = Response(status_code=204)
    clear_cookie(response)
    return response


async def sign_out(request: Request) -> Response:
    players = _players(request)
    await _json_request(request)
    session = cookie_value(request)
    if session is not None:
        await players.db.run(players.sessions.revoke, session)
    response = Response(status_code=204)
    clear_cookie(response)
    return response


async def register_options(request: Request) -> JSONResponse:
    players = _players(request)
    name = (await _body(request, NAME))["name"]
    rp_id, _ = _rp(request)
    player = await _me(request)
    holder = await players.db.run(players.accounts.by_name, name)
    if holder is not None and holder.id != player:
        raise ProtocolError("name_taken", "this name is taken by a registered player", 409)
    options = await players.db.run(players.passkeys.registration_options, rp_id, player, name)
    return JSONResponse(options)


async def register(request: Request) -> JSONResponse:
    """Keep the passkey and the name; the first passkey also gets a recovery code,
    shown in this answer only."""
    players = _players(request)
    body = await _body(request, {**CEREMONY, **NAME})
    rp_id, origin = _rp(request)
    player = await _me(request)

    def keep() -> str | None:
        with players.db.transaction():
            first = players.passkeys.register(
                rp_id, origin, player, body["ceremony"], body["credential"]
            )
            players.accounts.claim_name(player, body["name"])
            return players.accounts.set_recovery(player) if first else None

    recovery = await players.db.run(keep)
    player_json = await _player_json(players, player)
    if recovery is None:
        return JSONResponse(player_json, status_code=201)
    answer: Registered = {**player_json, "recovery_code": recovery}
    return JSONResponse(answer, status_code=201)


async def sign_in_options(request: Request) -> JSONResponse:
    players = _players(request)
    await _json_request(request)
    rp_id, _ = _rp(request)
    return JSONResponse(await players.db.run(players.passkeys.sign_in_options, rp_id))


async def _switch_to(request: Request, player: str) -> JSONResponse:
    """A new session for ``player`` in this browser (its previous one revoked)."""
    players = _players(request)
    if await players.db.run(players.accounts.banned, player, time.time()):
        raise ProtocolError("banned", "this player is banned from the site", 403)
    previous = cookie_value(request)
    if previous is not None:
        await players.db.run(players.sessions.revoke, previous)
    session = await players.db.run(players.sessions.open, player)
    return _signed_in(await _player_json(players, player), session)


async def sign_in(request: Request) -> JSONResponse:
    players = _players(request)
    body = await _body(request, CEREMONY)
    rp_id, origin = _rp(request)
    player = await players.db.run(
        players.passkeys.sign_in, rp_id, origin, body["ceremony"], body["credential"]
    )
    return await _switch_to(request, player)


async def recover(request: Request) -> JSONResponse:
    """Sign in with the recovery code (used up: register a new passkey next)."""
    players = _players(request)
    code = (await _body(request, RECOVERY))["code"]
    player = await players.db.run(players.accounts.recover, code)
    if player is None:
        raise ProtocolError("bad_recovery_code", "no player has this recovery code", 400)
    return await _switch_to(request, player)


async def profile(request: Request) -> JSONResponse:
    """A player's profile: name, member since, ratings (``rating`` is the conservative
    one shown) and their history, matches played and won, favourite game, recent
    matches."""
    players = _players(request)
    player = request.path_params["player"]
    player_json = await _player_json(players, player)
    ratings = await players.db.run(players.ratings.of, player)
    stats = await players.db.run(players.profiles.profile, player)
    viewer = await players.player_of(request)
    answer: Profile = {
        **player_json,
        **stats,
        "ratings": [rating.to_json() for rating in ratings],
        "followed": viewer is not None
        and await players.db.run(players.friends.follows, viewer, player),
        "blocked": viewer is not None
        and await players.db.run(players.blocks.blocks, viewer, player),
        "left": await players.db.run(players.fairplay.leaves, player),
    }
    return JSONResponse(answer)


async def history(request: Request) -> JSONResponse:
    """A page of the player's finished matches, newest first (``?offset=``)."""
    players = _players(request)
    player = request.path_params["player"]
    await _player_json(players, player)
    offset = _whole_param(request, "offset", 0)
    rows = await players.db.run(players.profiles.matches, player, HISTORY_PAGE, offset)
    answer: PlayerMatches = {"matches": rows}
    return JSONResponse(answer)


def _records(store: Store, matches: list[PlayerMatch]) -> list[bytes]:
    records = []
    for row in matches:
        match = store.match(row["code"], row["match"])
        if match is not None and match.finished:
            records.append(_record_body(match))
    return records


async def export(request: Request) -> Response:
    """Every finished match of the player (the latest ``EXPORT_LIMIT``), each in the
    record format of ``/api/tables/{code}/matches/{number}``, as one download."""
    players = _players(request)
    lobby: Lobby = request.app.state.lobby
    reads: HeavyReads = request.app.state.reads
    player = request.path_params["player"]
    await _player_json(players, player)
    reads.take_share(client_address(request))
    rows = await players.db.run(players.profiles.matches, player, EXPORT_LIMIT)
    records = await call(lobby.store, _records, lobby.store, rows)
    body = b'{"player":' + dumps(player).encode() + b',"matches":[' + b",".join(records) + b"]}"
    disposition = f'attachment; filename="cardtable-{player}.json"'
    return Response(
        body, media_type="application/json", headers={"content-disposition": disposition}
    )


async def leaderboard(request: Request) -> JSONResponse:
    """The game's top players (see ``Ratings.leaderboard``)."""
    players = _players(request)
    game = request.path_params["game"]
    if game not in {spec.name for spec in games()}:
        raise ProtocolError("bad_request", f"there is no game {game[:20]!r}", 404)
    board = await players.db.run(players.ratings.leaderboard, game, time.time())
    answer: Leaderboard = {"game": game, "players": board}
    return JSONResponse(answer)


async def _between(
    request: Request, add: Callable[[str, str], None], remove: Callable[[str, str], None]
) -> tuple[str, str]:
    """Add the signed-in player's tie to the player in the path (or remove it: DELETE),
    the way following and blocking both do; the two players, the signed-in one first."""
    me, other = await _me(request), request.path_params["player"]
    db = _players(request).db
    if request.method == "DELETE":
        await db.run(remove, me, other)
    else:
        await _json_request(request)
        await db.run(add, me, other)
    return me, other


async def follow(request: Request) -> Response:
    friends = _players(request).friends
    await _between(request, friends.follow, friends.unfollow)
    return Response(status_code=204)


async def following(request: Request) -> JSONResponse:
    """The players this browser's player follows, each with their presence."""
    players = _players(request)
    lobby: Lobby = request.app.state.lobby
    out: list[Followed] = []
    for player, name in await players.db.run(players.friends.following, await _me(request)):
        seats = await players.db.run(players.seats.seats_of, player)
        online, table = await players.presence.where(player, seats, lobby)
        out.append({"id": player, "name": name, "online": online, "table": table})
    answer: Following = {"players": out}
    return JSONResponse(answer)


async def invite(request: Request) -> Response:
    """Invite a followed player to a table where this browser's player sits."""
    players = _players(request)
    code = normal_code((await _body(request, CODE))["code"])
    sender, player = await _me(request), request.path_params["player"]
    if player in await players.db.run(players.blocks.apart, sender):
        raise ProtocolError("blocked", "one of you has blocked the other", 403)
    await players.db.run(players.friends.invite, sender, player, code)
    return Response(status_code=204)


async def block(request: Request) -> Response:
    """Block a player (or unblock: DELETE). A block takes effect at once at this
    process's tables: no chat between the two from then on."""
    players = _players(request)
    me, other = await _between(request, players.blocks.block, players.blocks.unblock)
    lobby: Lobby = request.app.state.lobby
    for room in list(lobby.rooms.values()):
        for conn in room.conns:
            if conn.player in (me, other):
                conn.blocked = await players.db.run(players.blocks.apart, conn.player)
    return Response(status_code=204)


async def report(request: Request) -> JSONResponse:
    """Report a player to the operators, with the match it concerns (optional)."""
    players = _players(request)
    body = await _body(request, REPORT)
    reporter = await _me(request)
    code = normal_code(body["code"]) if "code" in body else None
    number = body.get("match")
    made = await players.db.run(
        players.blocks.report,
        reporter,
        request.path_params["player"],
        code,
        number,
        body["reason"],
    )
    answer: ReportMade = {"report": made}
    return JSONResponse(answer, status_code=201)


async def notices(request: Request) -> JSONResponse:
    """What waits for this browser's player (invitations, each shown once); asking
    also keeps the player online."""
    players = _players(request)
    player = await _me(request)
    await players.presence.seen(player)
    rooms = request.app.state.lobby.rooms
    invites = await players.db.run(players.friends.take_invites, player)
    for item in invites:
        room = rooms.get(item["code"])
        item["game"] = None if room is None else room.table.game
    answer: Notices = {"invites": invites}
    return JSONResponse(answer)


async def _paired(request: Request, seeker: Seeker) -> JSONResponse:
    """Pair the seeker if someone fits now: a new table for both; the ticket's state."""
    players = _players(request)
    lobby: Lobby = request.app.state.lobby

    async def new_table(game: str) -> str:
        table = {"game": game, "seats": ["human", "human"], "public": False}
        return (await lobby.create(table, client_address(request))).code

    seeker = await players.queue.pair(seeker, time.time(), new_table)
    return await _ticket_json(players, seeker)


async def _ticket_json(players: Players, seeker: Seeker) -> JSONResponse:
    """The ticket's state; a paired ticket is answered once, then forgotten."""
    if seeker.code is not None:
        await players.queue.cancel(seeker)
    answer: Ticket = {"ticket": seeker.ticket, "game": seeker.game, "code": seeker.code}
    return JSONResponse(answer)


async def rated_quick_match(request: Request) -> JSONResponse:
    """Seek a rated match of a game (see ``matchmaking``): refused while the player is
    blocked from rated play."""
    players = _players(request)
    game = (await _body(request, GAME))["game"]
    if game not in {spec.name for spec in games()}:
        raise ProtocolError("bad_request", f"there is no game {game[:20]!r}", 404)
    player = await _me(request)
    until = await players.db.run(players.fairplay.blocked_until, player)
    if until is not None:
        raise ProtocolError(
            "rated_blocked", "you left rated matches: rated play is blocked for now", 403
        )
    mu = await players.db.run(players.ratings.mu, player, game)
    apart = await players.db.run(players.blocks.apart, player)
    seeker = await players.queue.seek(player, game, mu, apart, time.time())
    return await _paired(request, seeker)


async def _ticket(request: Request) -> Seeker:
    players = _players(request)
    seeker = await players.queue.ticket(request.path_params["ticket"])
    if seeker is None or seeker.player != await _me(request):
        raise ProtocolError("bad_request", "no such quick match ticket", 404)
    return seeker


async def quick_match_ticket(request: Request) -> Response:
    """A seeker's state (paired or not: asking again may pair it), or its end (DELETE)."""
    seeker = await _ticket(request)
    if request.method == "DELETE":
        await _players(request).queue.cancel(seeker)
        return Response(status_code=204)
    if seeker.code is not None:
        return await _ticket_json(_players(request), seeker)
    return await _paired(request, seeker)


async def table_players(request: Request) -> JSONResponse:
    """The player behind each seat of a table that a player holds: id and name."""
    players = _players(request)
    code = normal_code(request.path_params["code"])
    seats = await players.db.run(players.seats.players_at, code)
    out: list[SeatPlayer] = []
    for seat, player_id in sorted(seats.items()):
        player = await players.db.run(players.accounts.get, player_id)
        if player is not None:
            out.append({"seat": seat, "player": player.to_json()})
    answer: TablePlayers = {"seats": out}
    return JSONResponse(answer)


ROUTES: list[BaseRoute] = [
    Route("/api/players/me", me, methods=["GET"]),
    Route("/api/players/me", guest, methods=["POST"]),
    Route("/api/players/me", delete_me, methods=["DELETE"]),
    Route("/api/players/signout", sign_out, methods=["POST"]),
    Route("/api/players/recover", recover, methods=["POST"]),
    Route("/api/players/passkeys/register/options", register_options, methods=["POST"]),
    Route("/api/players/passkeys/register", register, methods=["POST"]),
    Route("/api/players/passkeys/signin/options", sign_in_options, methods=["POST"]),
    Route("/api/players/passkeys/signin", sign_in, methods=["POST"]),
    Route("/api/players/me/following", following, methods=["GET"]),
    Route("/api/players/me/notices", notices, methods=["GET"]),
    Route("/api/players/quickmatch", rated_quick_match, methods=["POST"]),
    Route("/api/players/quickmatch/{ticket}", quick_match_ticket, methods=["GET", "DELETE"]),
    Route("/api/players/{player}", profile, methods=["GET"]),
    Route("/api/players/{player}/follow", follow, methods=["POST", "DELETE"]),
    Route("/api/players/{player}/invite", invite, methods=["POST"]),
    Route("/api/players/{player}/block", block, methods=["POST", "DELETE"]),
    Route("/api/players/{player}/report", report, methods=["POST"]),
    Route("/api/players/{player}/matches", history, methods=["GET"]),
    Route("/api/players/{player}/export", export, methods=["GET"]),
    Route("/api/leaderboards/{game}", leaderboard, methods=["GET"]),
    Route("/api/tables/{code}/players", table_players, methods=["GET"]),
]

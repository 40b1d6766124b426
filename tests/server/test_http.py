"""The HTTP API: games, table creation and its validation, listings, status, logs."""

import asyncio
import random

import httpx
import pytest
from starlette.routing import Route

import cardtable
from cardtable.bots import bot_names
from cardtable.server.players.routes import ROUTES as PLAYER_ROUTES

from .backends import refuse_actions
from .support import (
    GAMES,
    JSON_BODY,
    create_table,
    god_state,
    play_randomly,
    running_server,
    seat_clients,
    short_options,
)


def post(server, body, **kwargs):
    return httpx.post(f"{server.url}/api/tables", json=body, timeout=5, **kwargs)


def test_games_lists_every_registered_game_with_options_and_bots(server):
    games = httpx.get(f"{server.url}/api/games").json()
    assert [g["name"] for g in games] == GAMES
    for entry in games:
        spec = cardtable.get_game(entry["name"])
        assert entry["options"] == spec.options_type.describe()
        assert entry["bots"] == bot_names(entry["name"])
        assert "random" in entry["bots"]


BAD_TABLES = [
    ({"game": "poker", "seats": ["human"] * 2}, "unknown game 'poker'"),
    ({"game": GAMES[0], "seats": ["human"]}, "not 1"),
    ({"game": GAMES[0], "seats": ["human", "wizard"]}, "unknown bot 'wizard'"),
    ({"game": GAMES[0], "seats": ["human", 3]}, "bot spec string"),
    ({"game": GAMES[0], "seats": ["human"] * 2, "options": {"no_such": 1}}, "no_such"),
    ({"game": GAMES[0], "seats": ["human"] * 2, "turn_seconds": 0}, "turn_seconds"),
    ({"game": GAMES[0], "seats": ["human"] * 2, "bot_delay": 11}, "bot_delay"),
    ({"game": GAMES[0], "seats": ["human"] * 2, "public": "yes"}, "'public' must be true or false"),
    ({"game": GAMES[0], "seats": ["human"] * 2, "colour": "red"}, "unknown field(s): colour"),
    ({"seats": ["human"] * 2}, "missing field 'game'"),
]


@pytest.mark.parametrize(("body", "words"), BAD_TABLES)
def test_bad_table_requests_are_refused_with_the_reason(server, body, words):
    response = post(server, body)
    assert response.status_code == 400
    assert words in response.json()["message"]


def test_malformed_and_oversized_bodies_are_refused(server):
    bad = httpx.post(f"{server.url}/api/tables", content=b"{nope", headers=JSON_BODY, timeout=5)
    assert bad.status_code == 400 and bad.json()["error"] == "bad_json"
    huge = post(server, {"game": GAMES[0], "seats": ["human"] * 2, "options": {"x": "y" * 20000}})
    assert huge.status_code == 400 and huge.json()["error"] == "too_large"


def test_only_public_tables_with_free_seats_are_listed(server):
    game = GAMES[0]
    public = create_table(server, game, ["human", "human"])["code"]
    private = create_table(server, game, ["human", "human"], public=False)["code"]
    full = create_table(server, game, ["human", "random"])["code"]

    async def take_seat():
        (client,) = await seat_clients(server, full, [0])
        await client.close()

    asyncio.run(take_seat())
    listed = {t["code"] for t in httpx.get(f"{server.url}/api/tables").json()}
    assert public in listed
    assert private not in listed and full not in listed


def test_status_shows_names_never_tokens_and_unknown_tables_are_404(server):
    code = create_table(server, GAMES[0], ["human", "random"])["code"]

    async def join():
        (client,) = await seat_clients(server, code, [0])
        await client.close()
        return client.token

    token = asyncio.run(join())
    response = httpx.get(f"{server.url}/api/tables/{code.lower()}")
    assert response.status_code == 200
    status = response.json()
    assert [s["name"] for s in status["seats"]] == ["player 0", "Bot (random)"]
    assert token not in response.text
    missing = httpx.get(f"{server.url}/api/tables/ZZZZZZ")
    assert missing.status_code == 404 and "'ZZZ-ZZZ'" in missing.json()["message"]


@pytest.mark.parametrize("game", GAMES)
def test_a_match_log_is_refused_while_it_runs_and_replays_once_over(server, game):
    code = create_table(server, game, ["human", "random"], options=short_options(game))["code"]

    async def scenario():
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("state")
        running = httpx.get(f"{server.url}/api/tables/{code}/matches/1")
        result = await play_randomly(client, game, random.Random(2))
        await client.close()
        return running, result, client.token

    running, result, token = asyncio.run(scenario())
    assert running.status_code == 409 and "hidden cards" in running.json()["message"]
    assert httpx.get(f"{server.url}/api/tables/{code}/matches/2").status_code == 404
    response = httpx.get(f"{server.url}/api/tables/{code}/matches/1")
    assert response.status_code == 200 and token not in response.text
    log = response.json()
    replayed = cardtable.replay(log)
    assert replayed.is_over and replayed.totals == result["totals"] == log["result"]["totals"]
    assert log["names"] == ["player 0", "Bot (random)"]


def test_openapi_documents_every_http_route(server):
    schema = httpx.get(f"{server.url}/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) == {
        "/api/games",
        "/api/quickmatch",
        "/api/tables",
        "/api/tables/{code}",
        "/api/tables/{code}/matches/{number}",
        "/api/tables/{code}/matches",
        "/api/tables/{code}/matches/{number}/replay",
        "/api/tables/{code}/matches/{number}/analysis",
    } | {route.path for route in PLAYER_ROUTES if isinstance(route, Route)}
    assert set(schema["paths"]["/api/tables"]) == {"get", "post"}


def test_a_failed_database_write_refuses_the_action_and_changes_nothing(server):
    code = create_table(server, GAMES[0], ["human", "human"])["code"]
    trigger = f"fail_{code}"

    async def scenario():
        clients = await seat_clients(server, code, [0, 1])
        await clients[0].send({"type": "start"})
        for client in clients:
            await client.expect("state")
        mover = next(c for c in clients if c.seat in c.latest_state()["view"]["to_act"])
        action = mover.latest_state()["legal"][0]
        with refuse_actions(server.db, code, trigger):
            error = await mover.error({"type": "action", "action": action, "version": 0})
            unchanged = god_state(server.db, code)
        await mover.send_seq({"type": "action", "action": action, "version": 0})
        ack = await mover.expect("ack")
        await asyncio.gather(*(c.close() for c in clients))
        return error, unchanged, ack

    error, unchanged, ack = asyncio.run(scenario())
    assert error["error"] == "storage"
    assert unchanged.log == []
    assert ack["version"] == 1
    assert len(god_state(server.db, code).log) == 1


def test_the_web_client_is_served_at_the_root_next_to_the_api(tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<title>cardtable</title>")
    with running_server(tmp_path / "web.db", "--web", str(web), "--bot-workers", "0") as srv:
        page = httpx.get(f"{srv.url}/")
        games = httpx.get(f"{srv.url}/api/games")
    assert page.status_code == 200 and "<title>cardtable</title>" in page.text
    assert games.status_code == 200

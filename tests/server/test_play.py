"""Whole matches through the server: several clients and bots, spectators, rematches."""

import asyncio
import random

import httpx
import pytest

from cardtable.bots import bot_names

from .support import (
    GAMES,
    Client,
    create_table,
    god_state,
    play_randomly,
    players,
    seat_clients,
    short_options,
    wait_for_status,
)


@pytest.mark.parametrize("game", GAMES)
def test_full_matches_with_clients_bots_spectator_and_rematch(server, game):
    n = players(game)
    bot = "heuristic" if "heuristic" in bot_names(game) else "random"
    seats = ["human"] * (n - 1) + [bot]
    table = create_table(server, game, seats, options=short_options(game))
    code = table["code"]

    async def scenario():
        clients = await seat_clients(server, code, list(range(n - 1)))
        watcher = await Client.open(server, code)
        await watcher.send({"type": "spectate"})
        assert (await watcher.expect("welcome"))["seat"] is None
        watching = asyncio.create_task(watcher.collect("match_result", 2))
        await clients[0].send({"type": "start"})
        rng = random.Random(7)
        for number in (1, 2):
            results = await asyncio.gather(*(play_randomly(c, game, rng) for c in clients))
            assert all(r["match"] == number for r in results)
            final = god_state(server.db, code, number)
            assert final.is_over
            for result in results:
                assert result["totals"] == final.totals
                assert result["winners"] == final.winners
            if number == 1:
                for client in clients:
                    await client.send({"type": "rematch"})
        await watching
        spectated = [m for m in watcher.received if m["type"] == "state"]
        await asyncio.gather(*(c.close() for c in [*clients, watcher]))
        return clients, spectated

    clients, spectated = asyncio.run(scenario())
    for client in clients:
        rounds = [m for m in client.received if m["type"] == "round_result"]
        assert [r["match"] for r in rounds].count(1) >= 1
    assert spectated and all(m["legal"] == [] for m in spectated)
    assert all("audience" not in e for m in spectated for e in m["events"])
    status = httpx.get(f"{server.url}/api/tables/{code}").json()
    assert status["finished_matches"] == [1, 2]
    assert status["status"] == "finished"


def test_rejoin_after_a_dropped_connection_keeps_the_seat(server):
    game = GAMES[0]
    n = players(game)
    table = create_table(server, game, ["human"] * n)
    code = table["code"]

    async def scenario():
        clients = await seat_clients(server, code, list(range(n)))
        await clients[0].send({"type": "start"})
        state = await clients[0].expect("state")
        token = clients[0].token
        await clients[0].close()
        status = wait_for_status(server, code, lambda s: not s["seats"][0]["connected"])
        back = await Client.open(server, code)
        await back.send({"type": "rejoin", "token": token})
        welcome = await back.expect("welcome")
        again = await back.expect("state")
        await asyncio.gather(*(c.close() for c in [back, *clients[1:]]))
        return state, status, welcome, again

    state, status, welcome, again = asyncio.run(scenario())
    assert welcome["seat"] == 0 and "token" not in welcome
    assert again["version"] == state["version"] and again["view"] == state["view"]
    assert again["legal"] == state["legal"]
    assert status["seats"][0]["connected"] is False and status["seats"][0]["taken"]


@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_bots_plays_by_itself_for_spectators(server, game):
    n = players(game)
    table = create_table(server, game, ["random"] * n, options=short_options(game))
    assert table["status"] == "playing"

    async def watch():
        watcher = await Client.open(server, table["code"])
        await watcher.send({"type": "spectate"})
        welcome = await watcher.expect("welcome")
        await watcher.expect("state")
        if welcome["table"]["status"] == "playing":
            await watcher.collect("match_result", 1)
        await watcher.close()
        return watcher

    watcher = asyncio.run(watch())
    final = god_state(server.db, table["code"])
    assert final.is_over
    results = [m for m in watcher.received if m["type"] == "match_result"]
    assert all(r["totals"] == final.totals for r in results)
    assert watcher.latest_state()["view"] == final.view(None)
    assert {seat for seat, _ in final.log} - {-1} == set(range(n))

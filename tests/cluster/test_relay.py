"""Players of one table on different processes of a site play a whole match, and the
relay carries nothing a seat may not know."""

import asyncio
import random

import httpx
import pytest

from tests.server.support import (
    GAMES,
    Client,
    create_table,
    play_randomly,
    players,
    short_options,
    wait_for_status,
)
from tests.server.test_leaks import check_seat

from .support import running_site


@pytest.mark.parametrize("game", GAMES)
def test_players_on_three_processes_play_a_whole_match_through_the_relay(
    tmp_path, postgres, redis_server, game
):
    n = players(game)
    with running_site(tmp_path, postgres, redis_server) as site:
        code = create_table(site.nodes[0], game, ["human"] * n, options=short_options(game))["code"]

        async def scenario():
            clients = []
            for seat in range(n):  # seat i on node i: most seats are relayed
                client = await Client.open(site.nodes[seat % 3], code)
                await client.join(f"player {seat}", seat)
                clients.append(client)
            watcher = await Client.open(site.nodes[1], code)
            await watcher.send({"type": "spectate"})
            await watcher.expect("welcome")
            watching = asyncio.create_task(watcher.collect("match_result", 1))
            await clients[-1].send({"type": "start"})
            rng = random.Random(7)
            results = await asyncio.gather(*(play_randomly(c, game, rng) for c in clients))
            await watching
            await asyncio.gather(*(c.close() for c in [*clients, watcher]))
            return [*clients, watcher], results

        connections, results = asyncio.run(scenario())
        finished = lambda status: status["status"] == "finished"  # noqa: E731
        statuses = [wait_for_status(node, code, finished) for node in site.nodes]
        checked = [check_seat(site.db, code, c.seat, c.received) for c in connections]
    assert all(r["totals"] == results[0]["totals"] for r in results)
    assert all(count > 0 for count in checked)
    tokens = {c.seat: c.token for c in connections if c.token}
    for client in connections:
        text = str(client.received)
        assert not any(t in text for s, t in tokens.items() if s != client.seat)
    # every process answers for the table, from the owner's status published each tick
    assert [s["finished_matches"] for s in statuses] == [[1]] * 3


def test_open_tables_and_spectator_counts_are_the_same_on_every_process(
    tmp_path, postgres, redis_server
):
    game = GAMES[0]
    with running_site(tmp_path, postgres, redis_server) as site:
        codes = [create_table(node, game, ["human", "human"])["code"] for node in site.nodes]

        async def scenario():
            watchers = []
            for i, code in enumerate(codes):  # i + 1 spectators, on other nodes
                for k in range(i + 1):
                    watcher = await Client.open(site.nodes[(i + k + 1) % 3], code)
                    await watcher.send({"type": "spectate"})
                    await watcher.expect("welcome")
                    watchers.append(watcher)
            await asyncio.sleep(1.0)  # a tick publishes the statuses
            listed = [httpx.get(f"{node.url}/api/tables", timeout=5).json() for node in site.nodes]
            await asyncio.gather(*(w.close() for w in watchers))
            return listed

        listed = asyncio.run(scenario())
    for tables in listed:
        counts = {t["code"]: t["spectators"] for t in tables}
        assert counts == {code: i + 1 for i, code in enumerate(codes)}


def test_quick_match_requests_on_different_processes_meet_at_one_table(
    tmp_path, postgres, redis_server
):
    game = GAMES[0]
    request = {"game": game, "players": 2, "wait_seconds": 60}
    with running_site(tmp_path, postgres, redis_server) as site:
        first = httpx.post(f"{site.nodes[0].url}/api/quickmatch", json=request, timeout=5)

        async def sit(node, code):
            client = await Client.open(node, code)
            await client.join("first")
            return client

        async def scenario():
            seated = await sit(site.nodes[0], first.json()["code"])
            await asyncio.sleep(1.0)  # a tick lists the table site-wide
            second = httpx.post(f"{site.nodes[2].url}/api/quickmatch", json=request, timeout=5)
            other = await sit(site.nodes[2], second.json()["code"])
            state = await other.expect("state")  # the full table started by itself
            await asyncio.gather(seated.close(), other.close())
            return second, state

        second, state = asyncio.run(scenario())
    assert first.status_code == 201 and second.status_code == 200
    assert second.json()["code"] == first.json()["code"]
    assert state["match"] == 1

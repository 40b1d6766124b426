"""Redis and PostgreSQL go away under a running site, and the site carries on.

Redis restarted (losing every key: the test's Redis keeps nothing on disk) after a
short and a long outage: a player whose socket is on another process than the
table's acts while Redis is away, and once it is back the action is acknowledged and
seen by the other player, and play goes on through the relay.
Redis paused (SIGSTOP) for 5 s: a table played on one process keeps acknowledging
its actions promptly, while requests on that same process wait on Redis. PostgreSQL
restarted: play goes on, and every acknowledged action is in the database. In each
outage every process says it is not ready, and ready again after.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from pathlib import Path

import httpx
import pytest

from cardtable.server.cluster.relay import HOLD_SECONDS
from tests.server.support import GAMES, Client, Server, create_table, god_state, pick
from tests.server.test_metrics import figures, value
from tests.server.test_restart import act_and_record, human_to_act
from tests.services import Postgres, Redis, running_postgres, running_redis

from .support import LEASE_SECONDS, Site, running_site

GAME = GAMES[0]
#: Options for a match that outlasts every action a test plays.
LONG = {"target_score": 1000}
#: Seconds a site has to be ready again once the part is back.
RECOVERY_SECONDS = 4 * LEASE_SECONDS


@pytest.fixture
def own_redis(tmp_path: Path):
    """A Redis of this test's own, to restart and pause."""
    with running_redis(tmp_path / "redis") as server:
        yield server


@pytest.fixture
def own_postgres():
    """A PostgreSQL cluster of this test's own, to restart."""
    with running_postgres() as server:
        yield server


async def ready(node: Server) -> bool:
    async with httpx.AsyncClient(timeout=2) as http:
        response = await http.get(f"{node.url}/readyz")
    assert response.status_code == (200 if response.json()["ready"] else 503)
    return bool(response.json()["ready"])


async def wait_ready(site: Site, want: bool, seconds: float = RECOVERY_SECONDS) -> float:
    """Wait until every node's readiness is ``want``; returns how long it took."""
    started = time.monotonic()
    while [await ready(node) for node in site.nodes] != [want] * len(site.nodes):
        assert time.monotonic() - started < seconds, f"readiness never became {want}"
        await asyncio.sleep(0.1)
    return time.monotonic() - started


async def seat_two(site: Site, code: str, nodes: tuple[int, int]) -> list[Client]:
    clients = []
    for seat, node in enumerate(nodes):
        client = await Client.open(site.nodes[node], code)
        await client.join(f"player {seat}", seat)
        clients.append(client)
    await clients[0].send({"type": "start"})
    for client in clients:
        await client.expect("state")
    return clients


async def until_seat_acts(clients: list[Client], seat: int, rng: random.Random) -> list:
    """Acknowledged actions until one by ``seat`` (each seen by every client)."""
    acked = []
    while not any(s == seat for _, s, _ in acked):
        acked += await act_and_record(clients, GAME, 1, rng)
    return acked


async def until_alone_to_act(clients: list[Client], seat: int, rng: random.Random) -> list:
    """Acknowledged actions until ``seat`` alone may act, with no window open (so
    nothing but its own action changes the match)."""
    acked = []
    while True:
        await human_to_act(clients)
        view = clients[0].latest_state()["view"]
        if view["to_act"] == [seat] and not view.get("window"):
            return acked
        acked += await act_and_record(clients, GAME, 1, rng)


def outage_lines(node: Server, part: str) -> tuple[int, int]:
    text = node.log.read_text()
    return text.count(f"{part} unavailable"), text.count(f"{part} available again")


@pytest.mark.slow
@pytest.mark.parametrize("outage", [0.2, 5.0])
def test_redis_restarted_mid_match_the_relayed_player_plays_on(
    tmp_path, postgres, own_redis: Redis, outage
):
    rng = random.Random(int(outage * 10))
    with running_site(tmp_path, postgres, own_redis, 2) as site:
        code = create_table(site.nodes[0], GAME, ["human", "human"], options=LONG)["code"]
        assert site.owner(code) is site.nodes[0]

        async def scenario():
            # seat 1's socket is on the other process: each of its messages is relayed
            clients = await seat_two(site, code, (0, 1))
            acked = await until_seat_acts(clients, 1, rng)
            acked += await until_alone_to_act(clients, 1, rng)
            state = clients[1].latest_state()
            action = pick(GAME, state["legal"], rng)
            own_redis.stop()
            await asyncio.sleep(outage)
            said = await wait_ready(site, False) if outage > 1 else 0.0
            # sent while Redis is away: the edge holds it until the owner listens again
            seq = await clients[1].send_seq(
                {"type": "action", "action": action, "version": state["version"]}
            )
            own_redis.start()
            ack = await clients[1].expect("ack", timeout=HOLD_SECONDS)
            assert ack["seq"] == seq
            while clients[0].latest_state()["version"] < ack["version"]:  # seen by seat 0
                await clients[0].expect("state")
            acked.append((ack["version"], 1, action))
            took = await wait_ready(site, True)
            acked += await until_seat_acts(clients, 1, rng)  # and play goes on both ways
            await asyncio.gather(*(c.close() for c in clients))
            return acked, said, took

        acked, said, took = asyncio.run(scenario())
        final = god_state(site.db, code)
        lines = [outage_lines(node, "redis") for node in site.nodes]
        starts = [node.log.read_text().count(" unavailable: ") for node in site.nodes]
        scraped = [figures(httpx.get(f"{node.url}/metrics").text) for node in site.nodes]
    for version, seat, action in acked:
        assert final.log[version - 1][0] == seat
        assert final.log[version - 1][1].to_json() == action
    assert took < RECOVERY_SECONDS
    # the owner kept its lease, and no relayed message was dropped
    assert [value(f, "cardtable_leases_held") for f in scraped] == [1, 0]
    assert [value(f, "cardtable_leases_lost_total") for f in scraped] == [0, 0]
    assert [value(f, "cardtable_relay_publish_failures_total") for f in scraped] == [0, 0]
    assert value(scraped[0], "cardtable_actions_acknowledged_total") == len(acked)
    if outage > 1:  # long enough to be noticed: said once, and its end once
        assert said < outage
        assert lines == [(1, 1)] * 2
        assert starts == [1, 1]  # and nothing else said it


@pytest.mark.slow
def test_redis_paused_a_local_table_keeps_acknowledging_promptly(
    tmp_path, postgres, own_redis: Redis
):
    rng = random.Random(5)
    assert own_redis.proc is not None
    with running_site(tmp_path, postgres, own_redis, 2) as site:
        local = create_table(site.nodes[0], GAME, ["human", "human"], options=LONG)["code"]
        elsewhere = create_table(site.nodes[1], GAME, ["human", "human"])["code"]
        assert site.owner(local) is site.nodes[0]
        assert site.owner(elsewhere) is site.nodes[1]
        node = site.nodes[0]

        async def waiting_on_redis(http: httpx.AsyncClient) -> None:
            """Requests to process 0 that need Redis (a table it does not serve)."""
            while True:
                await asyncio.gather(
                    http.get(f"/api/tables/{elsewhere}"),
                    http.post("/api/quickmatch", json={"game": GAME, "players": 2}),
                    return_exceptions=True,
                )

        async def scenario():
            clients = await seat_two(site, local, (0, 0))
            await act_and_record(clients, GAME, 2, rng)
            latencies = []
            os.kill(own_redis.proc.pid, signal.SIGSTOP)
            try:
                async with httpx.AsyncClient(base_url=node.url, timeout=30) as http:
                    load = asyncio.create_task(waiting_on_redis(http))
                    await asyncio.sleep(0.3)  # the requests are waiting on Redis
                    paused = time.monotonic()
                    while time.monotonic() - paused < 5.0:
                        sent = time.monotonic()  # acknowledged, and seen by both players
                        await act_and_record(clients, GAME, 1, rng)
                        latencies.append(time.monotonic() - sent)
                    readiness = await ready(node)
                    load.cancel()
            finally:
                os.kill(own_redis.proc.pid, signal.SIGCONT)
            await wait_ready(site, True)
            after = await act_and_record(clients, GAME, 2, rng)
            await asyncio.gather(*(c.close() for c in clients))
            return latencies, readiness, after

        latencies, readiness, after = asyncio.run(scenario())
    assert len(latencies) >= 10
    assert max(latencies) < 1.0, latencies
    assert readiness is False
    assert len(after) == 2


@pytest.mark.slow
def test_postgres_restarted_play_goes_on_and_nothing_acknowledged_is_lost(
    tmp_path, own_postgres: Postgres, redis_server: Redis
):
    rng = random.Random(11)
    with running_site(tmp_path, own_postgres, redis_server, 2) as site:
        code = create_table(site.nodes[0], GAME, ["human", "human"], options=LONG)["code"]

        async def scenario():
            clients = await seat_two(site, code, (0, 1))
            acked = await act_and_record(clients, GAME, 3, rng)
            own_postgres.halt()
            said = await wait_ready(site, False)
            mover = await human_to_act(clients)
            action = pick(GAME, mover.latest_state()["legal"], rng)
            await mover.send_seq({"type": "action", "action": action})
            while (refused := await mover.recv())["type"] not in ("ack", "error"):
                pass
            own_postgres.resume()
            took = await wait_ready(site, True)
            # the first action after the outage is stored at once (no dead connection)
            acked += await act_and_record(clients, GAME, 6, rng)
            await asyncio.gather(*(c.close() for c in clients))
            return acked, said, refused, took

        acked, said, refused, took = asyncio.run(scenario())
        final = god_state(site.db, code)
        lines = [outage_lines(node, "storage") for node in site.nodes]
    assert refused["type"] == "error" and refused["error"] == "storage"
    assert len(acked) == 9
    for version, seat, action in acked:
        assert final.log[version - 1][0] == seat
        assert final.log[version - 1][1].to_json() == action
    assert said < RECOVERY_SECONDS and took < RECOVERY_SECONDS
    assert lines == [(1, 1)] * 2

"""/metrics during play: the counters of acks, storage writes, bot decisions and
collector pauses move, and the gauges name the open tables and sockets by game;
/healthz and /readyz answer."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.server.support import (
    GAMES,
    TEST_SETTINGS,
    Client,
    create_table,
    play_randomly,
    running_server,
    short_options,
)

DOCS = Path(__file__).parents[2] / "docs"

Figures = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def figures(text: str) -> Figures:
    """Every sample of an exposition, by name and labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(found: Figures, name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def total(found: Figures, name: str) -> float:
    """The sum of a sample over all its labels."""
    return sum(v for (n, _), v in found.items() if n == name)


async def scrape(http: httpx.AsyncClient) -> Figures:
    response = await http.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return figures(response.text)


def test_metrics_move_during_play(tmp_path):
    game = GAMES[0]
    with running_server(tmp_path / "m.db", *TEST_SETTINGS) as server:

        async def scenario():
            async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
                before = await scrape(http)
                code = create_table(server, game, ["human", "human"], options=short_options(game))[
                    "code"
                ]
                clients = [await Client.open(server, code) for _ in range(2)]
                for seat, client in enumerate(clients):
                    await client.join(f"player {seat}", seat)
                await clients[1].send({"type": "start"})
                rng = random.Random(3)
                play = asyncio.gather(*(play_randomly(c, game, rng) for c in clients))
                during = await scrape(http)
                while value(during, "cardtable_actions_acknowledged_total") < 2:
                    await asyncio.sleep(0.02)
                    during = await scrape(http)
                await play
                bots = create_table(server, game, ["random", "random"])["code"]
                after = await scrape(http)
                while total(after, "cardtable_bot_decision_seconds_count") < 3:
                    await asyncio.sleep(0.05)
                    after = await scrape(http)
                acked = sum(1 for c in clients for m in c.received if m["type"] == "ack")
                await asyncio.gather(*(c.close() for c in clients))
                health = await http.get("/healthz")
                ready = await http.get("/readyz")
                return before, during, after, acked, bots, health, ready

        before, during, after, acked, bots, health, ready = asyncio.run(scenario())

    assert value(before, "cardtable_actions_acknowledged_total") == 0
    assert value(before, "cardtable_open_tables", game=game) == 0
    # during play: the table and both sockets are counted, acks are timed
    assert value(during, "cardtable_open_tables", game=game) == 1
    assert value(during, "cardtable_table_connections", game=game) == 2
    assert value(during, "cardtable_sockets") == 2
    assert value(during, "cardtable_ack_seconds_count") >= 2
    # after: every ack a client got is counted once, each after a timed write
    assert value(after, "cardtable_actions_acknowledged_total") == acked
    assert value(after, "cardtable_ack_seconds_count") == acked
    assert value(after, "cardtable_ack_seconds_sum") > 0
    writes = value(after, "cardtable_storage_write_seconds_count", method="append_action")
    assert writes >= acked
    assert value(after, "cardtable_storage_write_seconds_count", method="start_match") >= 1
    assert total(after, "cardtable_storage_write_failures_total") == 0
    # the bots' table: its decisions went through the pool, which is idle again
    assert value(after, "cardtable_open_tables", game=game) == 2
    assert total(after, "cardtable_bot_decision_seconds_count") >= 3
    assert ("cardtable_bot_pool_queue", ()) in after
    assert total(after, "cardtable_gc_pause_seconds_count") > 0
    assert bots
    assert health.status_code == 200 and health.text == "ok"
    assert ready.status_code == 200
    assert ready.json() == {"ready": True, "checks": {"storage": True}}
    # what the deployment guide and the dashboard name is what the server exports
    exported = {name for name, _ in after}
    documented = set(re.findall(r"`(cardtable_[a-z_]+)", (DOCS / "deploy.md").read_text()))
    charted = set(re.findall(r"cardtable_[a-z_]+", (DOCS / "grafana-dashboard.json").read_text()))
    assert documented and charted
    assert {n for n in documented if n not in exported and f"{n}_count" not in exported} == set()
    assert charted - exported == set()

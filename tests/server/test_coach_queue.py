"""Analyses wait their turn in a queue with their place shown, and each client address
has one at a time, over real HTTP."""

from __future__ import annotations

import asyncio
import random

import httpx

from .support import (
    TEST_SETTINGS,
    Server,
    create_table,
    play_randomly,
    running_server,
    seat_clients,
)


def finished_cactus_match(server: Server) -> str:
    """A Cactus match of three rounds between a person (playing at random) and a
    heuristic bot: enough decisions that analysing one seat takes a while."""
    code = create_table(server, "cactus", ["human", "heuristic"], options={"rounds": 3})["code"]

    async def scenario() -> None:
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("state")
        await play_randomly(client, "cactus", random.Random(7))
        await client.close()

    asyncio.run(scenario())
    return code


def post_from(address: str, url: str, seat: int) -> httpx.Response:
    with httpx.Client(transport=httpx.HTTPTransport(local_address=address)) as client:
        return client.post(url, params={"seat": seat}, timeout=30)


def test_analyses_past_the_running_ones_queue_and_one_address_has_one(tmp_path) -> None:
    with running_server(tmp_path / "queue.db", *TEST_SETTINGS) as server:
        codes = [finished_cactus_match(server) for _ in range(2)]
        urls = [f"{server.url}/api/tables/{code}/matches/1/analysis" for code in codes]
        first = post_from("127.0.0.2", urls[0], 0)
        second_of_first = post_from("127.0.0.2", urls[0], 1)
        others = [
            post_from("127.0.0.3", urls[1], 0),
            post_from("127.0.0.4", urls[1], 1),
            post_from("127.0.0.5", urls[0], 1),
        ]
        queued = httpx.get(urls[0], params={"seat": 1}, timeout=30).json()
    assert first.status_code == 202
    assert second_of_first.status_code == 429
    assert second_of_first.json()["error"] == "coach_busy"
    # Two run; the next ones wait in the queue, told their place, instead of being refused.
    assert [answer.status_code for answer in others] == [202, 202, 202]
    assert others[2].json()["position"] in (1, 2)
    assert queued["status"] in ("running", "done")

"""A Last Card table under the house rules, through the server: people and a bot race
in its windows, and what a challenge or a 7-0 shows reaches its seat alone."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import cardtable

from .backends import stored_match
from .support import Server, create_table, play_randomly, seat_clients

HOUSE = {
    "jump_in": True,
    "seven_zero": True,
    "challenge_plus_four": True,
    "catch_missed_call": True,
    "target_score": 0,
}
PRIVATE = ("challenged_hand", "hand", "deal", "drawn")


def test_people_and_a_bot_play_a_house_rules_match_and_see_only_their_own_hands(
    server: Server,
) -> None:
    code = create_table(
        server, "lastcard", ["human", "human", "heuristic"], bot_delay=0, options=HOUSE
    )["code"]

    async def scenario() -> list[list[dict]]:
        clients = await seat_clients(server, code, [0, 1])
        await clients[0].send({"type": "start"})
        for client in clients:
            await client.expect("state")
        await asyncio.gather(
            *(play_randomly(c, "lastcard", random.Random(seat)) for seat, c in enumerate(clients))
        )
        for client in clients:
            await client.close()
        return [client.received for client in clients]

    # A thread of its own: a browser test run earlier may hold this thread's event loop.
    with ThreadPoolExecutor(1) as pool:
        received = pool.submit(asyncio.run, scenario()).result()
    record = stored_match(server.db, code, 1)
    final = cardtable.replay(record)
    assert final.is_over and final.card_count() == 108
    kinds = {action["type"] for _, action in record["log"]}
    assert kinds & {"pass", "catch", "swap_with", "challenge", "close_window"}
    for seat, messages in enumerate(received):
        events = [e for m in messages if m["type"] == "state" for e in m.get("events", ())]
        assert events, "no events reached the seat"
        for event in events:
            if event["type"] in PRIVATE:
                assert event["audience"] == [seat]
        for m in messages:
            if m["type"] == "state" and m["view"]["phase"] != "over":
                assert m["view"]["you"] == seat and "hands" not in m["view"]

"""A rated match played through the server: two people with sessions at a table of
the standard rules; their ratings move once, as the library computes them, and show
on their profiles."""

from __future__ import annotations

import asyncio
import random

import pytest
from websockets.asyncio.client import connect

from cardtable.server.players.ratings import MODEL

from .browsers import Browser
from .support import Client, create_table, play_randomly

GAME = "skyjo"


@pytest.mark.slow
def test_two_people_at_a_standard_table_are_rated_once(server):
    ann, bob = Browser(server), Browser(server)
    players = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]
    code = create_table(server, GAME, ["human", "human"])["code"]

    async def play() -> list[dict[str, object]]:
        clients = []
        for browser, name in ((ann, "Ann"), (bob, "Bob")):
            ws = await connect(server.ws_url(code), additional_headers=browser.ws_headers())
            clients.append(Client(ws))
            await clients[-1].join(name)
        await clients[0].send({"type": "start"})
        for client in clients:
            await client.expect("state")
        rng = random.Random(11)
        results = await asyncio.gather(*(play_randomly(c, GAME, rng) for c in clients))
        for client in clients:
            await client.close()
        return results

    result = asyncio.run(play())[0]
    totals, winners = result["totals"], result["winners"]
    assert isinstance(totals, list) and isinstance(winners, list)
    ranks = [
        1 + sum((o not in winners, totals[o]) < (s not in winners, totals[s]) for o in (0, 1))
        for s in (0, 1)
    ]
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=ranks)
    for seat, browser in enumerate((ann, bob)):
        profile = browser.request("GET", f"/api/players/{players[seat]}").json()
        (rating,) = profile["ratings"]
        assert rating["game"] == GAME and rating["matches"] == 1 and rating["provisional"]
        assert (rating["mu"], rating["sigma"]) == (expected[seat][0].mu, expected[seat][0].sigma)

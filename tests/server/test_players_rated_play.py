"""A rated match played through the server: two people with sessions at a table of
the standard rules; their ratings move once, as the library computes them, and show
on their profiles."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from websockets.asyncio.client import connect

from cardtable.server.players.ratings import MODEL

from .backends import _rows, execute
from .browsers import Browser
from .support import Client, Server, create_table, play_randomly

GAME = "skyjo"


async def _play(server: Server, browsers: tuple[Browser, Browser], code: str) -> dict[str, object]:
    """Two people seated with their sessions play the match out: its final result."""
    clients = []
    for browser, name in zip(browsers, ("Ann", "Bob"), strict=True):
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
    return results[0]


def _expected(result: dict[str, object]) -> list[Any]:
    """Both people's ratings after the match, as the library computes them."""
    totals, winners = result["totals"], result["winners"]
    assert isinstance(totals, list) and isinstance(winners, list)
    ranks = [
        1 + sum((o not in winners, totals[o]) < (s not in winners, totals[s]) for o in (0, 1))
        for s in (0, 1)
    ]
    return [r for [r] in MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=ranks)]


def _rating(browser: Browser, player: str) -> dict[str, Any]:
    (rating,) = browser.request("GET", f"/api/players/{player}").json()["ratings"]
    return dict(rating)


@pytest.mark.slow
def test_two_people_at_a_standard_table_are_rated_once(server):
    ann, bob = Browser(server), Browser(server)
    players = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]
    code = create_table(server, GAME, ["human", "human"])["code"]
    expected = _expected(asyncio.run(_play(server, (ann, bob), code)))
    for seat, browser in enumerate((ann, bob)):
        rating = _rating(browser, players[seat])
        assert rating["game"] == GAME and rating["matches"] == 1 and rating["provisional"]
        assert (rating["mu"], rating["sigma"]) == (expected[seat].mu, expected[seat].sigma)


@pytest.mark.slow
def test_a_rated_match_killed_before_its_settlement_is_rated_once_after_restarts(tmp_path):
    db = tmp_path / "rated.db"
    server = Server(db, "--bot-workers", "1", "--rate", "1000", "--bot-delay", "0").start()
    try:
        ann, bob = Browser(server), Browser(server)
        players = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]
        code = create_table(server, GAME, ["human", "human"])["code"]
        # the settlement fails, as a crash right after the last action would leave it
        execute(db, "ALTER TABLE settled RENAME TO settled_away")
        execute(db, "CREATE VIEW settled AS SELECT 'x' AS code, 0 AS number, 0 AS rated")
        expected = _expected(asyncio.run(_play(server, (ann, bob), code)))
        assert ann.request("GET", f"/api/players/{players[0]}").json()["ratings"] == []
        server.kill()
        execute(db, "DROP VIEW settled")
        execute(db, "ALTER TABLE settled_away RENAME TO settled")
        for restart in range(3):
            server.start()
            for seat, browser in enumerate((ann, bob)):
                rating = _rating(browser, players[seat])
                assert rating["matches"] == 1, f"after restart {restart}"
                assert (rating["mu"], rating["sigma"]) == (expected[seat].mu, expected[seat].sigma)
            if restart < 2:
                server.kill()
        rows = _rows(db, "SELECT COUNT(*) FROM rating_history", ())
        assert rows == [(2,)]
        settled = _rows(db, "SELECT rated FROM settled WHERE code = %s", (code,))
        assert [bool(r) for (r,) in settled] == [True]
    finally:
        server.stop()

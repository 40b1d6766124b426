"""A rated match on a site whose owner dies between the last action and the
settlement: the surviving processes settle it, once, without any restart; and two
processes settling the same match at the same moment rate it once."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest

from cardtable.server.players.database import Database
from cardtable.server.players.seats import Finished, Seats
from cardtable.server.players.service import SWEEP_LEASES
from cardtable.server.stores import open_store
from tests.server.backends import _rows, execute
from tests.server.browsers import Browser
from tests.server.support import create_table
from tests.server.test_players_rated_play import GAME, _expected, _play, _rating

from .support import LEASE_SECONDS, running_site

#: Long enough for the lease to lapse and two sweeps of each survivor to pass.
SETTLED_WITHIN = 2 * SWEEP_LEASES * LEASE_SECONDS + 3 * LEASE_SECONDS + 10


def _wait_for_rating(browser: Browser, player: str) -> list[dict[str, Any]]:
    deadline = time.monotonic() + SETTLED_WITHIN
    while True:
        ratings = browser.request("GET", f"/api/players/{player}").json()["ratings"]
        if ratings or time.monotonic() > deadline:
            return list(ratings)
        time.sleep(0.5)


@pytest.mark.slow
def test_a_rated_match_whose_owner_dies_before_settling_is_settled_once_by_the_others(
    tmp_path, postgres, redis_server
):
    with running_site(tmp_path, postgres, redis_server) as site:
        code = create_table(site.nodes[0], GAME, ["human", "human"])["code"]
        owner = site.owner(code)
        assert owner is not None
        survivors = [node for node in site.nodes if node is not owner]
        # seated through a survivor, relayed to the owner
        ann, bob = Browser(survivors[0]), Browser(survivors[0])
        players = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]
        # the settlement fails, as a crash right after the last action would leave it
        execute(site.db, "ALTER TABLE settled RENAME TO settled_away")
        execute(site.db, "CREATE VIEW settled AS SELECT 'x' AS code, 0 AS number, 0 AS rated")
        expected = _expected(asyncio.run(_play(survivors[0], (ann, bob), code)))
        assert ann.request("GET", f"/api/players/{players[0]}").json()["ratings"] == []
        owner.kill()  # SIGKILL, and nobody takes its place: the survivors run on
        execute(site.db, "DROP VIEW settled")
        execute(site.db, "ALTER TABLE settled_away RENAME TO settled")
        for seat, browser in enumerate((ann, bob)):
            assert len(_wait_for_rating(browser, players[seat])) == 1
        # both survivors sweep for a while longer: the match stays rated once
        time.sleep(2 * SWEEP_LEASES * LEASE_SECONDS)
        for seat, browser in enumerate((ann, bob)):
            rating = _rating(browser, players[seat])
            assert rating["matches"] == 1
            assert (rating["mu"], rating["sigma"]) == (expected[seat].mu, expected[seat].sigma)
        history = _rows(site.db, "SELECT player_id FROM rating_history WHERE code = %s", (code,))
        assert sorted(p for (p,) in history) == sorted(players)
        settled = _rows(site.db, "SELECT rated FROM settled WHERE code = %s", (code,))
        assert [bool(r) for (r,) in settled] == [True]
        assert all(node.proc is not None and node.proc.poll() is None for node in survivors)


def test_two_settlers_of_one_match_at_once_on_postgresql_rate_it_once(postgres):
    url = postgres.database()
    open_store(url).close()  # the schema, as a server's start creates it
    setup = Database(url)
    record = {"game": GAME, "options": {}, "seats": ["human", "human"]}
    setup.execute(
        "INSERT INTO tables (code, game, options, seats, public, bot_delay)"
        " VALUES ('RACE', ?, '{}', ?, false, 0)",
        GAME,
        json.dumps(record["seats"]),
    )
    setup.execute(
        "INSERT INTO matches (code, number, record, finished, result)"
        " VALUES ('RACE', 1, ?, true, ?)",
        json.dumps(record),
        json.dumps({"totals": [10, 20], "winners": [0]}),
    )
    rated: list[Finished] = []

    def rate(match: Finished) -> bool:
        rated.append(match)
        time.sleep(0.5)  # the claim stays uncommitted while the other settler tries
        return True

    settlers = [Seats(Database(url), rate) for _ in range(2)]
    start = threading.Barrier(2)
    outcomes: list[bool] = []

    def settle(seats: Seats) -> None:
        start.wait()
        outcomes.append(seats.settle("RACE", 1))

    threads = [threading.Thread(target=settle, args=(s,)) for s in settlers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == [False, True]
    assert len(rated) == 1
    assert setup.rows("SELECT code, number FROM settled") == [("RACE", 1)]
    assert settlers[0].unsettled() == settlers[1].unsettled() == []
    for seats in settlers:
        seats.db.close()
    setup.close()

"""Rated quick match: pairs by rating, closest first, within a window that widens
with the wait; never pairs two players kept apart by a block; seats a pair at a new
private table of the standard rules (so their match is rated); refuses a player
blocked from rated play."""

from __future__ import annotations

import httpx

import cardtable
from cardtable.server.players.matchmaking import Matchmaking, window

from .browsers import Browser
from .player_sites import open_site


def test_the_window_widens_with_the_wait():
    assert window(0) == 2.0 and window(30) == 8.0 and window(60) == 14.0


def test_the_closest_rating_in_the_window_is_paired_first():
    queue = Matchmaking()
    far = queue.seek("far", "skyjo", 30.0, frozenset(), now=0.0)
    near = queue.seek("near", "skyjo", 26.0, frozenset(), now=0.0)
    me = queue.seek("me", "skyjo", 25.0, frozenset(), now=0.0)
    assert queue.opponent(me, now=0.0) is near
    assert me.ticket not in {s.ticket for s in queue.waiting["skyjo"]}
    assert queue.waiting["skyjo"] == [far]


def test_two_players_too_far_apart_are_paired_once_the_wait_widens_the_window():
    queue = Matchmaking()
    low = queue.seek("low", "skyjo", 20.0, frozenset(), now=0.0)
    high = queue.seek("high", "skyjo", 26.0, frozenset(), now=0.0)
    assert queue.opponent(high, now=19.0) is None  # a gap of 6 > 2 + 0.2 * 19
    assert queue.opponent(high, now=20.0) is low


def test_players_kept_apart_are_never_paired():
    queue = Matchmaking()
    queue.seek("ann", "skyjo", 25.0, frozenset({"bob"}), now=0.0)
    bob = queue.seek("bob", "skyjo", 25.0, frozenset(), now=0.0)
    assert queue.opponent(bob, now=600.0) is None
    other_game = queue.seek("cy", "cactus", 25.0, frozenset(), now=0.0)
    assert queue.opponent(other_game, now=600.0) is None


def test_a_pair_gets_a_private_standard_table_and_a_leaver_is_refused(server):
    ann, bob = Browser(server), Browser(server)
    ann.guest("Ann")
    bob.guest("Bob")
    first = ann.request("POST", "/api/players/quickmatch", {"game": "skyjo"}).json()
    assert first["code"] is None
    assert ann.request("GET", f"/api/players/quickmatch/{first['ticket']}").json()["code"] is None
    assert bob.request("GET", f"/api/players/quickmatch/{first['ticket']}").status_code == 404
    second = bob.request("POST", "/api/players/quickmatch", {"game": "skyjo"}).json()
    code = second["code"]
    assert code is not None
    assert ann.request("GET", f"/api/players/quickmatch/{first['ticket']}").json()["code"] == code
    table = httpx.get(f"{server.url}/api/tables/{code}", timeout=5).json()
    assert table["public"] is False and [s["kind"] for s in table["seats"]] == ["human"] * 2
    assert table["options"] == cardtable.get_game("skyjo").options_type().to_dict()

    cy = Browser(server)
    cy_id = cy.guest("Cy")["id"]
    with open_site(server.db) as site:
        other = site.guest("Dee")
        for _ in range(2):
            site.finish([cy_id, other], totals=[2, 1], winners=[1], leavers=frozenset({0}))
    refused = cy.request("POST", "/api/players/quickmatch", {"game": "skyjo"})
    assert refused.status_code == 403 and refused.json()["error"] == "rated_blocked"

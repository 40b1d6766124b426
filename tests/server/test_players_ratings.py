"""Ratings of people: which matches are rated, the OpenSkill arithmetic against the
library's own values, the provisional mark, and one update per match.

The matches are written to the server's own store (SQLite or PostgreSQL, as the
suite runs) as a finished match would be, and settled as the server settles them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.server.players.ratings import MODEL, PROVISIONAL_SIGMA
from cardtable.server.players.service import Players

from .player_sites import STANDARD, Site, open_site


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with open_site(tmp_path / "ratings.db") as opened:
        yield opened


def test_a_two_person_match_moves_both_ratings_to_the_librarys_exact_values(site):
    ann, bob = site.guest("Ann"), site.guest("Bob")
    site.finish([ann, bob], totals=[12, 40], winners=[0])
    # PlackettLuce's defaults (mu 25, sigma 25/3), first against second
    assert site.rating(ann) == (27.635389493140497, 8.06590141354368, 1)
    assert site.rating(bob) == (22.364610506859503, 8.06590141354368, 1)
    [[won], [lost]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert site.rating(ann) == (won.mu, won.sigma, 1)
    assert site.rating(bob) == (lost.mu, lost.sigma, 1)
    shown = site.players.ratings.of(ann)[0].to_json()
    assert shown["rating"] == round(won.mu - 3 * won.sigma, 1) == 3.4
    assert shown["provisional"]


def test_bots_are_left_out_and_people_are_ranked_among_themselves(site):
    ann, bob, cy = site.guest("Ann"), site.guest("Bob"), site.guest("Cy")
    # the bot wins; among the people Cy is first, Ann and Bob share second place
    site.finish([ann, "bot:random", bob, cy], totals=[30, 5, 30, 20], winners=[1])
    fresh = [[MODEL.rating()] for _ in range(3)]
    [[a], [b], [c]] = MODEL.rate(fresh, ranks=[2, 2, 1])
    assert site.rating(ann) == (a.mu, a.sigma, 1)
    assert site.rating(bob) == (b.mu, b.sigma, 1)
    assert site.rating(cy) == (c.mu, c.sigma, 1)
    assert a.mu == b.mu < 25 < c.mu


def test_a_later_match_starts_from_the_stored_rating(site):
    ann, bob = site.guest("Ann"), site.guest("Bob")
    site.finish([ann, bob], totals=[12, 40], winners=[0])
    site.finish([ann, bob], totals=[50, 10], winners=[1])
    [[a1], [b1]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    [[a2], [b2]] = MODEL.rate([[a1], [b1]], ranks=[2, 1])
    assert site.rating(ann) == (a2.mu, a2.sigma, 2)
    assert site.rating(bob) == (b2.mu, b2.sigma, 2)


def test_unrated_matches_leave_ratings_alone(site):
    ann, bob = site.guest("Ann"), site.guest("Bob")
    other_rules = STANDARD | {"target_score": 50}
    site.finish([ann, bob], totals=[1, 2], winners=[0], options=other_rules)
    site.finish([ann, "bot:random"], totals=[1, 2], winners=[0])
    site.finish([ann, None], totals=[1, 2], winners=[0])  # the other person has no session
    assert site.rating(ann) is None and site.rating(bob) is None
    rated = site.players.db.rows("SELECT rated FROM settled ORDER BY code")
    assert rated == [(0,), (0,), (0,)]


def test_a_match_is_settled_and_rated_once(site):
    ann, bob = site.guest("Ann"), site.guest("Bob")
    code, number = site.finish([ann, bob], totals=[12, 40], winners=[0])
    assert not site.players.seats.settle(code, number)
    again = Players(site.url)  # another process, say
    try:
        assert not again.seats.settle(code, number)
    finally:
        again.close()
    assert site.rating(ann) == (27.635389493140497, 8.06590141354368, 1)
    history = site.players.db.rows("SELECT COUNT(*) FROM rating_history")
    assert history == [(2,)]


def test_a_rating_is_provisional_until_its_sigma_falls_below_the_threshold(site):
    ann, bob = site.guest("Ann"), site.guest("Bob")
    marks = []
    for n in range(14):
        site.finish([ann, bob], totals=[n % 2, 1 - n % 2], winners=[n % 2])
        (rating,) = site.players.ratings.of(ann)
        assert rating.provisional == (rating.sigma >= PROVISIONAL_SIGMA)
        marks.append(rating.provisional)
    # as docs/players.md says: 12 matches of alternating results at two players
    assert marks == [True] * 11 + [False] * 3

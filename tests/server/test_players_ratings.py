"""Ratings of people: which matches are rated, the OpenSkill arithmetic against the
library's own values, the provisional mark, and one update per match.

The matches are written to the server's own store (SQLite or PostgreSQL, as the
suite runs) as a finished match would be, and settled as the server settles them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardtable
from cardtable.server.players.ratings import MODEL, PROVISIONAL_SIGMA
from cardtable.server.players.service import Players
from cardtable.server.storage import HUMAN, MatchRecord, Store, TableRecord
from cardtable.server.stores import open_store

from .backends import BACKEND

GAME = "skyjo"  # the lower total wins
STANDARD = cardtable.get_game(GAME).options_type().to_dict()
_codes = itertools.count()


class Site:
    """The server's store and its player layer on one database."""

    def __init__(self, db: Path) -> None:
        self.url = url = BACKEND.url(db)
        self.store: Store = open_store(url)
        self.players = Players(url)

    def guest(self, name: str) -> str:
        return self.players.accounts.new_guest(name).id

    def finish(
        self,
        seats: list[str | None],
        totals: list[int],
        winners: list[int],
        options: dict[str, object] | None = None,
    ) -> tuple[str, int]:
        """A finished match: ``seats`` holds a player id per human seat (None: no
        session) or a bot spec; it is settled as at its end. Its (code, number)."""
        code = f"R{next(_codes):05d}"
        kinds = [HUMAN if s is None or not s.startswith("bot:") else s[4:] for s in seats]
        table = TableRecord(code, GAME, options or STANDARD, kinds, False, None, 0.0)
        assert self.store.add_table(table)
        record = MatchRecord(code, 1, GAME, table.options, len(seats), 7, kinds, ["x"] * len(seats))
        self.store.start_match(record)
        for seat, player in enumerate(seats):
            if player is not None and not player.startswith("bot:"):
                self.players.seats.take(code, seat, player)
        result = {"totals": totals, "winners": winners, "round_scores": [totals]}
        self.store.finish_match(code, 1, result)
        assert self.players.seats.settle(code, 1)
        return code, 1

    def rating(self, player: str) -> tuple[float, float, int] | None:
        ratings = self.players.ratings.of(player)
        return (ratings[0].mu, ratings[0].sigma, ratings[0].matches) if ratings else None

    def close(self) -> None:
        self.players.close()
        self.store.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    opened = Site(tmp_path / "ratings.db")
    yield opened
    opened.close()


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

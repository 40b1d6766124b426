"""Observation vectors: fixed shapes, bounds, what they show and what they cannot."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardtable
from cardtable.engine.errors import CardtableError
from cardtable.games.lastcard.cards import CODE
from cardtable.rl.features import HIGH, LOW
from cardtable.rl.observer import Observer, feature_blocks, observation_size
from cardtable.rl.options import observed_options

TABLES = [
    ("cactus", 2),
    ("cactus", 5),
    ("skyjo", 2),
    ("skyjo", 6),
    ("lastcard", 2),
    ("lastcard", 7),
]


def positions(game: str, players: int, seed: int, count: int) -> list[cardtable.State]:
    """``count`` states met along one random match, copied as they were."""
    state = cardtable.make(game, players, seed, observed_options(game, None))
    rng = random.Random(seed)
    met = []
    while not state.is_over and len(met) < count:
        met.append(state.clone())
        seat = state.to_act[rng.randrange(len(state.to_act))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return met


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_observation_has_the_layout_size_and_stays_in_bounds(game: str, players: int) -> None:
    observer = Observer(game, players)
    assert observer.size == sum(width for _, width in feature_blocks(game, players))
    assert observer.size == observation_size(game, players)
    for state in positions(game, players, seed=1, count=300):
        for seat in range(players):
            vector = observer.encode(state.view(seat))
            assert vector.shape == (observer.size,) and vector.dtype == np.float32
            assert vector.min() >= LOW and vector.max() <= HIGH


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_cards_a_seat_cannot_see_do_not_change_its_observation(game: str, players: int) -> None:
    """A re-deal of every card unknown to the seat leaves its observation as it was,
    although the re-dealt state differs (the test would see a leak)."""
    observer = Observer(game, players)
    rng = random.Random(7)
    changed = 0
    for state in positions(game, players, seed=2, count=120):
        for seat in range(players):
            other = state.determinize(seat, rng)
            changed += other.to_json()["state"] != state.to_json()["state"]
            assert np.array_equal(
                observer.encode(other.view(seat)), observer.encode(state.view(seat))
            )
    assert changed > 0


def test_the_seat_sees_its_own_last_card_hand_and_no_other() -> None:
    state = cardtable.make("lastcard", 2, seed=3)
    observer = Observer("lastcard", 2)
    names = dict(feature_blocks("lastcard", 2))
    start = sum(w for n, w in feature_blocks("lastcard", 2)[: list(names).index("hand")])
    for seat in range(2):
        counts = observer.encode(state.view(seat))[start : start + names["hand"]] * 4
        expected = np.zeros(names["hand"])
        for card in state.view(seat)["hand"]:
            expected[CODE[card]] += 1
        assert np.array_equal(counts, expected)


def test_cactus_remembers_the_cards_looked_at() -> None:
    """With the memory aid (on by default here) the two cards looked at stay known."""
    state = cardtable.make("cactus", 2, seed=4, options=observed_options("cactus", None))
    observer = Observer("cactus", 2)
    before = observer.encode(state.view(0))
    for seat in state.to_act:
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.view(0)["layouts"][0][:2] != ["hidden", "hidden"]
    assert not np.array_equal(observer.encode(state.view(0)), before)
    strict = observed_options("cactus", {"memory_aid": False})
    assert strict["memory_aid"] is False


def test_an_observer_refuses_another_game_or_table() -> None:
    with pytest.raises(CardtableError, match="encodes skyjo views for 2 players"):
        Observer("skyjo", 2).encode(cardtable.make("skyjo", 3, seed=0).view(0))

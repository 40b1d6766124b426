"""``State.random_playout`` and the random helpers behind it, on every registered game."""

import json
import random

import pytest

import cardtable
from cardtable.engine import replay
from cardtable.engine.state import State, random_index, shuffle

GAMES = [g.name for g in cardtable.games()]
#: The games whose first phase has several seats acting at once (Skyjo's and Cactus's
#: opening reveals and peeks); Last Card opens with one player's turn.
SIMULTANEOUS_OPENINGS = [g for g in GAMES if len(cardtable.make(g, 3, seed=0).to_act) > 1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_playout_from_any_phase_reaches_what_apply_reaches(game, players):
    """Whatever fast path a game has, its playout is what ``apply`` would have played.

    A game may override the engine's loop (compared here with it) or only how it applies
    a legal action (checked by the replay, which re-applies the log through ``apply``).
    """
    for seed, split in enumerate((0, 3, 8, 40, 150)):
        state = cardtable.make(game, players, seed=seed)
        rng = random.Random(seed)
        for _ in range(split):  # per-step moves first, so playouts start in every phase
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        before = len(state.log)
        twin = state.clone()
        applied = state.random_playout(random.Random(seed))
        assert state.is_over
        assert applied == len(state.log) - before
        assert State.random_playout(twin, random.Random(seed)) == applied
        assert twin.to_json() == state.to_json()
        assert replay(json.loads(json.dumps(state.record()))).to_json() == state.to_json()


def test_the_simultaneous_openings_are_skyjo_and_cactus():
    assert sorted(SIMULTANEOUS_OPENINGS) == ["cactus", "skyjo"]


@pytest.mark.parametrize("game", SIMULTANEOUS_OPENINGS)
def test_in_a_simultaneous_phase_the_acting_seat_is_drawn(game):
    first = set()
    for seed in range(12):
        state = cardtable.make(game, 3, seed=seed)
        state.random_playout(random.Random(seed), until_round_end=True)
        first.add(state.log[0][0])
    assert first == {0, 1, 2}


@pytest.mark.parametrize("game", GAMES)
def test_playout_until_round_end_stops_after_one_round(game):
    state = cardtable.make(game, 2, seed=7)
    rng = random.Random(7)
    first = state.random_playout(rng, until_round_end=True)
    assert len(state.round_scores) == 1
    assert first == len(state.log)
    if not state.is_over:
        assert state.round == 2
        second = state.random_playout(rng, until_round_end=True)
        assert len(state.round_scores) == 2
        assert first + second == len(state.log)


@pytest.mark.parametrize("game", GAMES)
def test_playout_of_a_finished_match_applies_nothing(game):
    state = cardtable.make(game, 2, seed=3)
    state.random_playout(random.Random(3))
    before = state.to_json()
    rng = random.Random(1)
    rng_before = rng.getstate()
    assert state.random_playout(rng) == 0
    assert state.random_playout(rng, until_round_end=True) == 0
    assert state.to_json() == before
    assert rng.getstate() == rng_before


def test_random_index_covers_the_range_evenly():
    rng = random.Random(4)
    counts = [0] * 6
    for _ in range(6000):
        counts[random_index(rng, 6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_random_index_of_one_choice_draws_nothing():
    rng = random.Random(4)
    before = rng.getstate()
    assert random_index(rng, 1) == 0
    assert rng.getstate() == before


@pytest.mark.parametrize("size", [0, 1, 2, 5, 108])
def test_shuffle_deals_what_random_shuffle_deals(size):
    """Seeds keep their deals: the fast shuffle makes the same draws as ``Random.shuffle``."""
    for seed in range(5):
        mine, theirs = list(range(size)), list(range(size))
        ours, reference = random.Random(seed), random.Random(seed)
        shuffle(ours, mine)
        reference.shuffle(theirs)
        assert mine == theirs
        assert ours.getstate() == reference.getstate()

"""Last Card's fast ``random_playout`` against the validated per-step path."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import cardtable
from cardtable.engine.state import State
from cardtable.games.lastcard.state import PLAY_DRAWN, LastCardState

from .test_properties import MATCHES, OPTIONS, new_match, played


def assert_same_as_apply(state, seed, until_round_end=False, dealt=False):
    """The fast playout and the engine's loop through ``apply`` reach the same match.

    The log is part of ``to_json``, so both also logged the same actions. A match begun
    by ``make`` also replays from its record (one ``dealt`` by ``from_deal`` cannot).
    """
    twin = state.clone()
    applied = state.random_playout(random.Random(seed), until_round_end)
    assert State.random_playout(twin, random.Random(seed), until_round_end) == applied
    assert state.to_json() == twin.to_json()
    if not dealt:
        replayed = cardtable.replay(json.loads(json.dumps(state.record())))
        assert replayed.to_json() == state.to_json()


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS, st.integers(0, 150))
def test_fast_playout_plays_the_match_apply_plays(players, seed, options, split):
    state = played(players, seed, options, split)
    assert_same_as_apply(state, seed + 1, until_round_end=True)
    assert_same_as_apply(state, seed + 2)
    assert state.is_over


def special_positions():
    """Positions random matches reach only now and then, dealt on purpose."""
    return [
        # The second-to-last card is a Wild: eight plays (four colours, call or not).
        LastCardState.from_deal([["wild", "+4"], ["R1", "G2", "B3"]], ["R5"], ["Y1", "Y2"]),
        # A +4 draw is pending and may be answered.
        LastCardState.from_deal(
            [["+4", "R1", "G2"], ["B3", "+4"]],
            ["R7", "+4"],
            ["Y1", "Y2", "Y3", "Y4"],
            color="red",
            pending=4,
        ),
        # Nothing left to draw: the first Draw skips the draw.
        LastCardState.from_deal([["B1", "B2"], ["R4", "B4"]], ["R5"], []),
        # Voluntary draw with play_drawn off.
        LastCardState.from_deal(
            [["R1", "R2", "G2"], ["R3", "B3"]],
            ["R5"],
            ["B4", "G4", "Y4", "R4"],
            options={"voluntary_draw": True, "play_drawn": False},
        ),
    ]


def test_playout_from_every_kind_of_position():
    for seed, state in enumerate(special_positions()):
        assert_same_as_apply(state.clone(), seed, until_round_end=True, dealt=True)
        assert_same_as_apply(state, seed, dealt=True)


def test_playout_while_a_drawn_card_waits():
    state = new_match(3, 12, {})
    rng = random.Random(0)
    while state.phase != PLAY_DRAWN:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert_same_as_apply(state, 5)


def test_playout_counts_and_logs_every_action():
    state = new_match(4, 8, {"target_score": 200})
    before = len(state.log)
    applied = state.random_playout(random.Random(8))
    assert applied == len(state.log) - before > 0
    assert state.is_over and len(state.round_scores) >= 1

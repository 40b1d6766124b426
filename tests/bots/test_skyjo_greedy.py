"""The Skyjo greedy bot's own rules (what it shares with the heuristic is tested in
test_skyjo_bots.py)."""

import random

import pytest

from cardtable.bots import make_bot
from cardtable.engine.registry import make
from cardtable.games.skyjo.actions import DISCARD, REPLACE, TAKE_DISCARD

from .skyjo_positions import LOW, after_drawing, position


def test_never_trades_a_taken_card_for_one_as_good():
    # Forced to take (nothing to draw), the 3 goes on a hidden card, not on the other 3.
    state = position([3, 1, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1], range(11), LOW, [0], [3], pile=[])
    bot = make_bot("greedy", "skyjo", seed=1)
    assert bot.act(state, 0) == TAKE_DISCARD
    state.apply(0, TAKE_DISCARD)
    assert bot.act(state, 0) == REPLACE[11]


def test_when_behind_with_nothing_to_improve_ends_the_round_as_low_as_it_can():
    rows = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 0]  # no column pairs, nothing above a 3
    theirs = [0] * 12
    assert after_drawing("greedy", 3, rows, theirs, range(10)) == REPLACE[11]
    assert after_drawing("greedy", 12, rows, theirs, range(10)) == DISCARD


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_round_between_greedy_bots_ends(players):
    for seed in range(40):
        state = make("skyjo", players, seed, {"target_score": 1})
        bots = [make_bot("greedy", "skyjo", seed=seed * 10 + p) for p in range(players)]
        rng = random.Random(seed)
        for _ in range(150 * players):
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, bots[seat].act(state, seat))
        assert state.is_over, f"seed {seed}: the round did not end"

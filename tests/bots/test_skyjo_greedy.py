"""The Skyjo greedy bot: the fast rules of thumb that search rollouts use."""

import random

import pytest

from cardtable.bots import make_bot
from cardtable.engine.registry import make
from cardtable.games.skyjo.actions import DISCARD, DRAW, REPLACE, REVEAL, TAKE_DISCARD
from cardtable.games.skyjo.state import GONE, SkyjoState
from cardtable.sim.simulate import simulate

PILE = [5] * 20  # bottom to top; the last card is drawn first
LOW = [1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1]


def position(mine, mine_up, theirs, theirs_up, discard, pile=PILE):
    """Seat 0 to play a normal turn with the given layouts (row by row)."""
    return SkyjoState.from_deal(
        [mine, theirs], discard, pile, face_up=[mine_up, theirs_up], setup=False, current=0
    )


def greedy():
    return make_bot("greedy", "skyjo", seed=1)


def test_takes_a_low_discard_and_puts_it_over_the_highest_card():
    state = position([12, 3, 4, 5, 6, 7, 2, 1, 0, 3, 4, 5], [0, 1], LOW, [0, 1], discard=[0])
    assert greedy().act(state, 0) == TAKE_DISCARD
    state.apply(0, TAKE_DISCARD)
    assert greedy().act(state, 0) == REPLACE[0]


def test_completes_a_column_of_equal_cards():
    mine = [9, 3, 4, 5, 9, 7, 2, 1, 6, 3, 4, 5]  # column 0: two face-up 9s, a hidden 6
    state = position(mine, [0, 4], LOW, [0, 1], discard=[9])
    assert greedy().act(state, 0) == TAKE_DISCARD
    state.apply(0, TAKE_DISCARD)
    state.apply(0, greedy().act(state, 0))
    assert state.status[0][0] == state.status[0][4] == state.status[0][8] == GONE


def test_never_trades_a_taken_card_for_one_as_good():
    # Forced to take (nothing to draw), the 3 goes on a hidden card, not on the other 3.
    state = position([3, 1, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1], range(11), LOW, [0], [3], pile=[])
    assert greedy().act(state, 0) == TAKE_DISCARD
    state.apply(0, TAKE_DISCARD)
    assert greedy().act(state, 0) == REPLACE[11]


def test_draws_and_discards_a_card_that_helps_nowhere():
    state = position(LOW, [0, 1, 2, 3, 4, 5], LOW, [0, 1], discard=[11], pile=[*PILE, 12])
    bot = greedy()
    assert bot.act(state, 0) == DRAW
    state.apply(0, DRAW)
    assert bot.act(state, 0) == DISCARD
    state.apply(0, DISCARD)
    assert bot.act(state, 0) in {REVEAL[p] for p in range(6, 12)}


def after_drawing(card, mine, theirs, theirs_up):
    """The greedy move with one hidden card left (position 11) after drawing ``card``."""
    state = position(mine, range(11), theirs, theirs_up, discard=[11], pile=[*PILE, card])
    state.apply(0, DRAW)
    return greedy().act(state, 0)


def test_ends_the_round_when_clearly_lowest():
    mine = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]
    theirs = [12, 11, 10, 9, 8, 10, 5, 5, 5, 5, 5, 5]
    assert after_drawing(2, mine, theirs, range(4)) == REPLACE[11]


def test_puts_off_the_end_when_behind_if_a_card_can_improve():
    mine = [12, 10, 10, 5, 5, 5, 0, 0, 0, 0, 0, 4]
    theirs = [0] * 12
    assert after_drawing(1, mine, theirs, range(10)) == REPLACE[0]
    # nothing to improve: the round ends on the drawn card if low, else on the hidden one
    rows = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 0]  # no column pairs, nothing above a 3
    assert after_drawing(3, rows, theirs, range(10)) == REPLACE[11]
    assert after_drawing(12, rows, theirs, range(10)) == DISCARD


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


def test_beats_random_play_by_a_wide_margin():
    summary = simulate("skyjo", 2, 40, 5, ["greedy", "random"], {"target_score": 1})
    assert summary.wins[0] >= 36
    assert summary.mean_round_score[0] + 20 < summary.mean_round_score[1]

"""The Cactus greedy bot: the fast rules of thumb that search rollouts use. (Where it
plays as the heuristic does, test_bot.py checks both.)"""

from cardtable.bots import make_bot
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    DISCARD,
    DRAW,
    PASS,
    TAKE_DISCARD,
    ChooseOpponent,
    PeekOpponent,
    PeekOwn,
    Replace,
    Swap,
)

from .deals import P0, P1, deal, play


def greedy():
    return make_bot("greedy", "cactus", seed=0)


def test_calls_with_a_low_known_layout_and_not_with_a_high_one():
    low = deal([["Ac", "2d", "Kh"], P1], ["9c"], known=[[0, 1, 2], []])
    assert greedy().act(low, 0) == CALL_CACTUS
    high = deal([["Qc", "Jd", "10h"], P1], ["9c"], known=[[0, 1, 2], []])
    assert greedy().act(high, 0) == DRAW


def test_takes_a_low_discard_for_its_highest_known_card():
    state = deal([["9c", "Qd", "3h", "3s"], P1], ["9d"], ["Ah"], known=[[0, 1], [0]])
    bot = greedy()
    assert bot.act(state, 0) == TAKE_DISCARD
    state.apply(0, TAKE_DISCARD)
    assert bot.act(state, 0) == Replace(1)  # the queen


def test_discards_a_drawn_card_that_helps_nowhere():
    state = deal([["2c", "3d", "4h", "Ad"], P1], ["Qs"], known=[[0, 1, 2, 3], []])
    state.apply(0, DRAW)
    assert greedy().act(state, 0) == DISCARD


def test_looks_at_unknown_cards_and_swaps_high_for_known_low():
    state = deal([P0, P1], ["7c"])
    play(state, (0, DRAW), (0, DISCARD))
    assert greedy().act(state, 0) in (PeekOwn(2), PeekOwn(3))
    state = deal([["Kc", "Qd", "7h", "8s"], P1], ["Jc", "4h", "9c"], known=[[0, 1], [0, 1]])
    play(state, (0, DRAW), (0, DISCARD))
    look = greedy().act(state, 0)
    assert isinstance(look, PeekOpponent) and not state.knows(0, look.seat, look.slot)
    play(state, (0, PeekOpponent(1, 0)), (1, PASS))
    play(state, (1, DRAW), (1, DISCARD), (0, PASS), (0, DRAW), (0, DISCARD))
    bot = greedy()
    assert bot.act(state, 0) == ChooseOpponent(1, 0)  # the 3c it looked at
    state.apply(0, ChooseOpponent(1, 0))
    assert bot.act(state, 0) == Swap(0)  # its black king, worth 15

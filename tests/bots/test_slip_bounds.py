"""The bounds on the lower levels: a person's mistakes, never absurd ones.

Cactus's ``easy`` and ``normal`` used to call in their first turns and Skyjo's to
finish a round showing 47 points; each game's bound (``register_slip_bound``) keeps a
slipping player from doing so while it has another move.
"""

import random

import pytest

import cardtable
from cardtable.bots import BotSpecError, SlipBot, make_bot
from cardtable.games.cactus.bot import (
    CARELESS_CALL_ANY_FROM,
    CARELESS_CALL_FROM,
    CARELESS_CALL_MAX,
    Estimate,
    own_turn,
)
from cardtable.games.skyjo.bot import (
    CARELESS_FINISH_ANY_FROM,
    CARELESS_FINISH_MAX,
    finishing_total,
    round_turns,
)

PLAYERS = 4


def decisions(game, bots, seed, options=None):
    """Every (state before, seat, action) of one match of ``bots``, dealt from ``seed``."""
    state = cardtable.make(game, len(bots), seed=seed, options=options)
    order = random.Random(seed)
    while not state.is_over:
        seat = order.choice(state.to_act)
        action = bots[seat].act(state, seat)
        yield state.clone(), seat, action
        state.apply(seat, action)


def table_of(level, game):
    """The bots of a table of ``level`` in every seat, seeded from the deal's seed."""
    return lambda seed: [make_bot(level, game, seed * 10 + i) for i in range(PLAYERS)]


def cactus_calls(bots, seeds):
    """(state, seat) of every Cactus call in single 4-player rounds dealt from ``seeds``."""
    for seed in seeds:
        for state, seat, action in decisions("cactus", bots(seed), seed, {"rounds": 1}):
            if action.kind == "call_cactus":
                yield state, seat


def estimated_total(state, seat):
    """The caller's own estimate of its layout, as the bound reads it."""
    est = Estimate(state, seat)
    known, unknown, _ = est.own_hand()
    return known + unknown * est.mean


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_lower_cactus_levels_never_call_before_their_third_turn(level):
    calls = list(cactus_calls(table_of(level, "cactus"), range(16)))
    assert calls
    assert all(own_turn(state) >= CARELESS_CALL_FROM for state, _ in calls)


def test_a_careless_cactus_call_comes_late_and_on_a_layout_believed_low():
    """A bot that slips at every move calls only within the bound: its calls are all
    careless (its base's move is never played while another is allowed). (Bots that
    never pass may keep a quick-discard window open for ever, as only the server's
    timer closes one; these deals are ones whose windows close.)"""
    calls = list(
        cactus_calls(
            lambda s: [SlipBot(s * 10 + i, rate=1.0, miss=0.0) for i in range(PLAYERS)], range(9)
        )
    )
    assert calls
    for state, seat in calls:
        assert own_turn(state) >= CARELESS_CALL_FROM
        if own_turn(state) < CARELESS_CALL_ANY_FROM:
            assert estimated_total(state, seat) <= CARELESS_CALL_MAX


def skyjo_finishes(bots, seeds):
    """(visible total, whether the bound held it: it could have played on, before the
    turn that lifts the bound) of every finish by ``bots`` in 4-player Skyjo matches
    dealt from ``seeds``."""
    for seed in seeds:
        for state, seat, action in decisions("skyjo", bots(seed), seed):
            total = finishing_total(state, seat, action)
            if total is not None:
                legal = state.legal_actions(seat)
                could_play_on = any(finishing_total(state, seat, a) is None for a in legal)
                yield total, could_play_on and round_turns(state, seat) < CARELESS_FINISH_ANY_FROM


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_lower_skyjo_levels_never_finish_showing_more_than_the_bound_while_they_can_play_on(
    level,
):
    finishes = list(skyjo_finishes(table_of(level, "skyjo"), range(40)))
    held = [total for total, bound_held in finishes if bound_held]
    assert held
    assert max(held) <= CARELESS_FINISH_MAX


def test_a_skyjo_seat_counts_its_turns_of_the_round_from_the_log():
    """What lifts the bound late in a round, so that even a bot slipping at every move
    ends it: each seat's draws and takes since the round's setup."""
    bots = [make_bot("heuristic", "skyjo", i) for i in range(PLAYERS)]
    counted = [0] * PLAYERS
    rounds = 0
    for state, seat, action in decisions("skyjo", bots, 3):
        if len(state.round_scores) > rounds:  # a new round began with the last move
            rounds, counted = len(state.round_scores), [0] * PLAYERS
        assert round_turns(state, seat) == counted[seat]
        counted[seat] += action.kind in ("draw", "take_discard")
    assert rounds > 1


@pytest.mark.parametrize("game", ["cactus", "skyjo"])
def test_a_table_that_slips_at_every_move_still_ends_its_rounds(game):
    """(Past a late turn of the round the bounds lift: a match of such bots ends.)"""
    bots = [SlipBot(i, rate=1.0, miss=0.0) for i in range(PLAYERS)]
    for count, _ in enumerate(decisions(game, bots, 2, {"target_score": 60})):
        assert count < 20000


def test_the_unbounded_slips_play_as_before_and_may_call_at_once():
    """``bounded=false`` keeps the old play, a call on the first turn included: what
    research/round_lengths.py shows beside the levels."""
    bots = [SlipBot(i, rate=1.0, miss=0.0, bounded=False) for i in range(PLAYERS)]
    calls = list(cactus_calls(lambda s: bots, range(6)))
    assert any(own_turn(state) < CARELESS_CALL_FROM for state, _ in calls)


def test_a_slip_bot_refuses_a_bound_that_is_not_true_or_false():
    with pytest.raises(BotSpecError, match="bounded must be true or false"):
        make_bot("slip:bounded=sometimes", "skyjo", 1)

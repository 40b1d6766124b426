"""The Last Card heuristic's own playout against its ``act`` applied move by move."""

from hypothesis import given
from hypothesis import strategies as st

from cardtable.bots.base import Bot
from cardtable.games.lastcard import LastCardHeuristicBot
from cardtable.games.lastcard.state import PLAY_DRAWN

from .test_playout import special_positions
from .test_properties import MATCHES, OPTIONS, new_match, played


def act_to_round_end(state):
    """The heuristic's ``act`` in every seat, each move validated by ``apply``."""
    bot = LastCardHeuristicBot(seed=0)
    rounds = len(state.round_scores)
    while not state.is_over and len(state.round_scores) == rounds:
        seat = state.to_act[0]
        state.apply(seat, bot.act(state, seat))


def assert_playout_is_act(state, luck):
    """The fast playout, the generic one and ``act`` through ``apply`` reach one state
    (the log is part of ``to_json``: all three also logged the same actions)."""
    generic, validated = state.clone(), state.clone()
    bot = LastCardHeuristicBot(seed=1)
    bot.playout(state, luck)
    Bot.playout(bot, generic, luck)
    act_to_round_end(validated)
    assert state.to_json() == generic.to_json() == validated.to_json()


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS, st.integers(0, 150))
def test_the_fast_playout_makes_the_moves_act_makes(players, seed, options, split):
    state = played(players, seed, options, split)
    rounds = len(state.round_scores)
    assert_playout_is_act(state, seed)
    assert state.is_over or len(state.round_scores) == rounds + 1


def test_the_fast_playout_from_every_kind_of_position():
    # Not the one with nothing left to draw: its five cards let two players who never
    # vary trade the same two cards for ever (random play ends it by chance).
    positions = [p for p in special_positions() if p.draw_pile]
    for luck, state in enumerate(positions):
        assert_playout_is_act(state, luck)
        assert len(state.round_scores) == 1


def test_the_fast_playout_plays_a_card_drawn_and_waiting():
    state = new_match(2, 3, {})
    bot = LastCardHeuristicBot(seed=0)
    while state.phase != PLAY_DRAWN:
        seat = state.to_act[0]
        state.apply(seat, bot.act(state, seat))
    assert_playout_is_act(state, 0)


def test_the_fast_playout_of_a_finished_match_plays_nothing():
    state = played(2, 4, {"target_score": 1}, 10_000)
    assert state.is_over
    log = list(state.log)
    LastCardHeuristicBot(seed=0).playout(state, 0)
    assert state.log == log

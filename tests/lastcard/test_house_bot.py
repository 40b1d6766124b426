"""The heuristic bot under the house rules: it catches, jumps in, swaps with the
shortest hand and challenges a +4 only when a bluff is likely enough; the search plays
them through the engine's determinization."""

import random

import pytest

import cardtable
from cardtable.bots.base import Bot, make_bot
from cardtable.coach.analysis import hint
from cardtable.games.lastcard.actions import CATCH, CHALLENGE, DRAW, PASS, SWAP_WITH, Play
from cardtable.games.lastcard.bot import LastCardHeuristicBot
from cardtable.games.lastcard.state import LastCardState

from .house import HOUSE

PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]
BOT = LastCardHeuristicBot(seed=0)


def deal(hands, discard=("R5",), **options):
    return LastCardState.from_deal(hands, list(discard), PILE, options=options)


def test_it_catches_a_missed_call_from_any_seat():
    state = deal([["R3", "G4"], ["Y1", "R2", "Y4"], ["Y2", "Y3"]], catch_missed_call=True)
    state.apply(0, Play("R3", None, False))
    assert BOT.act(state, 2) == CATCH
    assert BOT.act(state, 1) == CATCH


def test_it_jumps_in_when_it_holds_the_card_and_passes_otherwise():
    hands = [["R5", "G1", "G2"], ["R2", "B3", "B4"], ["Y6", "Y7", "Y8"], ["R5", "Y1", "Y2"]]
    state = deal(hands, discard=["R9"], jump_in=True)
    state.apply(0, Play("R5", None, False))
    assert BOT.act(state, 3) == Play("R5", None, False)
    assert BOT.act(state, 2) == PASS


def test_after_a_seven_it_swaps_with_the_player_holding_fewest_cards():
    hands = [["R7", "R1", "R2"], ["B1", "B2", "B3"], ["Y1", "Y2"], ["G1", "G2", "G3"]]
    state = deal(hands, seven_zero=True)
    state.apply(0, Play("R7", None, False))
    assert BOT.act(state, 0) == SWAP_WITH[2]


@pytest.mark.parametrize(("held", "expected"), [(["G9"], DRAW), (["G9", "Y9", "B9"], CHALLENGE)])
def test_it_challenges_a_plus_four_from_a_hand_likely_to_hold_the_color(held, expected):
    """One card left beside the +4 is rarely of the colour (drawing 4 beats risking 6);
    three are likely to hold it."""
    state = deal([["+4", *held], ["G1", "Y2"], ["Y1", "Y3"]], challenge_plus_four=True)
    state.apply(0, Play("+4", "green", len(held) == 1))
    assert BOT.act(state, 1) == expected


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=30"])
def test_the_bots_finish_matches_under_the_party_rules(spec):
    options = {"jump_in": True, "seven_zero": True, "catch_missed_call": True}
    state = cardtable.make("lastcard", 3, seed=4, options=options | {"target_score": 0})
    bots = [make_bot(spec, "lastcard", seed=s) for s in range(3)]
    rng = random.Random(4)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        action = bots[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.card_count() == 108


def test_the_coach_hints_on_a_jump_in_and_on_a_challenge():
    """The coach prices the house rules' choices from the seat's knowledge, as any other."""
    hands = [["R5", "G1", "G2"], ["R2", "B3", "B4"], ["Y6", "Y7", "Y8"], ["R5", "Y1", "Y2"]]
    state = deal(hands, discard=["R9"], jump_in=True)
    state.apply(0, Play("R5", None, False))
    given = hint(state, 3, seed=1, ms=50)
    assert given.action in state.legal_actions(3) and given.alternative is not None
    state = deal([["+4", "G9", "Y9", "B9"], ["G1", "Y2"], ["Y1", "Y3"]], challenge_plus_four=True)
    state.apply(0, Play("+4", "green", False))
    given = hint(state, 1, seed=1, ms=50)
    assert {given.action, given.alternative} == {CHALLENGE, DRAW}


def test_it_never_challenges_a_strict_plus_four_and_the_search_knows_it_is_honest():
    options = {"challenge_plus_four": True, "strict_plus_four": True}
    state = deal([["+4", "G9", "Y9", "B9"], ["G1", "Y2"], ["Y1", "Y3"]], **options)
    state.apply(0, Play("+4", "green", False))
    assert BOT.act(state, 1) == DRAW
    rng = random.Random(1)
    assert not any(state.determinize(1, rng).bluff for _ in range(50))


@pytest.mark.parametrize("bits", range(0, 128, 3))
def test_the_fast_house_playout_makes_the_moves_act_makes(bits):
    """The heuristic's own playout under the house rules reaches the state, log included,
    that ``act`` reaches through the engine's generic playout, from positions of random
    matches under every third combination of the rules."""
    options = {name: bool(bits >> i & 1) for i, name in enumerate(HOUSE)}
    state = cardtable.make("lastcard", 2 + bits % 4, seed=bits, options=options)
    rng = random.Random(bits)
    for step in range(60):
        if state.is_over:
            break
        if step % 12 == 0:
            fast, generic = state.clone(), state.clone()
            LastCardHeuristicBot(seed=1).playout(fast, step)
            Bot.playout(LastCardHeuristicBot(seed=1), generic, step)
            assert fast.to_json() == generic.to_json()
            assert cardtable.replay(fast.record()).to_json() == fast.to_json()
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_with_seven_zero_it_plays_a_seven_first_when_a_much_shorter_hand_is_there_to_take():
    hands = [["R7", "Rskip", "G1", "G2", "B3"], ["B1", "B2"]]
    swapping = deal(hands, seven_zero=True)
    assert BOT.act(swapping, 0) == Play("R7", None, False)
    plain = deal(hands)  # without the rule the Skip's 20 points go first
    assert BOT.act(plain, 0) == Play("Rskip", None, False)
    close = deal([["R7", "Rskip", "G1"], ["B1", "B2"]], seven_zero=True)
    assert BOT.act(close, 0) == Play("Rskip", None, False)

"""The Last Card heuristic bot: legal, seat-honest, and playing its rules of thumb."""

import random

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.games.lastcard import LastCardHeuristicBot
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.state import LastCardState
from cardtable.sim.simulate import simulate


def deal(hands, discard=("R5",), pile=("B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"), **kw):
    return LastCardState.from_deal(hands, list(discard), list(pile), **kw)


def choice(state, seat=0):
    return LastCardHeuristicBot(seed=0).act(state, seat)


def test_registered_as_heuristic_for_lastcard():
    assert isinstance(make_bot("heuristic", "lastcard", seed=1), LastCardHeuristicBot)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_only_legal_actions_and_only_what_the_seat_knows(players):
    options = {"voluntary_draw": players == 3, "plus_four_on_plus_two": players == 6}
    for seed in range(4):
        state = LastCardState.new(players, LastCardState.options_type.from_dict(options), seed)
        rng = random.Random(seed)
        bot = LastCardHeuristicBot(seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_act[0]
            action = bot.act(state, seat)
            assert action in state.legal_actions(seat)
            guess = state.determinize(seat, rng)
            assert bot.act(guess, seat) == action
            state.apply(seat, action)


def test_always_calls_last_card():
    assert choice(deal([["R9", "B3"], ["R1", "R2", "R3"]])) == Play("R9", None, True)


def test_stacks_a_plus_two_rather_than_draw():
    state = deal([["G+2", "R3", "B3"], ["R1", "R2", "R3"]], discard=["R+2"], pending=2)
    assert choice(state) == Play("G+2", None, False)


def test_keeps_wild_cards_while_another_card_fits():
    assert choice(deal([["wild", "R3", "B4"], ["R1", "R2", "G3"]])) == Play("R3", None, False)


def test_names_the_color_it_holds_most():
    state = deal([["wild", "B1", "B2", "G3"], ["R1", "R2", "G4"]])
    assert choice(state) == Play("wild", "blue", False)


def test_stays_in_its_color_unless_the_next_player_is_close_to_winning():
    hand = ["Rskip", "G5", "G6", "G7", "G8", "G9"]
    assert choice(deal([hand, ["R1", "R2", "R3"]])) == Play("G5", None, False)
    assert choice(deal([hand, ["R1", "R2"]])) == Play("Rskip", None, False)


def test_plays_the_card_it_drew():
    state = deal([["R9", "R3", "G4"], ["B5", "G2"]], pile=["B1", "R4"])
    state.apply(0, Play("R9", None, False))
    assert state.legal_actions(1)[-1] == KEEP
    assert choice(state, 1) == Play("R4", None, False)


def test_draws_only_when_it_must():
    state = deal([["B3", "G4", "R7"], ["R1", "R2"]], options={"voluntary_draw": True})
    assert DRAW in state.legal_actions(0)
    assert choice(state) == Play("R7", None, False)


@pytest.mark.slow
def test_beats_random_in_most_single_rounds():
    summary = simulate("lastcard", 2, 300, 5, ["heuristic", "random"], {"target_score": 1})
    swapped = simulate("lastcard", 2, 300, 6, ["random", "heuristic"], {"target_score": 1})
    assert summary.wins[0] + swapped.wins[1] >= 0.65 * 600


def test_refuses_another_game():
    skyjo = cardtable.make("skyjo", 2, seed=1)
    with pytest.raises(TypeError, match="skyjo"):
        LastCardHeuristicBot(seed=0).act(skyjo, 0)

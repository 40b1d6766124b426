"""The whole message a player reads when acting out of turn: "already looked" only for a
second look during the deal's look, the plain "not your move" for anything else."""

import pytest

import cardtable
from cardtable.engine import IllegalActionError
from cardtable.engine.actions import Action
from cardtable.games.cactus.actions import DRAW, LOOK
from cardtable.games.cactus.state import CactusState

from .deals import P0, P1


def refusal(state: CactusState, seat: int, action: Action) -> str:
    """The message refusing ``action``; the state is left as it was."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(seat, action)
    assert state.to_json() == before
    return str(refused.value)


def looking() -> CactusState:
    """A new match's look in which seat 0 has looked and seat 1 has not yet."""
    state = cardtable.make("cactus", 2, seed=1)
    assert isinstance(state, CactusState)
    state.apply(0, LOOK)
    return state


def test_a_second_look_is_refused_as_already_looked() -> None:
    assert refusal(looking(), 0, LOOK) == "it is not seat 0's move: seat 0 has already looked"


def test_a_draw_during_the_look_is_refused_as_out_of_turn_alone() -> None:
    assert refusal(looking(), 0, DRAW) == "it is not seat 0's move"


def test_a_look_during_another_players_turn_is_refused_as_out_of_turn_alone() -> None:
    state = CactusState.from_deal([P0, P1], ["7c", "7d"])
    assert refusal(state, 1, LOOK) == "it is not seat 1's move"

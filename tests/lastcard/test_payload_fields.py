"""Saved Last Card states read back: a bad card name is refused naming the part of the
state that holds it, and a save that leaves out the house rules' fields (a hand-written
one, a bug report) restores with nothing open: no window, jump, catch or challenge."""

from typing import Any

import pytest

from cardtable.engine import StateFormatError
from cardtable.games.lastcard.state import LastCardState

from ..engine.roundtrips import assert_same_match, restored

#: The four house rules with windows or moves of their own (``LastCardState._house_step``).
WINDOWED = {
    "jump_in": True,
    "seven_zero": True,
    "challenge_plus_four": True,
    "catch_missed_call": True,
}


def saved_with_a_drawn_card() -> dict[str, Any]:
    """Seat 0 cannot play on the red 5 and waits with a drawn G9; jump-in is on."""
    state = LastCardState.from_deal(
        [["B1", "B2"], ["R3", "G4"]], ["R5"], ["R7", "G9"], options={"jump_in": True}
    )
    assert state.view(0)["drawn"] == "G9"
    return state.to_json()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", [["B1", "B2"], ["R3", "X4"]], "hand: 'X4' is not a Last Card card"),
        ("draw_pile", ["R7", "G99"], "draw pile: 'G99' is not a Last Card card"),
        ("discard", ["wild!"], "discard pile: 'wild!' is not a Last Card card"),
        ("drawn", "G10", "drawn card: 'G10' is not a Last Card card"),
        ("jump", "R-1", "jump: 'R-1' is not a Last Card card"),
    ],
)
def test_a_saved_state_with_an_unknown_card_is_refused_naming_where_it_lies(
    field: str, value: object, message: str
) -> None:
    data = saved_with_a_drawn_card()
    data["state"][field] = value
    with pytest.raises(StateFormatError) as refused:
        LastCardState.from_json(data)
    assert str(refused.value) == message


def test_a_save_without_the_house_fields_restores_with_nothing_open() -> None:
    state = LastCardState.from_deal(
        [["R3", "G4", "Y9"], ["Y1", "Y2"], ["B1", "B2"]],
        ["R5"],
        ["G1", "G2"],
        options=WINDOWED,
    )
    data = state.to_json()
    for field in ("window", "jump", "offender", "challenged", "challenge_color", "bluff"):
        del data["state"][field]
    back = LastCardState.from_json(data)
    assert_same_match(state, back)
    assert back._payload() | {"hands": None} == {
        "hands": None,
        "draw_pile": ["G1", "G2"],
        "discard": ["R5"],
        "color": "red",
        "pending": 0,
        "direction": 1,
        "current": 0,
        "phase": "turn",
        "drawn": None,
        "starter": 0,
        "window": [],
        "jump": None,
        "offender": -1,
        "challenged": -1,
        "challenge_color": -1,
        "bluff": False,
    }
    assert_same_match(back, restored(back))

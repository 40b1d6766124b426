"""Turns under the house rules: drawing until a card fits with the strict +4 on, the
house fields of every view, and a random playout asked to stop at the round's end."""

import random

import pytest

import cardtable
from cardtable.games.lastcard.state import PLAY_DRAWN, LastCardState

from .house import HOUSE


def test_until_playable_under_the_strict_plus_four_a_card_of_the_color_fits() -> None:
    """The strict +4 forbids only the +4 to a player holding the colour to follow: the red
    8 drawn fits the red 5 at once, although it makes its drawer hold red."""
    state = LastCardState.from_deal(
        [["B2", "G4"], ["Y5", "G7"]],
        ["R5"],
        ["B1", "Y2", "R8"],
        options={"draw_until_playable": True, "strict_plus_four": True},
    )
    assert (state.phase, state.current, state.view(0)["drawn"]) == (PLAY_DRAWN, 0, "R8")
    assert state.sizes == [3, 2]


def test_until_playable_under_the_strict_plus_four_a_plus_four_fits_without_the_color() -> None:
    state = LastCardState.from_deal(
        [["B2", "G4"], ["Y5", "G7"]],
        ["R5"],
        ["B1", "Y2", "+4"],
        options={"draw_until_playable": True, "strict_plus_four": True},
    )
    assert (state.view(0)["drawn"], state.view(0)["drawn_playable"]) == ("+4", True)


@pytest.mark.parametrize("rule", HOUSE)
def test_with_no_window_open_every_view_shows_no_window_jump_catch_or_challenge(rule: str) -> None:
    """The house fields are shown, empty, when nothing is open; without any house rule with
    moves of its own they are left out."""
    state = LastCardState.from_deal(
        [["R3", "G4", "Y9"], ["Y1", "Y2"], ["B1", "B2"]],
        ["R5"],
        ["G1", "G2"],
        options={rule: True},
    )
    windowed = rule in ("jump_in", "seven_zero", "challenge_plus_four", "catch_missed_call")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        house = {key: view.get(key, "absent") for key in ("window", "jump", "catch", "challenge")}
        if windowed:
            assert house == {"window": [], "jump": None, "catch": None, "challenge": None}
        else:
            assert set(house.values()) == {"absent"}


def test_a_random_playout_under_house_rules_can_stop_at_the_round_end() -> None:
    state = cardtable.make(
        "lastcard", 3, seed=4, options={"jump_in": True, "catch_missed_call": True}
    )
    logged = len(state.log)
    applied = state.random_playout(random.Random(5), until_round_end=True)
    assert len(state.round_scores) == 1 and not state.is_over
    assert state.round == 2 and applied == len(state.log) - logged

"""The option names of Last Card's seven house rules, for the tests that turn them on,
and positions those tests share."""

from typing import Any

from cardtable.games.lastcard.actions import Play
from cardtable.games.lastcard.state import LastCardState

HOUSE = (
    "jump_in",
    "seven_zero",
    "draw_until_playable",
    "challenge_plus_four",
    "catch_missed_call",
    "strict_plus_four",
    "forced_play_drawn",
)
#: The draw pile of the house rules' deals, drawn from its end: B9 first.
BLUE_PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def house_deal(hands: list[list[str]], **options: Any) -> LastCardState:
    """A deal on a red 5 over ``BLUE_PILE`` with the given options."""
    return LastCardState.from_deal(hands, ["R5"], BLUE_PILE, options=options)


def caught_to_act() -> LastCardState:
    """Two players: seat 0 plays a Skip, its second-to-last card, without the call, and
    so is both the player to act and the one who may be caught; seat 1 is in the window."""
    state = LastCardState.from_deal(
        [["Rskip", "R1"], ["Y1", "Y2"]],
        ["R3"],
        ["G7", "Bskip"],
        options={"catch_missed_call": True},
    )
    state.apply(0, Play("Rskip", None, False))
    return state

"""Moves the house rules do not allow now are refused with the reason a person reads:
no +4 to challenge, no 7 to swap with, no window to pass in, catching oneself, acting in
a window with a move of the turn, and a move after the window has closed."""

from collections.abc import Callable

import pytest

from cardtable.engine import IllegalActionError
from cardtable.engine.actions import Action
from cardtable.games.lastcard.actions import CATCH, CHALLENGE, DRAW, KEEP, PASS, SWAP_WITH, Play
from cardtable.games.lastcard.state import LastCardState

from ..engine.roundtrips import assert_refused
from .house import BLUE_PILE, caught_to_act, house_deal


def seven_zero_table() -> LastCardState:
    """Seat 0 to play on a red 5, holding a red 7; 7-0 and the +4 challenge are on."""
    return house_deal(
        [["R7", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3", "Y4"]],
        seven_zero=True,
        challenge_plus_four=True,
    )


def after_the_seven() -> LastCardState:
    """Seat 0 has played the red 7 and is to name whom to swap hands with."""
    state = seven_zero_table()
    state.apply(0, Play("R7", None, False))
    return state


def forced_after_a_draw() -> LastCardState:
    """With ``forced_play_drawn``, seat 0 holds nothing for the blue 5, so it has drawn
    the blue 9, which fits."""
    hands = [["G4", "G6"], ["Y1", "Y2"]]
    return LastCardState.from_deal(hands, ["B5"], BLUE_PILE, options={"forced_play_drawn": True})


def plain_table() -> LastCardState:
    """No house rule: seat 0 to play on a red 5."""
    return house_deal([["R3", "G4"], ["Y1", "Y2"]])


def wild_to_play() -> LastCardState:
    """No house rule: seat 0 to play on a red 5, holding a wild card."""
    return house_deal([["wild", "G4"], ["Y1", "Y2"]])


@pytest.mark.parametrize(
    ("table", "seat", "action", "reason"),
    [
        (seven_zero_table, 0, CHALLENGE, "there is no +4 to challenge"),
        (after_the_seven, 0, CHALLENGE, "there is no +4 to challenge"),
        (seven_zero_table, 0, SWAP_WITH[1], "there is no 7 to swap with"),
        (after_the_seven, 0, SWAP_WITH[0], "choose another seat"),
        (seven_zero_table, 0, PASS, "there is no window to pass in"),
        (caught_to_act, 0, CATCH, "you may not catch yourself"),
        (caught_to_act, 1, DRAW, "it is not your turn"),
        (caught_to_act, 1, KEEP, "it is not your turn"),
        (after_the_seven, 0, Play("R1", None, False), "choose whom to swap hands with"),
        (after_the_seven, 0, DRAW, "choose whom to swap hands with"),
        (forced_after_a_draw, 0, KEEP, "a playable card just drawn must be played"),
        (plain_table, 0, CATCH, "this table's rules have no such move now"),
        (plain_table, 0, SWAP_WITH[1], "this table's rules have no such move now"),
        (wild_to_play, 0, Play("wild", None, False), "a Wild or +4 must name a colour"),
        (wild_to_play, 0, Play("wild", "pink", False), "a Wild or +4 must name a colour"),
        (wild_to_play, 0, Play("wild", ["red"], False), "a Wild or +4 must name a colour"),
    ],
)
def test_a_house_move_not_allowed_now_is_refused_with_its_reason(
    table: Callable[[], LastCardState], seat: int, action: Action, reason: str
) -> None:
    assert_refused(table(), seat, action, reason)


def test_a_move_out_of_turn_is_too_late_only_where_a_window_could_have_allowed_it() -> None:
    """Without house rules a play out of turn is simply not that seat's move; with them a
    play, catch or pass out of turn is one whose window has passed."""
    hands = [["R3", "G4"], ["Y1", "Y2"], ["B1", "B2"]]
    plain = house_deal(hands)
    house = house_deal(hands, jump_in=True)
    late = "it is not seat 1's move: too late: the chance to jump in or catch has passed"
    for action in (Play("Y1", None, False), CATCH, PASS):
        with pytest.raises(IllegalActionError, match=r"^it is not seat 1's move$"):
            plain.apply(1, action)
        with pytest.raises(IllegalActionError) as refused:
            house.apply(1, action)
        assert str(refused.value) == late
    with pytest.raises(IllegalActionError, match=r"^it is not seat 1's move$"):
        house.apply(1, DRAW)

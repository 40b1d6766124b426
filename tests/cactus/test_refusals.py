"""Moves the rules do not allow, refused with the whole message a player reads and the
state left as it was: a window closed by a player, a snap without ``snap_opponent``, a
second call, a draw with nothing to draw, an empty slot, the black king's swap kept,
a locked caller's card chosen, and window moves outside a window."""

import pytest

from cardtable.engine import SYSTEM
from cardtable.engine.actions import Action
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    CLOSE_WINDOW,
    DISCARD,
    DRAW,
    KEEP,
    PASS,
    ChooseOpponent,
    PeekOpponent,
    Replace,
    Swap,
    Throw,
    ThrowOpponent,
)
from cardtable.games.cactus.state import CactusState

from ..engine.roundtrips import assert_refused
from .deals import P0, P1, P2
from .scenarios import Move, after


def red_king_window() -> CactusState:
    """Seat 0 drew and discarded the Kh (no effect): seat 1's quick-discard window."""
    return after([P0, P1], ["7c", "Kh"], [(0, DRAW), (0, DISCARD)])


def test_only_the_server_closes_a_window() -> None:
    state = red_king_window()
    assert_refused(state, 1, CLOSE_WINDOW, "only the server closes a window")
    state.apply(SYSTEM, CLOSE_WINDOW)
    assert state.to_act == (1,)


def test_a_snap_of_another_players_card_needs_snap_opponent() -> None:
    state = red_king_window()
    reason = "this table plays no snaps of others' cards"
    assert_refused(state, 1, ThrowOpponent(0, 0), reason)


def test_in_a_window_only_a_throw_or_a_pass_is_allowed() -> None:
    assert_refused(red_king_window(), 1, Replace(0), "now you may throw a card or pass")


@pytest.mark.parametrize("action", [PASS, Throw(0), ThrowOpponent(1, 0)])
def test_a_window_move_on_ones_turn_is_too_late(action: Action) -> None:
    state = after([P0, P1], ["7c"], [], options={"snap_opponent": True})
    assert_refused(state, 0, action, "too late: the quick-discard window has closed")


def test_nobody_calls_cactus_twice_in_a_round() -> None:
    state = after([P0, P1, P2], ["7c"], [], current=2, caller=1)
    assert_refused(state, 2, CALL_CACTUS, "seat 1 has already called Cactus")


def test_a_draw_with_no_card_to_draw_or_reshuffle_is_refused() -> None:
    state = CactusState.from_deal([P0, P1], [], ["4c"])
    assert_refused(state, 0, DRAW, "no card is left to draw")


def test_a_card_cannot_go_into_an_emptied_slot() -> None:
    state = after([[None, "2c", "9d"], P1], ["7c"], [(0, DRAW)])
    assert_refused(state, 0, Replace(0), "your slot 0 is empty")


def test_a_swap_cannot_give_from_an_emptied_slot() -> None:
    state = after(
        [[None, "2c", "9d"], P1], ["Jd"], [(0, DRAW), (0, DISCARD), (0, ChooseOpponent(1, 2))]
    )
    assert_refused(state, 0, Swap(0), "your slot 0 is empty")
    assert_refused(state, 0, Swap(3), "you have no slot 3 (slots 0..2)")


def test_the_black_kings_swap_is_kept_only_with_the_option() -> None:
    moves: list[Move] = [(0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 3))]
    state = after([P0, P1], ["7c", "Ks"], moves)
    assert_refused(state, 0, KEEP, "the black king's swap is part of its effect")
    optional = after([P0, P1], ["7c", "Ks"], moves, options={"black_king_swap_optional": True})
    optional.apply(0, KEEP)
    assert optional.cards == state.cards


def test_a_locked_callers_card_cannot_be_chosen_for_a_swap() -> None:
    state = after([P0, P1, P2], ["7c", "Qd"], [(0, DRAW), (0, DISCARD)], caller=1)
    reason = "seat 1 called Cactus: their cards are locked"
    assert_refused(state, 0, ChooseOpponent(1, 0), reason)
    assert_refused(state, 0, ChooseOpponent(2, 4), "seat 2 has no card in slot 4")
    state.apply(0, ChooseOpponent(2, 0))
    assert state.view(0)["effect"]["target"] == [2, 0]

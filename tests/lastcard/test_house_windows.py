"""The window for jumping in and catching a missed call, and the moves made in it: who
is asked, what the table is told when it opens and closes, a jump-in, the moves of the
player to act, and the server closing it when its time runs out
(src/cardtable/web/rules/lastcard.md, "House rules")."""

from typing import Any

from cardtable.engine.state import SYSTEM
from cardtable.games.lastcard.actions import CLOSE_WINDOW, DRAW, KEEP, Play
from cardtable.games.lastcard.state import LastCardState

from ..engine.roundtrips import assert_refused, events_json
from .house import BLUE_PILE, house_deal

#: Seat 2 holds the other R3, to jump in on seat 0's; seat 1 is next and holds an R2.
R3_HANDS = [["R3", "G4", "G6"], ["Y1", "R2", "Y4"], ["Y2", "R3"]]


def r3_window(draw_pile: list[str] = BLUE_PILE, **options: Any) -> LastCardState:
    """Seat 0 plays an R3 on a red 5 with jump-in on: seat 1 is to act, seat 2 is asked."""
    state = LastCardState.from_deal(
        R3_HANDS, ["R5"], draw_pile, options={"jump_in": True, **options}
    )
    state.apply(0, Play("R3", None, False))
    assert state.to_act == (1, 2)
    return state


def test_a_window_is_closed_by_the_server_alone_and_its_close_is_told() -> None:
    state = r3_window()
    assert_refused(state, 2, CLOSE_WINDOW, "only the server closes a window")
    assert events_json(state.apply(SYSTEM, CLOSE_WINDOW)) == [{"type": "window_closed"}]
    assert state.to_act == (1,)
    assert state.legal_actions(2) == []


def test_a_jump_in_is_told_then_played_as_the_jumpers_own_turn_with_their_call() -> None:
    """The jumper goes down to one card calling "Last Card": no penalty; play goes on
    from them, and the jumped-in R3 opens a new window for the seat after them."""
    state = r3_window()
    assert events_json(state.apply(2, Play("R3", None, True))) == [
        {"type": "jump_in", "seat": 2, "card": "R3"},
        {"type": "play", "seat": 2, "card": "R3", "color": "red", "call": True},
        {"type": "turn", "seat": 0},
        {"type": "draw", "seat": 0, "count": 1, "reason": "draw"},
        {"type": "drawn", "seat": 0, "cards": ["B9"], "audience": [0]},
        {"type": "window_open", "seats": [1], "jump": "R3", "catch": None},
    ]
    assert state.view(2)["hand"] == ["Y2"]
    assert state.to_act == (0, 1)
    saved = state.to_json()
    restored = LastCardState.from_json(saved)
    assert restored.to_json() == saved
    assert restored.to_act == (0, 1)


def test_the_player_to_act_playing_closes_the_window_first() -> None:
    state = r3_window()
    assert events_json(state.apply(1, Play("R2", None, False))) == [
        {"type": "window_closed"},
        {"type": "play", "seat": 1, "card": "R2", "color": "red", "call": False},
        {"type": "turn", "seat": 2},
        {"type": "window_open", "seats": [0], "jump": "R2", "catch": None},
    ]


def test_the_player_to_act_drawing_closes_the_window_and_may_then_keep_the_card() -> None:
    state = r3_window(["B1", "R7"], voluntary_draw=True)
    assert events_json(state.apply(1, DRAW)) == [
        {"type": "window_closed"},
        {"type": "draw", "seat": 1, "count": 1, "reason": "draw"},
        {"type": "drawn", "seat": 1, "cards": ["R7"], "audience": [1]},
    ]
    assert state.to_act == (1,)
    assert state.legal_actions(1) == [Play("R7", None, False), KEEP]
    assert events_json(state.apply(1, KEEP)) == [
        {"type": "keep", "seat": 1},
        {"type": "turn", "seat": 2},
    ]
    assert state.to_act == (2,)


def test_with_two_players_no_one_is_left_to_jump_in_and_no_window_is_told() -> None:
    state = house_deal([["R3", "G4", "G6"], ["Y1", "R3"]], jump_in=True)
    assert events_json(state.apply(0, Play("R3", None, False))) == [
        {"type": "play", "seat": 0, "card": "R3", "color": "red", "call": False},
        {"type": "turn", "seat": 1},
    ]
    assert state.to_act == (1,)


def test_a_catch_only_window_names_the_player_to_catch_and_offers_no_jump_in() -> None:
    state = house_deal([["R3", "G4"], ["Y1", "R2"], ["Y2", "R3"]], catch_missed_call=True)
    assert events_json(state.apply(0, Play("R3", None, False))) == [
        {"type": "play", "seat": 0, "card": "R3", "color": "red", "call": False},
        {"type": "turn", "seat": 1},
        {"type": "window_open", "seats": [2], "jump": None, "catch": 0},
    ]
    assert state.to_act == (1, 2)


def test_a_wild_card_cannot_be_jumped_in_on() -> None:
    state = house_deal([["wild", "G4", "G6"], ["Y1", "R2"], ["Y2", "wild"]], jump_in=True)
    assert events_json(state.apply(0, Play("wild", "red", False))) == [
        {"type": "play", "seat": 0, "card": "wild", "color": "red", "call": False},
        {"type": "turn", "seat": 1},
    ]
    assert state.to_act == (1,)
    assert state.legal_actions(2) == []


def test_a_game_without_house_rules_saves_none_of_their_fields() -> None:
    state = house_deal([["R3", "G4"], ["Y1", "R2"]])
    saved = state.to_json()
    assert set(saved["state"]) == {
        "hands",
        "draw_pile",
        "discard",
        "color",
        "pending",
        "direction",
        "current",
        "phase",
        "drawn",
        "starter",
    }
    assert LastCardState.from_json(saved).to_json() == saved

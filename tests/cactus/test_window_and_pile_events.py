"""Everything the table is told in a quick-discard window (rule 4) and when the draw pile
runs out: whole events, with why a window closed, where penalty cards go, and the
discard pile turned into a new draw pile as soon as it holds a card besides its top."""

from cardtable.games.cactus.actions import (
    DISCARD,
    DRAW,
    PASS,
    TAKE_DISCARD,
    Give,
    Replace,
    Throw,
    ThrowOpponent,
)
from cardtable.games.cactus.cards import card

from ..engine.roundtrips import events_json
from .deals import P0, P1, P2
from .scenarios import after


def test_a_right_throw_closes_the_window_as_a_right_throw() -> None:
    state = after([P0, P1, P2], ["5c"], [(0, DRAW), (0, DISCARD)])
    assert events_json(state.apply(2, Throw(1))) == [
        {"type": "throw", "seat": 2, "slot": 1, "card": "5d", "right": True},
        {"type": "window_closed", "reason": "right_throw"},
        {"type": "turn", "seat": 1},
    ]


def test_two_penalty_cards_open_two_new_slots_and_the_window_stays_open() -> None:
    state = after(
        [P0, P1, P2],
        ["9c", "10d", "5c"],
        [(0, DRAW), (0, DISCARD)],
        options={"wrong_throw_penalty": 2},
    )
    assert events_json(state.apply(1, Throw(0))) == [
        {"type": "throw", "seat": 1, "slot": 0, "card": "3c", "right": False},
        {"type": "penalty", "seat": 1, "slot": 4},
        {"type": "penalty", "seat": 1, "slot": 5},
    ]
    assert state.cards[1][4:] == [card("10d"), card("9c")]
    assert state.to_act == (2,)
    assert events_json(state.apply(2, PASS)) == [
        {"type": "pass", "seat": 2},
        {"type": "window_closed", "reason": "all_acted"},
        {"type": "turn", "seat": 1},
    ]


def test_a_penalty_card_reshuffles_a_discard_pile_of_two() -> None:
    """The draw pile is empty; after the replace the pile holds the 4c under the 2c."""
    state = after([P0, P1], [], [(0, TAKE_DISCARD), (0, Replace(0))], discard=["4c", "9h"])
    assert events_json(state.apply(1, Throw(0))) == [
        {"type": "throw", "seat": 1, "slot": 0, "card": "3c", "right": False},
        {"type": "reshuffle", "size": 1},
        {"type": "penalty", "seat": 1, "slot": 4},
        {"type": "window_closed", "reason": "all_acted"},
        {"type": "turn", "seat": 1},
    ]
    assert state.cards[1][4] == card("4c") and state.discard == [card("2c")]


def test_a_draw_reshuffles_a_discard_pile_of_two() -> None:
    state = after([P0, P1], [], [], discard=["4c", "9h"])
    assert DRAW in state.legal_actions(0)
    assert events_json(state.apply(0, DRAW)) == [
        {"type": "reshuffle", "size": 1},
        {"type": "draw", "seat": 0},
        {"type": "drawn", "seat": 0, "card": "4c", "audience": [0]},
    ]
    assert state.discard == [card("9h")] and state.draw_pile == []


def test_a_right_snap_closes_the_window_and_its_thrower_gives_a_card() -> None:
    state = after([P0, P1, P2], ["5c"], [(0, DRAW), (0, DISCARD)], options={"snap_opponent": True})
    assert events_json(state.apply(1, ThrowOpponent(2, 1))) == [
        {
            "type": "throw_opponent",
            "seat": 1,
            "target_seat": 2,
            "slot": 1,
            "card": "5d",
            "right": True,
        },
        {"type": "window_closed", "reason": "right_throw"},
    ]
    assert state.to_act == (1,) and state.legal_actions(1) == [Give(i) for i in range(4)]
    assert events_json(state.apply(1, Give(3))) == [
        {"type": "give", "seat": 1, "slot": 3, "target_seat": 2, "target_slot": 1},
        {"type": "turn", "seat": 1},
    ]
    assert state.cards[2][1] == card("6s") and state.view(1)["layouts"][1][3] == "empty"

"""Last Card's views and events field by field, from the rules' "For programs" section:
each seat sees its own hand, the other hands by size, the top card, the colour, the
waiting draw, the direction, the pile sizes, whose turn it is; ``drawn`` only while
the seat itself decides about a drawn card."""

from collections import Counter

import pytest

import cardtable
from cardtable.engine import ActionFormatError, IllegalActionError
from cardtable.engine.events import events_for
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.state import LastCardState

BLUE_PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def deal(hands, discard=("R5",), draw_pile=BLUE_PILE, **kw):
    return LastCardState.from_deal(hands, list(discard), list(draw_pile), **kw)


def table(state, **fields):
    """The part of every view that is the same for everyone."""
    return {
        "phase": "turn",
        "current": state.current,
        "direction": 1,
        "top": "R5",
        "color": "red",
        "pending": 0,
        "hand_sizes": state.sizes,
        "draw_size": len(state.draw_pile),
        "discard_size": 1,
        "starter": 0,
        **fields,
    }


def game_part(view):
    match_keys = {"game", "players", "options", "round", "to_act", "totals", "round_scores"}
    return {k: v for k, v in view.items() if k not in match_keys | {"is_over", "winners"}}


def test_each_seat_sees_its_own_hand_and_the_table():
    state = deal([["R1", "G2", "B3"], ["Y4", "Y5"], ["G7", "wild"]], current=1)
    expected_table = table(state, current=1, starter=1, hand_sizes=[3, 2, 2], draw_size=8)
    hands = [["R1", "G2", "B3"], ["Y4", "Y5"], ["G7", "wild"]]
    for seat in range(3):
        view = state.view(seat)
        assert game_part(view) == {
            **expected_table,
            "hand": hands[seat],
            "drawn": None,
            "drawn_playable": None,
            "you": seat,
        }
        assert view["to_act"] == [1] and view["round"] == 1 and view["players"] == 3
    spectator = game_part(state.view(None))
    assert spectator == {
        **expected_table,
        "hand": None,
        "drawn": None,
        "drawn_playable": None,
        "you": None,
    }


def test_the_view_follows_a_wild_a_reverse_and_a_waiting_draw():
    state = deal([["wild", "B3", "G4"], ["Breverse", "B5", "R6"], ["B+2", "G+2", "Y1"]])
    state.apply(0, Play("wild", "blue", False))
    view = state.view(2)
    assert (view["top"], view["color"], view["current"]) == ("wild", "blue", 1)
    state.apply(1, Play("Breverse", None, False))
    view = state.view(2)
    assert (view["top"], view["color"], view["direction"], view["current"]) == (
        "Breverse",
        "blue",
        -1,
        0,
    )
    state.apply(0, Play("B3", None, True))
    state.apply(2, Play("B+2", None, False))
    view = state.view(0)
    assert (view["top"], view["pending"], view["current"], view["discard_size"]) == (
        "B+2",
        2,
        1,
        5,
    )
    assert view["hand_sizes"] == [1, 2, 2]


def test_only_the_drawer_sees_the_card_drawn_and_whether_it_fits():
    state = deal([["B1", "G2"], ["Y4", "Y5"]], draw_pile=["G9", "R7"])
    assert state.phase == 1 and state.current == 0
    mine, theirs = state.view(0), state.view(1)
    assert (mine["phase"], mine["drawn"], mine["drawn_playable"]) == ("play_drawn", "R7", True)
    assert (theirs["phase"], theirs["drawn"], theirs["drawn_playable"]) == (
        "play_drawn",
        None,
        None,
    )
    assert state.view(None)["drawn"] is None
    assert mine["hand"] == ["R7", "G2", "B1"]
    assert mine["hand_sizes"] == [3, 2] and mine["draw_size"] == 1


def test_a_drawn_card_that_does_not_fit_shows_as_not_playable_to_the_drawer():
    state = deal([["B1", "G2"], ["Y4", "Y5"]], draw_pile=["G9", "Y8"])
    view = state.view(0)
    assert (view["drawn"], view["drawn_playable"]) == ("Y8", False)
    assert state.legal_actions(0) == [KEEP]
    with pytest.raises(IllegalActionError, match="keep it"):
        state.apply(0, Play("Y8", None, False))


def test_the_finished_match_shows_no_one_to_play():
    state = deal([["R1"], ["Y4", "Y5", "wild"]], options={"target_score": 0})
    events = state.apply(0, Play("R1", None, False))
    view = state.view(1)
    assert (view["phase"], view["current"], view["is_over"], view["winners"]) == (
        "over",
        None,
        True,
        [0],
    )
    assert view["to_act"] == [] and view["totals"] == [59, 0]
    assert [e.to_json() for e in events] == [
        {"type": "play", "seat": 0, "card": "R1", "color": "red", "call": False},
        {
            "type": "round_end",
            "round": 1,
            "winner": 0,
            "hands": [[], ["Y4", "Y5", "wild"]],
            "scores": [59, 0],
            "totals": [59, 0],
        },
        {"type": "match_end", "totals": [59, 0], "winners": [0]},
    ]


def test_a_missed_call_and_a_penalty_show_who_drew_how_many_and_why():
    state = deal([["R+2", "R3", "G4"], ["Y1", "Y2"], ["G5", "G6"]])
    events = state.apply(0, Play("R+2", None, False))
    assert [e.to_json() for e in events_for(events, None)] == [
        {"type": "play", "seat": 0, "card": "R+2", "color": "red", "call": False},
        {"type": "turn", "seat": 1},
    ]
    state = deal([["R3", "G4"], ["Y1", "Y2"]], draw_pile=["B1", "B2", "B6"])
    events = state.apply(0, Play("R3", None, False))
    assert [e.to_json() for e in events] == [
        {"type": "play", "seat": 0, "card": "R3", "color": "red", "call": False},
        {"type": "draw", "seat": 0, "count": 2, "reason": "missed_call"},
        {"type": "drawn", "seat": 0, "cards": ["B2", "B6"], "audience": [0]},
        {"type": "turn", "seat": 1},
        {"type": "draw", "seat": 1, "count": 1, "reason": "draw"},
        {"type": "drawn", "seat": 1, "cards": ["B1"], "audience": [1]},
    ]
    assert state.current == 1 and state.view(1)["drawn"] == "B1"


def test_keep_is_announced_and_the_turn_passes():
    state = deal([["B1", "G2"], ["Y4", "Y5"]], draw_pile=["G9", "Y8"])
    events = state.apply(0, KEEP)
    assert [e.to_json() for e in events][:2] == [
        {"type": "keep", "seat": 0},
        {"type": "turn", "seat": 1},
    ]
    assert state.view(0)["drawn"] is None and state.view(0)["phase"] == "turn"


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "play", "card": "R11", "color": None, "call": False},
        {"type": "play", "card": "R3", "color": "red", "call": False},
        {"type": "play", "card": "wild", "color": None, "call": False},
        {"type": "play", "card": "wild", "color": "pink", "call": False},
        {"type": "play", "card": "R3", "color": None, "call": True},
        {"type": "play", "card": "Y9", "color": None, "call": False},
        {"type": "keep"},
    ],
)
def test_bad_plays_are_refused_and_change_nothing(bad):
    state = deal([["R3", "wild", "G4"], ["Y1", "Y2"]])
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(0, bad)
    assert state.to_json() == before


@pytest.mark.parametrize(
    "bad", [{"type": "fold"}, {"type": "play", "card": 3, "color": None, "call": False}, []]
)
def test_malformed_actions_are_refused(bad):
    state = deal([["R3", "wild", "G4"], ["Y1", "Y2"]])
    with pytest.raises(ActionFormatError):
        state.apply(0, bad)


def test_drawing_while_able_to_play_and_acting_out_of_turn_are_refused():
    state = deal([["R3", "wild", "G4"], ["Y1", "Y2"]])
    with pytest.raises(IllegalActionError, match="must play"):
        state.apply(0, DRAW)
    with pytest.raises(IllegalActionError):
        state.apply(1, Play("Y1", None, False))
    assert state.legal_actions(1) == []


def test_a_new_match_opens_with_the_deal_shown_to_each_seat_alone():
    state = cardtable.make("lastcard", 3, seed=4)
    start = state.opening[0]
    assert start.type == "round_start" and start.audience is None
    assert start.data == {"round": 1, "starter": 0, "top": state.view(None)["top"]}
    deals = [e for e in state.opening if e.type == "deal"]
    assert [(e.audience, e.data["seat"]) for e in deals] == [((p,), p) for p in range(3)]
    assert state.opening[4].to_json() == {"type": "turn", "seat": 0}
    for seat, event in enumerate(deals):  # the starter may have drawn since
        assert not Counter(event.data["cards"]) - Counter(state.view(seat)["hand"])
        assert len(event.data["cards"]) == 7


def test_a_winning_plus_two_is_drawn_and_leaves_no_draw_waiting():
    state = deal([["R+2"], ["Y4", "Y5"]], options={"target_score": 0})
    events = [e.to_json() for e in state.apply(0, Play("R+2", None, False))]
    assert events[1] == {"type": "draw", "seat": 1, "count": 2, "reason": "penalty"}
    assert events[-2]["hands"] == [[], ["B8", "B9", "Y4", "Y5"]]
    view = state.view(None)
    assert (view["phase"], view["pending"], view["hand_sizes"]) == ("over", 0, [0, 4])

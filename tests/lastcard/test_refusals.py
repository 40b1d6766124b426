"""Bad deals and bad moves in Last Card are refused with the reason a person reads."""

import pytest

from cardtable.engine import IllegalActionError, StateFormatError
from cardtable.games.cactus.actions import LOOK
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.state import LastCardState

BLUE_PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def deal(hands=(("R1", "G2"), ("Y4", "Y5")), discard=("R5",), draw_pile=BLUE_PILE, **kw):
    return LastCardState.from_deal([list(h) for h in hands], list(discard), list(draw_pile), **kw)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": [["R1"]]}, "Last Card is for 2 to 10 players, not 1"),
        ({"hands": [["R1"]] * 11}, "Last Card is for 2 to 10 players, not 11"),
        ({"hands": [["R1"], ["R10"]]}, "hand of seat 1: 'R10' is not a Last Card card"),
        ({"draw_pile": ["B1", 7]}, "draw pile: 7 is not a Last Card card"),
        ({"discard": ["R5", "X1"]}, "discard pile: 'X1' is not a Last Card card"),
        ({"discard": ["R0", "R0"]}, "the deck has 1 R0, the deal has 2"),
        ({"hands": [["R1"], []]}, "every hand must hold at least one card"),
        ({"discard": []}, "the discard pile needs a top card"),
        ({"discard": ["wild"]}, "a wild on top needs a named colour, not None"),
        ({"discard": ["+4"], "color": "pink"}, "a +4 on top needs a named colour, not 'pink'"),
        ({"color": "blue"}, "the top card R5 does not have colour 'blue'"),
        ({"pending": 2}, "a draw can be pending only with a +2 or +4 on top"),
        ({"current": 2}, "current must be a seat, direction 1 or -1, pending >= 0"),
        ({"current": -1}, "current must be a seat, direction 1 or -1, pending >= 0"),
        ({"direction": 0}, "current must be a seat, direction 1 or -1, pending >= 0"),
        (
            {"discard": ["R+2"], "pending": -2},
            "current must be a seat, direction 1 or -1, pending >= 0",
        ),
    ],
)
def test_bad_deals_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(StateFormatError) as refused:
        deal(**kwargs)
    assert str(refused.value) == message


def test_a_colored_top_may_name_its_own_color_and_a_wild_needs_one():
    assert deal(color="red").view(0)["color"] == "red"
    assert deal(discard=["wild"], color="green").view(0)["color"] == "green"


def refused(state, seat, action):
    """Why ``seat`` may not take ``action``; the message names both, the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, action)
    assert state.to_json() == before
    prefix = f"seat {seat} cannot {action}: "
    assert str(error.value).startswith(prefix)
    return str(error.value).removeprefix(prefix)


def test_plays_that_do_not_fit_are_refused_with_the_reason():
    state = deal([["R1", "G2", "wild", "+4", "Y5"], ["Y4", "Y6"]], discard=["R+2"])
    assert refused(state, 0, Play("B9", None, False)) == "you do not hold a B9"
    assert refused(state, 0, Play("Z9", None, False)) == "'Z9' is not a Last Card card"
    assert refused(state, 0, Play("G2", None, False)) == "G2 matches neither the colour red nor R+2"
    assert refused(state, 0, Play("+4", "red", False)) == "a +4 may not be played on R+2"
    assert refused(state, 0, Play("R1", "red", False)) == "only a Wild or +4 names a colour"
    assert refused(state, 0, Play("wild", None, False)) == "a Wild or +4 must name a colour"
    assert refused(state, 0, Play("wild", "R", False)) == "a Wild or +4 must name a colour"
    assert refused(state, 0, Play("R1", None, True)) == (
        '"Last Card" is called only when playing your second-to-last card'
    )
    assert refused(state, 0, DRAW) == "you must play a card when you can"
    assert refused(state, 0, KEEP) == "there is no card just drawn to keep"
    assert refused(state, 0, LOOK) == "it is not a Last Card action"


def test_a_waiting_draw_and_a_drawn_card_name_what_may_be_done():
    state = deal([["R+2", "G3", "B3"], ["G1", "Y+2"], ["R4", "R6"]])
    state.apply(0, Play("R+2", None, False))
    assert refused(state, 1, Play("G1", None, False)) == (
        "a draw of 2 is pending: answer it as the rules allow or draw"
    )
    drawing = deal([["B1", "G2"], ["Y4", "Y5"]], draw_pile=["G9", "R7"])
    assert refused(drawing, 0, Play("G2", None, False)) == (
        "only the card just drawn may be played now"
    )
    assert refused(drawing, 0, DRAW) == "you have drawn: play that card or keep it"
    unplayable = deal([["B1", "G2"], ["Y4", "Y5"]], draw_pile=["G9", "Y8"])
    assert refused(unplayable, 0, Play("Y8", None, False)) == (
        "Y8 matches neither the colour red nor R5: keep it"
    )

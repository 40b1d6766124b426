"""Each Last Card option on and off, in the situations where it decides (rules 3, 5, 6)."""

import pytest

from cardtable.engine import IllegalActionError, OptionError
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.cards import COLORS
from cardtable.games.lastcard.options import LastCardOptions
from cardtable.games.lastcard.state import LastCardState

BLUE_PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def deal(hands, discard=("R5",), draw_pile=BLUE_PILE, **options):
    return LastCardState.from_deal(hands, list(discard), list(draw_pile), options=options)


def plays(state, seat):
    return {(a.card, a.color) for a in state.legal_actions(seat) if a.kind == "play"}


def waiting_plus_two(**options):
    """Seat 1 faces a +2 from seat 0, holding a +4, a +2 and a red card."""
    state = deal([["R+2", "G3", "B3"], ["+4", "G+2", "R1"], ["R4", "R6"]], **options)
    state.apply(0, Play("R+2", None, False))
    return state


def test_a_plus_four_does_not_answer_a_plus_two_unless_the_option_allows_it():
    state = waiting_plus_two()
    assert plays(state, 1) == {("G+2", None)}
    with pytest.raises(IllegalActionError, match="pending"):
        state.apply(1, Play("+4", "red", False))
    state = waiting_plus_two(plus_four_on_plus_two=True)
    assert plays(state, 1) == {("G+2", None)} | {("+4", c) for c in COLORS}
    state.apply(1, Play("+4", "green", False))
    assert (state.pending, state.current) == (6, 2)


def test_after_a_plus_four_on_a_plus_two_only_a_plus_four_answers():
    state = deal(
        [["R+2", "G3", "B3"], ["+4", "G+2", "R1"], ["G+2", "+4", "Y1"]],
        plus_four_on_plus_two=True,
    )
    state.apply(0, Play("R+2", None, False))
    state.apply(1, Play("+4", "green", False))
    assert plays(state, 2) == {("+4", c) for c in COLORS}
    assert DRAW in state.legal_actions(2)


def test_stacking_plus_two_off_the_next_player_draws_even_holding_a_plus_two():
    state = deal(
        [["R+2", "G3", "B3"], ["G+2", "R1"], ["R4", "R6"]],
        stack_plus_two=False,
        plus_four_on_plus_two=True,
    )
    state.apply(0, Play("R+2", None, False))
    assert (state.sizes[1], state.pending, state.current) == (4, 0, 2)


def test_stacking_plus_four_off_but_plus_two_on():
    state = deal([["+4", "G3", "B3"], ["+4", "R1"], ["R4", "R6"]], stack_plus_four=False)
    state.apply(0, Play("+4", "red", False))
    assert (state.sizes[1], state.pending, state.current) == (6, 0, 2)
    state = deal([["R+2", "G3", "B3"], ["G+2", "R1"], ["R4", "R6"]], stack_plus_four=False)
    state.apply(0, Play("R+2", None, False))
    assert (state.pending, state.current, plays(state, 1)) == (2, 1, {("G+2", None)})


def test_stacking_plus_two_off_but_plus_four_on():
    state = deal([["+4", "G3", "B3"], ["+4", "R1"], ["R4", "R6"]], stack_plus_two=False)
    state.apply(0, Play("+4", "red", False))
    assert (state.pending, state.current) == (4, 1)
    assert plays(state, 1) == {("+4", c) for c in COLORS}


def test_a_plus_four_on_a_plus_two_top_without_a_waiting_draw():
    hands = [["+4", "R3", "G3"], ["R1", "B2"]]
    assert ("+4", "red") not in plays(deal(hands, discard=["R+2"]), 0)
    on = deal(hands, discard=["R+2"], plus_four_on_plus_two=True)
    assert ("+4", "red") in plays(on, 0)
    assert ("+4", "red") in plays(deal(hands, discard=["R7"]), 0)


def test_voluntary_draw_offers_a_draw_beside_the_plays_and_takes_one_card():
    hands = [["R3", "G4"], ["Y1", "Y2"]]
    assert DRAW not in deal(hands).legal_actions(0)
    state = deal(hands, voluntary_draw=True)
    assert DRAW in state.legal_actions(0)
    state.apply(0, DRAW)
    assert (state.sizes[0], state.view(0)["drawn"], state.current) == (3, "B9", 0)
    assert state.legal_actions(0) == [KEEP]


def test_voluntary_draw_without_play_drawn_passes_the_turn():
    state = deal([["R3", "G4"], ["Y1", "Y2"]], voluntary_draw=True, play_drawn=False)
    state.apply(0, DRAW)
    assert (state.sizes[0], state.current, state.phase) == (3, 1, 0)


def test_play_drawn_off_the_turn_passes_after_an_automatic_draw():
    state = deal([["B1", "G2"], ["R4", "Y5"]], draw_pile=["G9", "R7"], play_drawn=False)
    assert (state.current, state.sizes, state.view(0)["drawn"]) == (1, [3, 2], None)


@pytest.mark.parametrize("penalty", [0, 1, 4])
def test_the_missed_call_penalty_is_the_number_of_cards_the_option_says(penalty):
    state = deal([["R3", "G4"], ["Y1", "Y2"]], missed_call_penalty=penalty)
    state.apply(0, Play("R3", None, False))
    assert state.sizes[0] == 1 + penalty
    called = deal([["R3", "G4"], ["Y1", "Y2"]], missed_call_penalty=penalty)
    called.apply(0, Play("R3", None, True))
    assert called.sizes[0] == 1


@pytest.mark.parametrize(
    "options",
    [
        {"missed_call_penalty": 11},
        {"missed_call_penalty": -1},
        {"target_score": -5},
        {"play_drawn": "yes"},
        {"no_such_option": True},
    ],
)
def test_out_of_range_options_are_refused(options):
    with pytest.raises(OptionError):
        LastCardOptions.from_dict(options)


def test_the_options_defaults_are_the_rules_table():
    assert LastCardOptions().to_dict() == {
        "target_score": 500,
        "voluntary_draw": False,
        "play_drawn": True,
        "stack_plus_two": True,
        "stack_plus_four": True,
        "plus_four_on_plus_two": False,
        "missed_call_penalty": 2,
        "jump_in": False,
        "seven_zero": False,
        "draw_until_playable": False,
        "challenge_plus_four": False,
        "catch_missed_call": False,
        "strict_plus_four": False,
        "forced_play_drawn": False,
    }


def test_drawing_a_waiting_plus_two_is_told_and_the_turn_passes_on():
    state = waiting_plus_two()
    events = state.apply(1, DRAW)
    assert [(e.type, e.data) for e in events] == [
        ("draw", {"seat": 1, "count": 2, "reason": "penalty"}),
        ("drawn", {"seat": 1, "cards": ["B8", "B9"]}),
        ("turn", {"seat": 2}),
    ]
    assert (state.current, state.sizes[1], state.pending) == (2, 5, 0)


def test_a_draw_that_takes_the_last_cards_leaves_the_pile_empty_until_the_next_draw():
    """The discards are shuffled into a new draw pile only when a draw needs more cards
    than the pile holds, not when it takes exactly what is left."""
    hands = [["R+2", "G3", "B3"], ["+4", "G+2", "R1"], ["R4", "R6"]]
    state = deal(hands, discard=["Y4", "R5"], draw_pile=["B8", "B9"])
    state.apply(0, Play("R+2", None, False))
    events = state.apply(1, DRAW)
    assert [e.type for e in events] == ["draw", "drawn", "turn"]
    assert (state.view(2)["draw_size"], state.view(2)["discard_size"]) == (0, 3)

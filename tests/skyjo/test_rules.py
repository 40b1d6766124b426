"""Scenario tests: one or more per numbered rule of the Skyjo rules page
(src/cardtable/web/rules/skyjo.md), from explicit deals."""

import pytest

import cardtable
from cardtable.engine import IllegalActionError, OptionError, StateFormatError
from cardtable.games.skyjo.actions import (
    DISCARD,
    DRAW,
    TAKE_DISCARD,
    Replace,
    Reveal,
)
from cardtable.games.skyjo.state import DECK, SkyjoState

LOW = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]


def deal(layouts, discard=(5,), draw_pile=(0, 0, 0, 0), **kw):
    return SkyjoState.from_deal(layouts, list(discard), list(draw_pile), **kw)


def play(state, *moves):
    events = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events


def types(events):
    return [e.type for e in events]


# ------------------------------------------------------------------ rule 1: the deal
def test_rule1_deal_twelve_each_one_discard_rest_draw_pile():
    for n in (2, 5, 8):
        state = cardtable.make("skyjo", n, seed=n)
        assert sorted(DECK) == sorted(
            [c for cards in state.cards for c in cards] + state.draw_pile + state.discard
        )
        assert all(len(cards) == 12 for cards in state.cards)
        assert len(state.discard) == 1
        assert len(state.draw_pile) == 150 - 12 * n - 1
        view = state.view(0)
        assert view["discard_top"] == state.discard[-1]
        assert all(v == "hidden" for layout in view["layouts"] for v in layout)


def test_rule1_deck_composition():
    assert len(DECK) == 150
    assert DECK.count(-2) == 5 and DECK.count(-1) == 10 and DECK.count(0) == 15
    assert all(DECK.count(v) == 10 for v in range(1, 13))


# ------------------------------------------------------------------ rule 2: setup
def test_rule2_setup_is_simultaneous_and_each_reveals_two():
    state = deal([LOW, LOW, LOW])
    assert state.to_act == (0, 1, 2)
    play(state, (2, Reveal(0)), (0, Reveal(1)), (2, Reveal(5)))
    assert state.to_act == (0, 1)
    with pytest.raises(IllegalActionError):
        state.apply(2, Reveal(6))
    with pytest.raises(IllegalActionError, match="not face down"):
        state.apply(0, Reveal(1))
    with pytest.raises(IllegalActionError, match="only allows reveals"):
        state.apply(0, DRAW)
    play(state, (1, Reveal(3)), (1, Reveal(4)), (0, Reveal(2)))
    assert state.phase != 0 and len(state.to_act) == 1


def test_rule2_option_initial_reveals():
    state = deal([LOW, LOW], options={"initial_reveals": 3})
    for pos in (0, 1, 2):
        state.apply(0, Reveal(pos))
    assert state.to_act == (1,)
    state = deal([LOW, LOW], options={"initial_reveals": 0})
    assert state.to_act == (0,)  # no setup: rule 3 with all sums 0 picks seat 0
    with pytest.raises(OptionError, match="initial_reveals"):
        cardtable.make("skyjo", 2, options={"initial_reveals": 13})


# ------------------------------------------------------------------ rule 3: who starts
def test_rule3_highest_revealed_sum_starts():
    state = deal([LOW, LOW, LOW])
    play(
        state,
        (0, Reveal(0)), (0, Reveal(1)),   # 1 + 2 = 3
        (1, Reveal(10)), (1, Reveal(11)),  # 11 + 12 = 23
        (2, Reveal(8)), (2, Reveal(9)),   # 9 + 10 = 19
    )  # fmt: skip
    assert state.to_act == (1,)


def test_rule3_tie_goes_to_lowest_seat():
    state = deal([LOW, LOW, LOW])
    play(
        state,
        (0, Reveal(0)), (0, Reveal(1)),   # 3
        (2, Reveal(10)), (2, Reveal(11)),  # 23
        (1, Reveal(11)), (1, Reveal(10)),  # 23
    )  # fmt: skip
    assert state.to_act == (1,)


def test_rule3_later_rounds_start_with_the_finisher():
    # Seat 1 finishes round 1; round 2's first turn (after setup) is seat 1's.
    layout1 = [-1] * 10 + [-2, -2]
    state = deal([LOW, layout1], setup=False, current=1,
                 face_up=[[], list(range(11))], draw_pile=[0] * 12)  # fmt: skip
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(11)))  # seat 1 finishes
    assert state.finisher == 1
    play(state, (0, DRAW), (0, DISCARD), (0, Reveal(0)))
    assert state.round == 2 and state.phase == 0
    for seat in (0, 1):
        state.apply(seat, Reveal(0))
        state.apply(seat, Reveal(1))
    assert state.to_act == (1,)


# ------------------------------------------------------------------ rule 4: a turn
def test_rule4_take_discard_then_replace_face_down_card_unseen():
    state = deal([LOW, LOW], discard=[-2], setup=False)
    assert state.legal_actions(0) == [DRAW, TAKE_DISCARD]
    events = state.apply(0, TAKE_DISCARD)
    assert events[0].type == "take_discard" and events[0].data["card"] == -2
    # A taken discard must replace a card; discarding it is not an option.
    assert DISCARD not in state.legal_actions(0)
    with pytest.raises(IllegalActionError):
        state.apply(0, DISCARD)
    events = state.apply(0, Replace(7))
    assert state.cards[0][7] == -2 and state.status[0][7] == 1
    assert state.discard[-1] == 8  # the replaced card, now face up
    assert events[0].data == {"seat": 0, "pos": 7, "card": -2, "old": 8}
    assert state.to_act == (1,)


def test_rule4_replace_a_face_up_card():
    state = deal([LOW, LOW], discard=[0], setup=False, face_up=[[11], []])
    play(state, (0, TAKE_DISCARD), (0, Replace(11)))
    assert state.cards[0][11] == 0 and state.discard[-1] == 12


def test_rule4_draw_is_seen_only_by_drawer():
    state = deal([LOW, LOW], draw_pile=[4, 9], setup=False)
    events = state.apply(0, DRAW)
    drawn = [e for e in events if e.type == "drawn"]
    assert drawn[0].data["card"] == 9 and drawn[0].audience == (0,)
    assert all(e.visible_to(None) is False for e in drawn)
    assert state.view(0)["holding"]["card"] == 9
    assert state.view(1)["holding"] == {"seat": 0, "source": "draw", "card": None}
    assert state.view(None)["holding"]["card"] is None


def test_rule4_drawn_card_replace_or_discard_and_reveal():
    state = deal([LOW, LOW], draw_pile=[4, 9, 3], setup=False)
    play(state, (0, DRAW), (0, Replace(0)))
    assert state.cards[0][0] == 3 and state.discard[-1] == 1
    play(state, (1, DRAW), (1, DISCARD))
    assert state.discard[-1] == 9 and state.to_act == (1,)
    assert state.legal_actions(1) == [Reveal(p) for p in range(12)]
    play(state, (1, Reveal(5)))
    assert state.status[1][5] == 1 and state.to_act == (0,)


# ------------------------------------------------------------------ rule 5: columns and rows
def test_rule5_column_of_three_equal_cards_is_cleared_onto_discard():
    layout = [7, 1, 2, 3, 7, 4, 5, 6, 9, 8, 10, 11]  # column 0 = positions 0, 4, 8
    state = deal([layout, LOW], discard=[7], setup=False, face_up=[[0, 4, 8], []])
    events = play(state, (0, TAKE_DISCARD), (0, Replace(8)))
    assert "clear" in types(events)
    assert state.status[0][0] == state.status[0][4] == state.status[0][8] == 2
    assert state.discard[-4:] == [9, 7, 7, 7]  # replaced card first, column on top
    assert state.view(1)["layouts"][0][0] == "empty"
    assert state.layout_score(0) == sum(layout) - 7 - 7 - 9


def test_rule5_option_clear_columns_off():
    layout = [7, 1, 2, 3, 7, 4, 5, 6, 9, 8, 10, 11]
    state = deal([layout, LOW], discard=[7], setup=False, face_up=[[0, 4], []],
                 options={"clear_columns": False})  # fmt: skip
    events = play(state, (0, TAKE_DISCARD), (0, Replace(8)))
    assert "clear" not in types(events)
    assert state.status[0][8] == 1


def test_rule5_option_clear_rows():
    layout = [5, 5, 5, 1, 2, 3, 4, 6, 7, 8, 9, 10]  # row 0 = positions 0..3
    state = deal([layout, LOW], discard=[5], setup=False, face_up=[[0, 1, 2], []],
                 options={"clear_rows": True})  # fmt: skip
    events = play(state, (0, TAKE_DISCARD), (0, Replace(3)))
    assert [e.data["positions"] for e in events if e.type == "clear"] == [[0, 1, 2, 3]]
    assert all(state.status[0][p] == 2 for p in range(4))
    # Without the option a complete row stays.
    state = deal([layout, LOW], discard=[5], setup=False, face_up=[[0, 1, 2], []])
    play(state, (0, TAKE_DISCARD), (0, Replace(3)))
    assert state.status[0][3] == 1


def test_rule5_removed_positions_cannot_be_replaced():
    layout = [7, 1, 2, 3, 7, 4, 5, 6, 9, 8, 10, 11]
    state = deal([layout, LOW], discard=[7], setup=False, face_up=[[0, 4], []])
    play(state, (0, TAKE_DISCARD), (0, Replace(8)))
    assert state.status[0][0] == 2
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(0)))
    state.apply(0, TAKE_DISCARD)
    assert Replace(0) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="empty"):
        state.apply(0, Replace(0))


# ------------------------------------------------------------------ rule 6: round end
def test_rule6_others_get_exactly_one_more_turn_then_all_revealed_without_clearing():
    finisher = [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2]  # no two columns alike
    other = [6, 2, 2, 2, 6, 3, 3, 3, 9, 4, 4, 4]
    third = [7, 8, 10, -1] * 3  # all columns equal but face down: no clearing at the reveal
    state = deal([finisher, other, third], setup=False,
                 face_up=[list(range(11)), [0, 4], []], draw_pile=[0] * 10)  # fmt: skip
    events = play(state, (0, DRAW), (0, DISCARD), (0, Reveal(11)))
    assert "finish" in types(events) and state.finisher == 0
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(1)))
    assert state.round == 1 and state.to_act == (2,)
    events = play(state, (2, DRAW), (2, DISCARD), (2, Reveal(0)))
    end = next(e for e in events if e.type == "round_end")
    assert "clear" not in types(events)
    assert end.data["removed"][2] == [False] * 12
    assert end.data["scores"] == [30, sum(other), sum(third)]
    assert state.round == 2


def test_rule6_no_draw_possible_skips_the_draw():
    state = deal([LOW, LOW], discard=[3], draw_pile=[], setup=False)
    assert state.legal_actions(0) == [TAKE_DISCARD]
    with pytest.raises(IllegalActionError, match="no card is left"):
        state.apply(0, DRAW)


def test_empty_draw_pile_reshuffles_discard_but_top():
    state = deal([LOW, LOW], discard=[3, 4, 5, 6], draw_pile=[], setup=False, seed=1)
    events = state.apply(0, DRAW)
    assert types(events)[0] == "reshuffle"
    assert state.discard == [6]
    assert sorted([*state.draw_pile, state.holding]) == [3, 4, 5]


# ------------------------------------------------------------------ rule 7: finisher penalty
@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        ([1, 3] * 6, [2, 4] * 6, 24),  # strictly lowest: no penalty
        ([1, 3] * 6, [0, 4] * 6, 48),  # equal counts against the finisher
        ([2, 4] * 6, [1, 3] * 6, 72),  # someone lower
        ([0] * 12, [-1] * 10 + [-2, -2], 0),  # zero is never multiplied
        ([-1] * 6 + [0] * 6, [-2] * 5 + [-1] * 4 + [1] * 3, -6),  # negative: never multiplied
    ],
)
def test_rule7_finisher_penalty(mine, theirs, expected):
    state = deal([mine, theirs], setup=False, draw_pile=[12] * 10,
                 face_up=[list(range(11)), list(range(11))],
                 options={"clear_columns": False})  # fmt: skip
    play(state, (0, DRAW), (0, DISCARD), (0, Reveal(11)))
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(11)))
    assert state.round_scores[0][0] == expected
    assert state.round_scores[0][1] == sum(theirs)


def test_rule7_option_finisher_multiplier():
    state = deal([[2, 4] * 6, [1, 3] * 6], setup=False, draw_pile=[0] * 10,
                 face_up=[list(range(11)), list(range(11))],
                 options={"clear_columns": False, "finisher_multiplier": 3})  # fmt: skip
    play(state, (0, DRAW), (0, DISCARD), (0, Reveal(11)))
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(11)))
    assert state.round_scores[0][0] == 36 * 3


# ------------------------------------------------------------------ rule 8: match end
def test_rule8_match_ends_at_target_and_lowest_total_wins():
    state = deal([[2, 4] * 6, [1, 3] * 6], setup=False, draw_pile=[0] * 10, totals=[70, 80],
                 face_up=[list(range(11)), list(range(11))],
                 options={"clear_columns": False})  # fmt: skip
    play(state, (0, DRAW), (0, DISCARD), (0, Reveal(11)))
    events = play(state, (1, DRAW), (1, DISCARD), (1, Reveal(11)))
    assert state.totals == [70 + 72, 80 + 24]
    assert state.is_over and state.winners == [1]
    assert types(events)[-1] == "match_end"
    assert state.to_act == () and state.legal_actions(0) == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(0, DRAW)


def test_rule8_equal_lowest_totals_share_the_win():
    state = deal([[0, 2] * 6, [-1, 3] * 6, [8, 10] * 6], setup=False, draw_pile=[6] * 10,
                 totals=[50, 50, 60], face_up=[list(range(11)), list(range(11)), []],
                 options={"clear_columns": False, "finisher_multiplier": 1})  # fmt: skip
    play(state, (0, DRAW), (0, DISCARD), (0, Reveal(11)))
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(11)))
    play(state, (2, DRAW), (2, DISCARD), (2, Reveal(0)))
    assert state.totals == [62, 62, 168]
    assert state.winners == [0, 1]


def test_rule8_option_target_score():
    state = deal([[0, 2] * 6, [1, 3] * 6], setup=False, draw_pile=[6] * 10,
                 face_up=[list(range(11)), list(range(11))],
                 options={"clear_columns": False, "target_score": 12})  # fmt: skip
    play(state, (0, DRAW), (0, DISCARD), (0, Reveal(11)))
    play(state, (1, DRAW), (1, DISCARD), (1, Reveal(11)))
    assert state.is_over and state.winners == [0]


# ------------------------------------------------------------------ explicit deals
def test_from_deal_refuses_a_deal_the_deck_cannot_hold():
    """The deck has 10 of each of 1..12, 15 zeros, 10 of -1 and 5 of -2."""
    with pytest.raises(StateFormatError, match="deck has 10 cards of value 12, the deal has 20"):
        deal([LOW, LOW], draw_pile=[12] * 18)
    with pytest.raises(StateFormatError, match="deck has 5 cards of value -2, the deal has 6"):
        deal([[-2] * 6 + [0] * 6, LOW])
    with pytest.raises(StateFormatError, match="not Skyjo card values"):
        deal([[True] * 12, LOW])
    with pytest.raises(StateFormatError, match="current must be a seat"):
        deal([LOW, LOW], setup=False, current=2)
    with pytest.raises(StateFormatError, match="face-up positions of seat 1"):
        deal([LOW, LOW], face_up=[[0], [12]])
    whole = deal([LOW, LOW], draw_pile=[12] * 8)  # exactly the deck's ten 12s
    assert whole.draw_pile == [12] * 8

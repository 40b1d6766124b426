"""Skyjo's views, events and refusals field by field, per seat and phase (the Skyjo
rules page, src/cardtable/web/rules/skyjo.md)."""

import pytest

from cardtable.engine import ActionFormatError, IllegalActionError
from cardtable.games.skyjo.actions import DISCARD, DRAW, TAKE_DISCARD, Replace, Reveal
from cardtable.games.skyjo.state import SkyjoState

LOW = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
HIGH = [12 - i for i in range(12)]


def deal(layouts=(LOW, HIGH), discard=(5,), draw_pile=(0, 0, 0, 0), **kw):
    return SkyjoState.from_deal([list(x) for x in layouts], list(discard), list(draw_pile), **kw)


def game_part(view):
    keys = ("phase", "current", "finisher", "reveals_left", "draw_size", "discard_top")
    return {k: view[k] for k in (*keys, "discard_size", "layouts", "holding", "you")}


def events_json(events):
    return [e.to_json() for e in events]


def test_setup_views_show_no_one_to_play_and_the_reveals_left():
    state = deal()
    state.apply(1, Reveal(4))
    hidden = ["hidden"] * 12
    for seat in (0, 1, None):
        assert game_part(state.view(seat)) == {
            "phase": "setup",
            "current": None,
            "finisher": None,
            "reveals_left": [2, 1],
            "draw_size": 4,
            "discard_top": 5,
            "discard_size": 1,
            "layouts": [hidden, [*hidden[:4], 8, *hidden[5:]]],
            "holding": None,
            "you": seat,
        }
    assert state.view(0)["to_act"] == [0, 1]


def test_the_end_of_setup_announces_every_reveal_and_the_first_turn():
    state = deal()
    state.apply(0, Reveal(0))
    state.apply(0, Reveal(11))
    state.apply(1, Reveal(2))
    events = state.apply(1, Reveal(3))
    assert events_json(events) == [
        {"type": "reveal", "seat": 1, "pos": 3, "card": 9},
        {"type": "turn", "seat": 1},  # 10 + 9 beats 1 + 12
    ]
    assert (state.view(0)["current"], state.view(0)["phase"]) == (1, "turn")


def test_a_drawn_card_is_the_drawers_alone_and_a_taken_one_is_public():
    state = deal(setup=False, draw_pile=[0, 0, 7])
    events = state.apply(0, DRAW)
    assert events_json(events) == [
        {"type": "draw", "seat": 0},
        {"type": "drawn", "seat": 0, "card": 7, "audience": [0]},
    ]
    assert state.view(0)["holding"] == {"seat": 0, "source": "draw", "card": 7}
    for seat in (1, None):
        assert state.view(seat)["holding"] == {"seat": 0, "source": "draw", "card": None}
    assert (state.view(1)["phase"], state.view(1)["current"]) == ("place_drawn", 0)
    assert state.view(1)["draw_size"] == 2
    taken = deal(setup=False)
    assert events_json(taken.apply(0, TAKE_DISCARD)) == [
        {"type": "take_discard", "seat": 0, "card": 5}
    ]
    for seat in (0, 1, None):
        view = taken.view(seat)
        assert view["holding"] == {"seat": 0, "source": "discard", "card": 5}
        assert (view["phase"], view["discard_top"], view["discard_size"]) == (
            "place_taken",
            None,
            0,
        )


def test_discarding_a_drawn_card_then_revealing_ends_the_turn():
    state = deal(setup=False, draw_pile=[0, 0, 7])
    state.apply(0, DRAW)
    assert events_json(state.apply(0, DISCARD)) == [{"type": "discard", "seat": 0, "card": 7}]
    view = state.view(1)
    assert (view["phase"], view["holding"], view["discard_top"]) == (
        "reveal_after_discard",
        None,
        7,
    )
    assert state.legal_actions(0) == [Reveal(p) for p in range(12)]
    assert events_json(state.apply(0, Reveal(6))) == [
        {"type": "reveal", "seat": 0, "pos": 6, "card": 7},
        {"type": "turn", "seat": 1},
    ]
    assert state.view(1)["layouts"][0][6] == 7


def test_a_replace_shows_both_cards_and_a_cleared_column():
    state = deal(
        [[5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], HIGH],
        discard=[5],
        setup=False,
        face_up=[[0, 4], []],
    )
    state.apply(0, TAKE_DISCARD)
    events = state.apply(0, Replace(8))
    assert events_json(events) == [
        {"type": "replace", "seat": 0, "pos": 8, "card": 5, "old": 9},
        {"type": "clear", "seat": 0, "positions": [0, 4, 8], "card": 5},
        {"type": "turn", "seat": 1},
    ]
    assert [state.view(1)["layouts"][0][p] for p in (0, 4, 8)] == ["empty"] * 3
    assert state.discard == [9, 5, 5, 5]


def test_the_finish_and_the_last_turns_show_in_the_view_and_the_events():
    state = deal([LOW, HIGH], setup=False, face_up=[list(range(11)), []], draw_pile=[0, 0, 0, 0])
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    events = state.apply(0, Reveal(11))
    assert events_json(events)[1:] == [{"type": "finish", "seat": 0}, {"type": "turn", "seat": 1}]
    assert (state.view(1)["finisher"], state.view(1)["current"]) == (0, 1)


def test_the_round_end_and_match_end_events_hold_the_scores_and_totals():
    state = deal(
        [LOW, HIGH],
        setup=False,
        face_up=[list(range(11)), []],
        draw_pile=[0, 0, 0, 0],
        options={"target_score": 1, "clear_columns": False},
        totals=[3, 4],
    )
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    state.apply(0, Reveal(11))
    state.apply(1, DRAW)
    events = events_json(state.apply(1, Replace(0)))
    assert events[-2:] == [
        {
            "type": "round_end",
            "round": 1,
            "layouts": [LOW, [0, *HIGH[1:]]],
            "removed": [[False] * 12, [False] * 12],
            "scores": [156, 66],
            "finisher": 0,
            "finisher_penalized": True,
            "totals": [159, 70],
        },
        {"type": "match_end", "totals": [159, 70], "winners": [1]},
    ]
    view = state.view(0)
    assert (view["phase"], view["current"], view["is_over"], view["winners"]) == (
        "over",
        None,
        True,
        [1],
    )
    assert view["to_act"] == [] and state.legal_actions(1) == []


def test_drawing_from_an_empty_pile_is_allowed_while_the_discard_can_be_reshuffled():
    state = deal(setup=False, discard=[3, 4], draw_pile=[])
    assert state.legal_actions(0) == [DRAW, TAKE_DISCARD]
    events = state.apply(0, DRAW)
    assert [e.type for e in events] == ["reshuffle", "draw", "drawn"]
    assert (state.holding, state.discard, state.draw_pile) == (3, [4], [])
    alone = deal(setup=False, discard=[3], draw_pile=[])
    with pytest.raises(IllegalActionError, match="no card is left to draw"):
        alone.apply(0, DRAW)


@pytest.mark.parametrize(
    ("phase_moves", "action", "message"),
    [
        ((), Replace(0), "first draw or take the top discard"),
        ((), Reveal(0), "first draw or take the top discard"),
        ((), DISCARD, "first draw or take the top discard"),
        ((TAKE_DISCARD,), DISCARD, "not allowed in phase place_taken"),
        ((TAKE_DISCARD,), DRAW, "not allowed in phase place_taken"),
        ((DRAW,), Reveal(0), "not allowed in phase place_drawn"),
        ((DRAW,), Replace(12), "position 12 is not 0..11"),
        ((DRAW,), Replace(-1), "position -1 is not 0..11"),
        ((DRAW, DISCARD), Reveal(0), "position 0 is not face down"),
        ((DRAW, DISCARD), Replace(1), "not allowed in phase reveal_after_discard"),
    ],
)
def test_moves_out_of_place_are_refused_with_the_reason(phase_moves, action, message):
    state = deal(setup=False, face_up=[[0], []])
    for move in phase_moves:
        state.apply(0, move)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(0, action)
    assert str(refused.value) == f"seat 0 cannot {action}: {message}"
    assert state.to_json() == before


def test_a_removed_position_is_empty_and_cannot_take_a_card():
    state = deal([[5, 2, 3, 4, 5, 6, 7, 8, 5, 10, 11, 12], HIGH], setup=False,
                 face_up=[[0, 4], []])  # fmt: skip
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    state.apply(0, Reveal(8))
    assert state.view(1)["layouts"][0][:9:4] == ["empty"] * 3
    state.apply(1, DRAW)
    state.apply(1, DISCARD)
    state.apply(1, Reveal(0))
    state.apply(0, DRAW)
    assert Replace(0) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(0, Replace(0))
    assert str(refused.value) == "seat 0 cannot replace(pos=0): position 0 is empty"


def test_discarding_is_refused_when_no_face_down_card_is_left():
    state = deal(setup=False, face_up=[list(range(12)), []], draw_pile=[0, 0, 0, 0])
    state.apply(0, DRAW)
    assert DISCARD not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(0, DISCARD)
    assert str(refused.value) == "seat 0 cannot discard(): no face-down card is left to reveal"


@pytest.mark.parametrize("bad", [{"type": "reveal", "pos": "3"}, {"type": "peek"}, 7])
def test_malformed_actions_are_refused(bad):
    with pytest.raises(ActionFormatError):
        deal().apply(0, bad)


def test_a_seat_outside_the_setup_or_done_with_it_has_nothing_to_do():
    state = deal()
    state.apply(0, Reveal(0))
    state.apply(0, Reveal(1))
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    with pytest.raises(IllegalActionError):
        state.apply(0, Reveal(2))


def test_a_finisher_scoring_zero_is_not_penalized_even_when_someone_scores_less():
    state = deal(
        [[0] * 12, [-1] * 10 + [-2, -2]],
        setup=False,
        face_up=[list(range(11)), list(range(11))],
        draw_pile=[12] * 4,
        options={"clear_columns": False},
    )
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    state.apply(0, Reveal(11))
    state.apply(1, DRAW)
    end = next(
        e for e in state.apply(1, DISCARD) + state.apply(1, Reveal(11)) if e.type == "round_end"
    )
    assert (end.data["scores"], end.data["finisher_penalized"]) == ([0, -14], False)

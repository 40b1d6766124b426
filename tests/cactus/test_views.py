"""Cactus's views, knowledge and events field by field (the Cactus rules page,
src/cardtable/web/rules/cactus.md; rule 8 for what each seat's view shows): who knows
which card after each rule step, what each seat and the spectator see in each phase,
and the contents of the events."""

import pytest

import cardtable
from cardtable.engine import ActionFormatError, IllegalActionError, StateFormatError
from cardtable.engine.events import events_for
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    DISCARD,
    DRAW,
    LOOK,
    PASS,
    TAKE_DISCARD,
    ChooseOpponent,
    PeekOpponent,
    PeekOwn,
    Replace,
    Swap,
    Throw,
)
from cardtable.games.cactus.cards import NAMES, card

from .deals import P0, P1, P2, deal, play


def events_json(events):
    return [e.to_json() for e in events]


def table(view):
    keys = ("phase", "current", "starter", "caller", "turns_left", "locked", "draw_size")
    more = ("discard_top", "discard_size", "layouts", "holding", "effect", "window", "you")
    return {k: view[k] for k in (*keys, *more)}


def test_the_opening_look_shows_each_seat_its_two_cards_alone():
    state = cardtable.make("cactus", 3, seed=2)
    assert events_json(state.opening) == [{"type": "round_start", "round": 1, "starter": 0}]
    assert state.to_act == (0, 1, 2) and state.view(1)["phase"] == "look"
    events = state.apply(1, LOOK)
    names = [NAMES[c] for c in state.cards[1][:2]]
    assert events_json(events) == [
        {"type": "see", "seat": 1, "slot": s, "card": names[s], "source": "deal", "audience": [1]}
        for s in (0, 1)
    ]
    assert set(state.known_cards(1)) == {(1, 0), (1, 1)} and state.known_cards(0) == {}
    with pytest.raises(IllegalActionError, match="seat 1 has already looked"):
        state.apply(1, LOOK)
    state.apply(2, LOOK)
    assert events_json(state.apply(0, LOOK))[-1] == {"type": "turn", "seat": 0}
    assert state.view(2)["current"] == 0 and state.view(2)["phase"] == "turn"


def test_a_turn_view_for_each_seat_and_the_spectator():
    state = deal([P0, P1], draw=["7c", "7d", "Kh"], discard=["As", "2d"], current=1)
    for seat in (0, 1, None):
        assert table(state.view(seat)) == {
            "phase": "turn",
            "current": 1,
            "starter": 1,
            "caller": None,
            "turns_left": None,
            "locked": [],
            "draw_size": 3,
            "discard_top": "2d",
            "discard_size": 2,
            "layouts": [["hidden"] * 4] * 2,
            "holding": None,
            "effect": None,
            "window": None,
            "you": seat,
        }


def test_the_drawn_card_is_the_drawers_and_the_taken_one_everyones():
    state = deal([P0, P1], draw=["7c", "Kh"])
    assert events_json(state.apply(0, DRAW)) == [
        {"type": "draw", "seat": 0},
        {"type": "drawn", "seat": 0, "card": "Kh", "audience": [0]},
    ]
    assert state.view(0)["holding"] == {"seat": 0, "source": "draw", "card": "Kh"}
    for seat in (1, None):
        assert state.view(seat)["holding"] == {"seat": 0, "source": "draw", "card": None}
    events = state.apply(0, Replace(3))
    assert events[0].to_json() == {
        "type": "replace",
        "seat": 0,
        "slot": 3,
        "card": "5s",
        "source": "draw",
    }
    assert state.known_cards(0)[(0, 3)] == card("Kh") and (0, 3) not in state.known_cards(1)
    taken = deal([P0, P1], discard=["Qd"])
    taken.apply(0, TAKE_DISCARD)
    for seat in (0, 1, None):
        assert taken.view(seat)["holding"] == {"seat": 0, "source": "discard", "card": "Qd"}
    taken.apply(0, Replace(2))
    for seat in (0, 1):  # everyone saw the taken card go into slot 2
        assert taken.known_cards(seat)[(0, 2)] == card("Qd")


def test_each_effect_phase_shows_the_card_and_its_target():
    state = deal([P0, P1, P2], draw=["Qs"])
    play(state, (0, DRAW), (0, DISCARD))
    effect = {"phase": "choose_opponent", "card": "Qs", "target": None, "looking_at": None}
    assert state.view(1)["effect"] == effect
    events = state.apply(0, ChooseOpponent(2, 3))
    assert events_json(events) == [
        {"type": "choose_opponent", "seat": 0, "target_seat": 2, "slot": 3},
    ]
    for seat in (0, 1):
        assert state.view(seat)["effect"] == {**effect, "phase": "swap", "target": [2, 3]}
    assert state.legal_actions(0) == [Swap(i) for i in range(4)]
    events = state.apply(0, Swap(1))
    assert events[0].to_json() == {
        "type": "swap",
        "seat": 0,
        "slot": 1,
        "target_seat": 2,
        "target_slot": 3,
        "looked": False,
    }
    assert state.cards[0][1] == card("8s") and state.cards[2][3] == card("9d")
    assert state.known_cards(0)[(2, 3)] == card("9d")  # seat 0 knew its slot 1
    assert (0, 1) not in state.known_cards(0)


def test_a_black_king_shows_the_card_to_its_user_only():
    state = deal([P0, P1], draw=["Ks"])
    play(state, (0, DRAW), (0, DISCARD))
    assert state.view(0)["effect"] == {
        "phase": "king_peek",
        "card": "Ks",
        "target": None,
        "looking_at": None,
    }
    events = state.apply(0, PeekOpponent(1, 2))
    assert events_json(events_for(events, None)) == [
        {"type": "peek", "seat": 0, "target_seat": 1, "slot": 2}
    ]
    assert events_json(events_for(events, 0))[1] == {
        "type": "see",
        "seat": 1,
        "slot": 2,
        "card": "5h",
        "source": "peek",
        "audience": [0],
    }
    king = {"phase": "king_swap", "card": "Ks", "target": [1, 2]}
    assert state.view(0)["effect"] == {**king, "looking_at": "5h"}
    assert state.view(1)["effect"] == state.view(None)["effect"] == {**king, "looking_at": None}
    assert state.apply(0, Swap(0))[0].data["looked"] is True


def test_a_black_king_without_own_cards_looks_but_does_not_swap():
    state = deal([[None, None], P1], draw=["Kc"])
    events = play(state, (0, DRAW), (0, DISCARD))
    assert events[-1].to_json()["type"] == "discard" and state.view(0)["phase"] == "king_peek"
    events = state.apply(0, PeekOpponent(1, 0))
    assert [e.type for e in events] == ["peek", "see", "window_open"]


def test_a_black_king_with_no_card_to_look_at_is_skipped():
    state = deal([P0, [None]], draw=["Kc"])
    events = play(state, (0, DRAW), (0, DISCARD))
    assert events_json(events)[-3:] == [
        {"type": "discard", "seat": 0, "card": "Kc", "effect": "king_peek"},
        {"type": "effect_skipped", "seat": 0, "effect": "king_peek"},
        {"type": "turn", "seat": 1},
    ]
    assert state.view(0)["effect"] is None


@pytest.mark.parametrize(
    ("drawn", "effect"),
    [("7d", "peek_own"), ("8h", "peek_own"), ("9c", "peek_opponent"), ("10s", "peek_opponent")],
)
def test_looking_effects_name_their_phase_and_show_the_card_to_the_looker(drawn, effect):
    state = deal([P0, P1], draw=[drawn])
    events = play(state, (0, DRAW), (0, DISCARD))
    assert events[-1].data == {"seat": 0, "card": drawn, "effect": effect}
    assert state.view(1)["effect"]["phase"] == effect
    look = PeekOwn(3) if effect == "peek_own" else PeekOpponent(1, 3)
    owner, shown = (0, "5s") if effect == "peek_own" else (1, "6s")
    events = state.apply(0, look)
    assert events[0].data == {"seat": 0, "target_seat": owner, "slot": 3}
    assert events[1].to_json() == {
        "type": "see",
        "seat": owner,
        "slot": 3,
        "card": shown,
        "source": "peek",
        "audience": [0],
    }
    assert state.known_cards(0)[(owner, 3)] == card(shown)
    assert (owner, 3) not in state.known_cards(1)


def test_the_window_view_and_a_right_throw_forget_the_slot():
    state = deal([P0, P1, P2], draw=["5c"], options={"memory_aid": True})
    play(state, (0, DRAW), (0, DISCARD))
    window = {"rank": "5", "seats": [1, 2], "waiting": [1, 2]}
    assert state.view(0)["window"] == window and state.view(0)["phase"] == "quick_discard"
    state.apply(2, PASS)
    assert state.view(None)["window"] == {**window, "waiting": [1]}
    state.apply(1, Throw(2))
    assert state.view(1)["layouts"][1] == ["3c", "4d", "empty", "hidden"]
    assert (1, 2) not in state.known_cards(1) and state.view(0)["window"] is None


def test_a_wrong_throw_shows_the_card_to_everyone_with_the_memory_aid():
    state = deal([P0, P1, P2], draw=["9c", "5c"], options={"memory_aid": True})
    play(state, (0, DRAW), (0, DISCARD))
    state.apply(2, Throw(3))
    assert state.view(2)["layouts"][2] == ["Ac", "5d", "hidden", "8s", "hidden"]
    for seat in (0, 1):
        assert state.view(seat)["layouts"][2] == ["hidden", "hidden", "hidden", "8s", "hidden"]
    for seat in (0, 1, 2):
        assert state.known_cards(seat)[(2, 3)] == card("8s")
        assert (2, 4) not in state.known_cards(seat)
    assert state.view(None)["layouts"][2][3] == "hidden"


def test_a_call_shows_the_caller_the_turns_left_and_the_lock():
    state = deal([P0, P1, P2], draw=["4c", "4s", "4h"])
    assert events_json(state.apply(0, CALL_CACTUS)) == [
        {"type": "cactus", "seat": 0},
        {"type": "turn", "seat": 1},
    ]
    view = state.view(2)
    assert (view["caller"], view["turns_left"], view["locked"], view["current"]) == (
        0,
        2,
        [0],
        1,
    )
    assert CALL_CACTUS not in state.legal_actions(1)
    unlocked = deal([P0, P1], options={"lock_caller": False})
    unlocked.apply(0, CALL_CACTUS)
    assert unlocked.view(1)["locked"] == []


def test_a_player_who_cannot_draw_or_take_after_a_call_is_skipped():
    state = deal([[None], P1, P2], draw=[], discard=["4c"], caller=1, current=2)
    events = play(state, (2, TAKE_DISCARD), (2, Replace(0)))
    assert events_json(events)[-1] == {"type": "window_open", "rank": "A", "seats": [1]}
    events = events_json(state.apply(1, PASS))
    assert events[:3] == [
        {"type": "pass", "seat": 1},
        {"type": "window_closed", "reason": "all_acted"},
        {"type": "turn_skipped", "seat": 0},
    ]
    assert events[3]["type"] == "round_end" and events[3]["caller"] == 1


def test_the_round_end_reveals_every_layout_and_scores_the_caller():
    state = deal(
        [["2c", None, "Ac", "3d"], P1],
        draw=["4c"],
        caller=0,
        current=1,
        options={"caller_penalty": 5},
    )
    events = play(state, (1, DRAW), (1, DISCARD), (0, PASS))
    assert [e.type for e in events][-4:] == ["pass", "window_closed", "round_end", "round_start"]
    assert events[-2].to_json() == {
        "type": "round_end",
        "round": 1,
        "layouts": [["2c", None, "Ac", "3d"], P1],
        "scores": [6, 18],
        "caller": 0,
        "caller_penalized": False,
        "totals": [6, 18],
    }
    assert state.view(1)["round"] == 2 and state.view(1)["round_scores"] == [[6, 18]]


def test_a_finished_match_shows_every_card_and_no_one_to_play():
    state = deal([P0, P1], draw=["4c"], caller=1, current=0, options={"rounds": 1})
    events = play(state, (0, DRAW), (0, DISCARD), (1, PASS))
    assert events[-1].to_json() == {"type": "match_end", "totals": [26, 18], "winners": [1]}
    view = state.view(None)
    assert view["phase"] == "over" and view["current"] is None and view["is_over"]
    assert view["layouts"][1] == P1 and state.to_act == () and state.legal_actions(0) == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"layouts": [P0]}, "Cactus is for 2 to 8 players, not 1"),
        ({"layouts": [P0, []]}, "each layout must have 1 to 16 slots"),
        ({"layouts": [P0, P0]}, "cards dealt twice: 2c, 5s, 9d, Jh"),
        ({"layouts": [P0, P1], "current": 2}, "seats are 0..1"),
        ({"layouts": [P0, P1], "caller": 5}, "seats are 0..1"),
        ({"layouts": [P0, P1], "caller": 0}, "the caller does not play again in the round"),
        ({"layouts": [P0, P1], "known": [[0]]},
         "known must list the known slots of each of the 2 seats"),
        ({"layouts": [P0, P1], "known": [[0], [4]]}, "seat 1 has no card in slot 4 to know"),
    ],
)  # fmt: skip
def test_bad_deals_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(StateFormatError) as refused:
        deal(**kwargs)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("moves", "seat", "action", "message"),
    [
        ((), 0, Replace(0), "now you may call Cactus, draw, or take the top discard"),
        (((0, DRAW),), 0, Replace(7), "you have no slot 7 (slots 0..3)"),
        (((0, DRAW),), 0, PeekOwn(0),
         "now you may discard the drawn card or replace one of your cards with it"),
        ((), 0, TAKE_DISCARD, "the discard pile is empty"),
        ((), 0, Throw(0), "too late: the quick-discard window has closed"),
    ],
)  # fmt: skip
def test_actions_out_of_place_are_refused_with_the_reason(moves, seat, action, message):
    state = deal([P0, P1])
    play(state, *moves)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(seat, action)
    assert str(refused.value) == f"seat {seat} cannot {action}: {message}"
    assert state.to_json() == before


def test_choosing_oneself_or_an_empty_slot_is_refused():
    state = deal([P0, [None, "3c"], P2], draw=["Jd"])
    play(state, (0, DRAW), (0, DISCARD))
    for action, message in (
        (ChooseOpponent(0, 1), "choose a card of another player"),
        (ChooseOpponent(3, 0), "choose a card of another player"),
        (ChooseOpponent(1, 0), "seat 1 has no card in slot 0"),
        (ChooseOpponent(1, 2), "seat 1 has no card in slot 2"),
    ):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(0, action)
        assert str(refused.value) == f"seat 0 cannot {action}: {message}"


@pytest.mark.parametrize("bad", [{"type": "replace", "slot": "1"}, {"type": "fold"}, None])
def test_malformed_actions_are_refused(bad):
    with pytest.raises(ActionFormatError):
        deal([P0, P1]).apply(0, bad)


def test_a_wrong_throw_with_nothing_left_to_draw_skips_the_penalty_card():
    state = deal([P0, P1], draw=[], discard=["4c"])
    play(state, (0, TAKE_DISCARD), (0, Replace(0)))
    events = state.apply(1, Throw(0))
    assert events_json(events)[:2] == [
        {"type": "throw", "seat": 1, "slot": 0, "card": "3c", "right": False},
        {"type": "penalty_skipped", "seat": 1},
    ]
    assert len(state.cards[1]) == 4 and state.known_cards(0)[(1, 0)] == card("3c")

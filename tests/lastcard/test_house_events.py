"""The events of the house rules' own moves, in full: what the table is told, in what
order and to whom, when a missed call is caught, a +4 is challenged, a 7 swaps hands
and a 0 passes them on (src/cardtable/web/rules/lastcard.md, "House rules")."""

from typing import Any

from cardtable.games.lastcard.actions import CATCH, CHALLENGE, PASS, SWAP_WITH, Play

from ..engine.roundtrips import events_json
from .house import caught_to_act, house_deal


def test_a_catch_tells_everyone_who_caught_whom_and_the_penalty_then_closes_the_window() -> None:
    state = house_deal([["R3", "G4"], ["Y1", "R2", "Y4"], ["Y2", "Y3"]], catch_missed_call=True)
    state.apply(0, Play("R3", None, False))
    assert events_json(state.apply(2, CATCH)) == [
        {"type": "catch", "seat": 2, "caught": 0},
        {"type": "draw", "seat": 0, "count": 2, "reason": "missed_call"},
        {"type": "drawn", "seat": 0, "cards": ["B8", "B9"], "audience": [0]},
        {"type": "window_closed"},
    ]
    assert state.to_act == (1,)


def test_the_window_closes_with_the_last_pass_and_says_so() -> None:
    state = house_deal([["R3", "G4", "G6"], ["Y1", "R2", "Y4"], ["Y2", "R3"]], jump_in=True)
    assert [e["type"] for e in events_json(state.apply(0, Play("R3", None, False)))] == [
        "play",
        "turn",
        "window_open",
    ]
    assert state.to_act == (1, 2)
    assert events_json(state.apply(2, PASS)) == [
        {"type": "pass", "seat": 2},
        {"type": "window_closed"},
    ]
    assert state.to_act == (1,)


def test_a_caught_player_whose_turn_it_is_may_play_the_cards_the_catch_gave_them() -> None:
    """Two players: a Skip gives the turn straight back to the one who missed the call, so
    the penalty cards land in the hand of the player to act, and may be played at once."""
    state = caught_to_act()
    assert (state.current, state.to_act) == (0, (0, 1))
    assert state.legal_actions(0) == [Play("R1", None, False)]
    state.apply(1, CATCH)
    assert state.view(0)["hand"] == ["R1", "G7", "Bskip"]
    assert state.legal_actions(0) == [Play("R1", None, False), Play("Bskip", None, False)]
    state.apply(0, Play("Bskip", None, False))
    assert state.current == 0  # the Skip again: two players


def challenge_events(held: list[str]) -> list[dict[str, Any]]:
    """Seat 0 plays a +4 on a red 5 holding ``held``; seat 1 challenges it."""
    state = house_deal(
        [["+4", *held], ["G1", "G2"], ["Y1", "Y2"]], challenge_plus_four=True, target_score=999
    )
    state.apply(0, Play("+4", "green", False))
    return events_json(state.apply(1, CHALLENGE))


def test_a_bluff_caught_by_a_challenge_is_told_with_its_draw_and_the_challengers_turn() -> None:
    assert challenge_events(["R1", "G9"]) == [
        {"type": "challenge", "seat": 1, "target": 0, "guilty": True},
        {"type": "challenged_hand", "seat": 0, "cards": ["R1", "G9"], "audience": [1]},
        {"type": "draw", "seat": 0, "count": 4, "reason": "challenge"},
        {"type": "drawn", "seat": 0, "cards": ["B6", "B7", "B8", "B9"], "audience": [0]},
        {"type": "turn", "seat": 1},
    ]


def test_a_failed_challenge_is_told_with_the_challengers_six_cards_and_the_next_turn() -> None:
    assert challenge_events(["B1", "G9"]) == [
        {"type": "challenge", "seat": 1, "target": 0, "guilty": False},
        {"type": "challenged_hand", "seat": 0, "cards": ["G9", "B1"], "audience": [1]},
        {"type": "draw", "seat": 1, "count": 6, "reason": "challenge"},
        {
            "type": "drawn",
            "seat": 1,
            "cards": ["B3", "B4", "B6", "B7", "B8", "B9"],
            "audience": [1],
        },
        {"type": "turn", "seat": 2},
        {"type": "draw", "seat": 2, "count": 1, "reason": "draw"},
        {"type": "drawn", "seat": 2, "cards": ["B2"], "audience": [2]},
    ]


def test_a_swap_shows_each_new_hand_to_its_holder_alone_then_goes_on_as_a_seven() -> None:
    """With jump-in on too, the swapped 7 opens a window to the seats other than its player
    and the next player."""
    state = house_deal(
        [["R7", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3", "Y4"]], seven_zero=True, jump_in=True
    )
    assert events_json(state.apply(0, Play("R7", None, False))) == [
        {"type": "play", "seat": 0, "card": "R7", "color": "red", "call": False}
    ]
    assert events_json(state.apply(0, SWAP_WITH[1])) == [
        {"type": "swap", "seat": 0, "with": 1},
        {"type": "hand", "seat": 0, "cards": ["B1", "B2"], "audience": [0]},
        {"type": "hand", "seat": 1, "cards": ["R1", "R2"], "audience": [1]},
        {"type": "turn", "seat": 1},
        {"type": "window_open", "seats": [2], "jump": "R7", "catch": None},
    ]
    assert (state.current, state.window, state.to_act) == (1, (2,), (1, 2))


def test_a_zero_tells_the_direction_and_shows_each_hand_to_its_new_holder_alone() -> None:
    state = house_deal([["R0", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3"]], seven_zero=True)
    assert events_json(state.apply(0, Play("R0", None, False))) == [
        {"type": "play", "seat": 0, "card": "R0", "color": "red", "call": False},
        {"type": "hands_passed", "direction": 1},
        {"type": "hand", "seat": 0, "cards": ["Y1", "Y2", "Y3"], "audience": [0]},
        {"type": "hand", "seat": 1, "cards": ["R1", "R2"], "audience": [1]},
        {"type": "hand", "seat": 2, "cards": ["B1", "B2"], "audience": [2]},
        {"type": "turn", "seat": 1},
    ]


def test_a_missed_call_with_catching_off_is_told_as_the_penalty_draw_at_once() -> None:
    """Under another house rule, with catching off, the missed call costs its penalty as
    the card is played: everyone is told the draw and its reason, the drawer the cards."""
    state = house_deal([["R3", "G4"], ["Y1", "R2", "Y4"], ["Y2", "Y3"]], jump_in=True)
    assert events_json(state.apply(0, Play("R3", None, False))) == [
        {"type": "play", "seat": 0, "card": "R3", "color": "red", "call": False},
        {"type": "draw", "seat": 0, "count": 2, "reason": "missed_call"},
        {"type": "drawn", "seat": 0, "cards": ["B8", "B9"], "audience": [0]},
        {"type": "turn", "seat": 1},
        {"type": "window_open", "seats": [2], "jump": "R3", "catch": None},
    ]
    assert state.view(0)["hand"] == ["G4", "B8", "B9"]

"""Cactus's effects at the edges of their targets, the swaps' memory aid and events,
the caller penalty's smallest value, and the record of who knows each card.

Rule 3: a 9 or 10 looks at another player's card and a black king looks before it may
swap; rule 5 locks a caller's cards against swaps only, so looking at them is allowed.
Rule 8's memory aid shows a player the face-down cards they have seen that have not
moved since, except the card a black king showed them, which they moved themselves.
"""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.engine.errors import StateFormatError
from cardtable.engine.events import Event
from cardtable.games.cactus.actions import (
    DISCARD,
    DRAW,
    LOOK,
    PASS,
    TAKE_DISCARD,
    ChooseOpponent,
    Give,
    PeekOpponent,
    Swap,
    Throw,
    ThrowOpponent,
)
from cardtable.games.cactus.cards import card
from cardtable.games.cactus.state import CORE_LOG_ENTRIES, CactusState

from ..engine.compiled import compiled_core
from ..engine.roundtrips import assert_refused, events_json
from .deals import P0, P1
from .scenarios import after

#: The cards that look at another player's card, and the phase each asks for.
LOOKS = [("9c", "peek_opponent"), ("10d", "peek_opponent"), ("Ks", "king_peek")]


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


@pytest.mark.parametrize(("drawn", "effect"), LOOKS)
def test_a_look_at_another_players_card_is_skipped_when_no_other_player_has_one(
    drawn: str, effect: str
) -> None:
    """The player's own cards are no target: with the only other layout emptied, the
    effect is skipped and the turn passes on."""
    state = after([P0, [None]], [drawn], [])
    events = state.apply(0, DRAW) + state.apply(0, DISCARD)
    assert events_json(events)[-3:] == [
        {"type": "discard", "seat": 0, "card": drawn, "effect": effect},
        {"type": "effect_skipped", "seat": 0, "effect": effect},
        {"type": "turn", "seat": 1},
    ]


@pytest.mark.parametrize(("drawn", "effect"), LOOKS)
def test_the_locked_callers_cards_may_still_be_looked_at(drawn: str, effect: str) -> None:
    """Seat 1 called; seat 0's last turn may look at the caller's cards, the only other
    cards on the table, though a black king may not swap with them."""
    state = after([P0, P1], [drawn], [(0, DRAW)], caller=1)
    assert state.options.lock_caller
    events = state.apply(0, DISCARD)
    assert events[-1].data == {"seat": 0, "card": drawn, "effect": effect}
    assert state.view(0)["phase"] == effect
    assert state.legal_actions(0) == [PeekOpponent(1, slot) for slot in range(4)]
    events = state.apply(0, PeekOpponent(1, 3))
    assert events[1].to_json() == {
        "type": "see",
        "seat": 1,
        "slot": 3,
        "card": "6s",
        "source": "peek",
        "audience": [0],
    }
    assert "swap" not in types(events) and state.view(0)["phase"] != "king_swap"


def test_a_swap_opens_the_quick_discard_window_on_the_card_played() -> None:
    state = after([P0, P1], ["Qc"], [(0, DRAW), (0, DISCARD), (0, ChooseOpponent(1, 2))])
    events = state.apply(0, Swap(3))
    assert events_json(events) == [
        {
            "type": "swap",
            "seat": 0,
            "slot": 3,
            "target_seat": 1,
            "target_slot": 2,
            "looked": False,
        },
        {"type": "window_open", "rank": "Q", "seats": [1]},
    ]
    assert state.view(1)["window"] == {"rank": "Q", "seats": [1], "waiting": [1]}


def test_a_card_seen_with_a_9_then_swapped_blind_leaves_the_memory_aid() -> None:
    """Seat 0 looks at seat 1's 5h with a 9, then a later queen swaps it into seat 0's
    slot 3 unseen: seat 0 still knows it there, but the aid shows only cards that have
    not moved since they were seen."""
    state = after(
        [P0, P1],
        ["7c", "Qc", "Ad", "9c"],
        [
            (0, DRAW),
            (0, DISCARD),
            (0, PeekOpponent(1, 2)),
            (1, PASS),
            (1, DRAW),
            (1, DISCARD),
            (0, PASS),
            (0, DRAW),
            (0, DISCARD),
            (0, ChooseOpponent(1, 2)),
            (0, Swap(3)),
        ],
        options={"memory_aid": True},
    )
    assert state.known_cards(0)[(0, 3)] == card("5h")
    assert state.view(0)["layouts"][0] == ["2c", "9d", "hidden", "hidden"]


def test_the_black_kings_card_stays_shown_to_the_seat_that_swapped_it_in() -> None:
    """Seat 2 of three looks at seat 0's 5s with a black king and swaps it into its own
    slot 2: the aid shows it there, as for any seat."""
    layouts = [P0, P1, ["Ac", "5d", "8h", "8s"]]
    state = after(
        layouts,
        ["Kc"],
        [(2, DRAW), (2, DISCARD), (2, PeekOpponent(0, 3)), (2, Swap(2))],
        current=2,
        options={"memory_aid": True},
    )
    assert state.view(2)["layouts"][2] == ["Ac", "5d", "5s", "hidden"]
    assert state.view(2)["layouts"][0] == ["hidden"] * 4


def test_a_caller_penalty_of_one_point_is_added_on_a_tie() -> None:
    """Seat 1 called with 5 points; seat 0 ties at 5, so the caller scores 5 + 1."""
    state = after(
        [["2c", "3d"], ["3c", "2d"]],
        ["4h"],
        [(0, DRAW)],
        caller=1,
        options={"caller_penalty": 1, "rounds": 1},
    )
    events = state.apply(0, DISCARD)
    if state.to_act == (1,):
        events += state.apply(1, PASS)
    end = next(e for e in events if e.type == "round_end")
    assert end.data["scores"] == [5, 6] and end.data["caller_penalized"] is True
    assert state.totals == [5, 6]


def test_a_deal_with_totals_for_another_number_of_seats_is_refused() -> None:
    for totals in ([10], [10, 20, 30]):
        with pytest.raises(StateFormatError) as refused:
            CactusState.from_deal([["2c"], ["3c"]], ["4h"], totals=totals)
        assert str(refused.value) == "totals must give a score for each of the 2 seats"


@pytest.mark.parametrize("players", [2, 8])
def test_a_wrong_throw_is_known_to_exactly_the_seats_at_the_table(players: int) -> None:
    """Everyone sees a wrongly thrown card; the record of who knows it (``seen``, saved
    with the game and read back by the compiled core as a mask of at most 8 seats)
    names every seat at the table and no other."""
    layouts = [[f"{rank}{suit}" for suit in "cdhs"] for rank in "A23456789"][:players]
    state = after(layouts, ["Kh"], [(0, DRAW), (0, DISCARD), (1, Throw(0))])
    assert all(state.knows(seat, 1, 0) for seat in range(players))
    assert state.seen[1][0] == (1 << players) - 1
    assert state.to_json()["state"]["seen"][1][0] == (1 << players) - 1


def test_a_right_throw_leaves_nobody_recorded_as_knowing_the_emptied_slot() -> None:
    """Seat 1's 4d matches the 4 discarded: its slot empties, and the record of who
    knows the card there (saved with the game) is cleared with it."""
    state = after([P0, P1], ["4h"], [(0, DRAW), (0, DISCARD), (1, Throw(1))])
    assert state.view(0)["layouts"][1][1] == "empty"
    assert state.seen[1][1] == state.followed[1][1] == 0
    saved = state.to_json()["state"]
    assert saved["seen"][1][1] == saved["followed"][1][1] == 0


def saved_and_read_back(state: CactusState) -> dict[str, object]:
    """The state's saved form, checked to read back as the same state."""
    saved = state.to_json()
    assert CactusState.from_json(saved).to_json() == saved
    return saved["state"]


def test_a_snap_and_its_give_leave_nobody_recorded_as_knowing_the_emptied_slots() -> None:
    """With ``snap_opponent``, seat 1 snaps seat 0's 2c (which seat 0 knows from the
    deal) on the discarded 2h, then gives its 3c (which it knows) into the emptied slot:
    the record of who knows each card follows the 3c, and both slots the cards left are
    known to nobody, also in the state saved at each step."""
    moves = [(0, DRAW), (0, DISCARD), (1, ThrowOpponent(0, 0))]
    state = after([P0, P1], ["2h"], moves, options={"snap_opponent": True})
    assert state.view(1)["phase"] == "give"
    assert state.seen[0][0] == state.followed[0][0] == 0
    saved = saved_and_read_back(state)
    assert saved["seen"][0][0] == saved["followed"][0][0] == 0
    state.apply(1, Give(0))
    assert state.seen[1][0] == state.followed[1][0] == 0
    assert state.seen[0][0] == state.followed[0][0] == 1 << 1
    saved = saved_and_read_back(state)
    assert (saved["phase"], saved["waiting"], saved["window_rank"]) == ("turn", [], -1)


def test_a_penalty_card_is_recorded_as_seen_and_followed_by_nobody() -> None:
    """A wrong throw's penalty card goes face down into a new slot, unseen by everyone."""
    state = after([P0, P1], ["7c", "Kh"], [(0, DRAW), (0, DISCARD), (1, Throw(0))])
    assert state.cards[1][4] == card("7c")
    assert state.seen[1][4] == state.followed[1][4] == 0
    saved = saved_and_read_back(state)
    assert saved["seen"][1][4] == saved["followed"][1][4] == 0


def test_a_seat_that_has_looked_has_nothing_left_to_do_in_the_deals_look() -> None:
    state = cardtable.make("cactus", 2, seed=1)
    state.apply(0, LOOK)
    assert state.legal_actions(0) == [] and state.legal_actions(1) == [LOOK]


def test_a_throw_names_a_card_of_the_throwers_own_and_a_snap_another_players() -> None:
    state = after([P0, P1], ["5c"], [(0, DRAW), (0, DISCARD)], options={"snap_opponent": True})
    assert_refused(state, 1, Throw(7), "you have no slot 7 (slots 0..3)")
    assert_refused(state, 1, ThrowOpponent(1, 0), "choose a card of another player")


def test_a_quick_discard_window_is_a_state_the_compiled_core_plays_on() -> None:
    """A window names no effect target, as the core's record of a window has it: the
    core takes the state (saved or live) and plays the round on."""
    state = after([P0, P1], ["7c", "7d", "5c"], [(0, DRAW), (0, DISCARD)])
    assert state.view(1)["window"] == {"rank": "5", "seats": [1], "waiting": [1]}
    assert state.to_json()["state"]["target"] == [-1, -1]
    core = compiled_core()
    core.cactus_setup(CORE_LOG_ENTRIES)
    assert core.cactus_random_playout(state, state.rng, random.Random(1), True)


def test_taking_the_discard_with_no_card_to_replace_is_refused() -> None:
    state = after([[None], P1], ["7c"], [], discard=["4h"])
    assert_refused(state, 0, TAKE_DISCARD, "you have no card to replace")


def test_a_finished_turn_saves_no_quick_discard_window() -> None:
    """After the window of a played card has closed, the saved state says "no window"
    exactly as a fresh deal's does."""
    fresh = after([P0, P1], ["7c", "Kh"], [])
    played = after([P0, P1], ["7c", "Kh"], [(0, DRAW), (0, DISCARD), (1, PASS)])
    assert played.window_seats == ()
    assert played.to_json()["state"]["window_rank"] == fresh.to_json()["state"]["window_rank"]

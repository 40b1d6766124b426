"""Where Skyjo rounds begin and end (the Skyjo rules page, src/cardtable/web/rules/skyjo.md,
"A round" 1, 3 and 6-8): what the opening of a match and of each later round announce,
who starts, what the last move of a round and of the match shows and scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.engine.events import Event
from cardtable.games.skyjo.actions import DISCARD, DRAW, Reveal
from cardtable.games.skyjo.options import SkyjoOptions
from cardtable.games.skyjo.state import SkyjoState

from ..engine.roundtrips import events_json

LOW = list(range(1, 13))
#: Seat 1's layout in the rounds below: all but its last card face up, all negative.
FINISHER = [-1] * 10 + [-2, -2]


def last_turn(state: SkyjoState, seat: int, pos: int) -> list[Event]:
    """``seat`` draws, discards the card and turns up its card at ``pos``."""
    return [*state.apply(seat, DRAW), *state.apply(seat, DISCARD), *state.apply(seat, Reveal(pos))]


def finished_by_seat_1(**options: Any) -> tuple[SkyjoState, list[Event]]:
    """Seat 1 turns up its last face-down card and finishes; seat 0 takes its one more
    turn. The state after the round and the events of that last turn."""
    state = SkyjoState.from_deal(
        [LOW, FINISHER],
        [5],
        [12, 12],
        setup=False,
        current=1,
        face_up=[[], range(11)],
        options=options,
    )
    last_turn(state, 1, 11)
    return state, last_turn(state, 0, 0)


def ended_with(mine: Sequence[int], theirs: Sequence[int], totals: Sequence[int]) -> SkyjoState:
    """Seat 0 finishes by turning up its last card, seat 1 does the same in its last
    turn: a round scored from exactly these two layouts, on top of ``totals``."""
    state = SkyjoState.from_deal(
        [mine, theirs],
        [5],
        [12, 12],
        setup=False,
        face_up=[range(11), range(11)],
        totals=totals,
    )
    last_turn(state, 0, 11)
    last_turn(state, 1, 11)
    return state


@pytest.mark.parametrize("players", [2, 5])
def test_a_match_opens_with_round_1_and_the_first_discard(players: int) -> None:
    state = SkyjoState.new(players, SkyjoOptions(), seed=players)
    assert events_json(list(state.opening)) == [
        {"type": "round_start", "round": 1, "discard_top": state.discard[0]}
    ]
    assert state.round == 1 and state.to_act == tuple(range(players))


def test_without_setup_the_opening_also_announces_the_first_turn_of_seat_0() -> None:
    """No card is face up, so all revealed sums are 0 and the lowest seat starts."""
    state = SkyjoState.new(3, SkyjoOptions(initial_reveals=0), seed=8)
    assert events_json(list(state.opening)) == [
        {"type": "round_start", "round": 1, "discard_top": state.discard[0]},
        {"type": "turn", "seat": 0},
    ]
    assert state.to_act == (0,)
    assert state.view(1)["reveals_left"] == [0, 0, 0]


def test_the_last_turn_of_a_round_deals_the_next_and_its_setup_begins() -> None:
    state, events = finished_by_seat_1()
    assert [e.type for e in events] == [
        "draw",
        "drawn",
        "discard",
        "reveal",
        "round_end",
        "round_start",
    ]
    assert events_json(events)[-1] == {
        "type": "round_start",
        "round": 2,
        "discard_top": state.discard[-1],
    }
    assert len(state.discard) == 1 and state.round == 2
    assert state.to_act == (0, 1) and state.view(0)["current"] is None
    saved = state.to_json()["state"]
    assert {k: saved[k] for k in ("phase", "current", "finisher", "turns_left", "starter")} == {
        "phase": "setup",
        "current": -1,
        "finisher": -1,
        "turns_left": 0,
        "starter": 1,
    }


def test_without_setup_the_next_round_starts_at_once_with_the_finishers_turn() -> None:
    state, events = finished_by_seat_1(initial_reveals=0)
    assert events_json(events)[-2:] == [
        {"type": "round_start", "round": 2, "discard_top": state.discard[-1]},
        {"type": "turn", "seat": 1},
    ]
    assert state.to_act == (1,) and state.view(0)["current"] == 1
    assert state.view(0)["reveals_left"] == [0, 0]


def test_at_the_end_of_the_match_every_card_left_in_a_layout_is_face_up() -> None:
    """Rule 6 turns every face-down card up; after the last round they stay so."""
    state = SkyjoState.from_deal(
        [LOW, FINISHER], [5], [12, 12], setup=False, current=1,
        face_up=[[], range(11)], totals=[95, 0],
    )  # fmt: skip
    last_turn(state, 1, 11)
    last_turn(state, 0, 0)
    assert state.is_over and state.round_scores == [[78, -14]]
    for seat in (0, 1, None):
        assert state.view(seat)["layouts"] == [LOW, FINISHER]
    assert state.down == [0, 0]  # what bots read: nobody has a face-down card


def test_a_finisher_score_of_1_is_positive_and_doubled_when_not_strictly_lowest() -> None:
    state = ended_with([0] * 11 + [1], FINISHER, totals=[0, 0])
    assert state.round_scores == [[2, -14]]


def test_a_total_of_exactly_the_target_ends_the_match() -> None:
    state = ended_with([1] * 10 + [0, 2], [3] * 10 + [4, 4], totals=[88, 0])
    assert state.round_scores == [[12, 38]]
    assert state.totals == [100, 38]
    assert state.is_over and state.winners == [1]

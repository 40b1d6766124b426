"""Skyjo states built from explicit deals (``SkyjoState.from_deal``, for scenario tests and
bug reports) and from a new match: the seats allowed, the seed that decides later
shuffles, what a deal without setup leaves to do, the saved form of a fresh deal, and the
refusal of a draw when no card is left."""

from __future__ import annotations

import pytest

from cardtable.engine import IllegalActionError
from cardtable.games.skyjo.actions import DRAW
from cardtable.games.skyjo.options import SkyjoOptions
from cardtable.games.skyjo.state import DECK, SkyjoState

LOW = list(range(1, 13))
HIGH = LOW[::-1]


def reshuffled(seed: int | None) -> SkyjoState:
    """A deal whose draw pile is empty, so that the first draw shuffles the discard pile
    (all but its top card) with the state's generator; seeded with ``seed`` if given."""
    discard = [-2, -1, 0, 3, 4, 6, 7, 8, 9, 10]
    if seed is None:
        state = SkyjoState.from_deal([LOW, HIGH], discard, [], setup=False)
    else:
        state = SkyjoState.from_deal([LOW, HIGH], discard, [], setup=False, seed=seed)
    state.apply(0, DRAW)
    return state


def test_eight_players_may_be_dealt() -> None:
    layouts = [list(DECK[12 * p : 12 * p + 12]) for p in range(8)]
    state = SkyjoState.from_deal(layouts, [DECK[96]], list(DECK[97:]))
    assert state.num_players == 8 and state.to_act == tuple(range(8))
    assert state.card_count() == 150


def test_the_seed_of_a_deal_decides_its_reshuffles_and_is_recorded() -> None:
    state = reshuffled(7)
    assert state.seed == 7 and state.record()["seed"] == 7
    again = reshuffled(7)
    assert (again.draw_pile, again.holding) == (state.draw_pile, state.holding)
    assert again.to_json() == state.to_json()


def test_a_deal_without_a_seed_is_seed_0() -> None:
    assert reshuffled(None).to_json() == reshuffled(0).to_json()
    assert reshuffled(None).seed == 0


def test_a_deal_without_setup_leaves_no_reveals_to_anyone() -> None:
    state = SkyjoState.from_deal([LOW, HIGH], [5], [0], setup=False, current=1)
    for seat in (0, 1, None):
        assert state.view(seat)["reveals_left"] == [0, 0]
    assert state.to_act == (1,)


def test_the_saved_form_of_a_deal_holds_the_cards_and_no_one_finished() -> None:
    state = SkyjoState.from_deal([LOW, HIGH], [5], [0, 3], face_up=[[2], []])
    assert state.to_json()["state"] == {
        "cards": [LOW, HIGH],
        "status": [[0, 0, 1, *[0] * 9], [0] * 12],
        "draw_pile": [0, 3],
        "discard": [5],
        "phase": "setup",
        "current": 0,
        "holding": None,
        "reveals_left": [2, 2],
        "finisher": -1,
        "turns_left": 0,
        "starter": -1,
    }


def test_the_saved_form_of_a_new_match_has_no_one_to_play_yet() -> None:
    """During the setup nobody is current; rule 3 picks the starter only at its end."""
    state = SkyjoState.new(3, SkyjoOptions(), seed=4)
    saved = state.to_json()["state"]
    del saved["cards"], saved["draw_pile"], saved["discard"]
    assert saved == {
        "status": [[0] * 12] * 3,
        "phase": "setup",
        "current": -1,
        "holding": None,
        "reveals_left": [2, 2, 2],
        "finisher": -1,
        "turns_left": 0,
        "starter": -1,
    }


@pytest.mark.parametrize("seat", [0, 1])
def test_a_draw_with_no_card_left_is_refused_naming_the_seat_and_why(seat: int) -> None:
    state = SkyjoState.from_deal([LOW, HIGH], [5], [], setup=False, current=seat)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(seat, DRAW)
    assert str(refused.value) == f"seat {seat} cannot {DRAW}: no card is left to draw"

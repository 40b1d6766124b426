"""Save and restore, clones, ``apply_legal`` and determinization, at every point of
random Last Card matches under each option (the shared checks of ``roundtrips``)."""

import random

import pytest

import cardtable
from cardtable.engine import StateFormatError
from cardtable.games.lastcard.state import LastCardState

from ..engine.roundtrips import (
    check_apply_legal,
    check_determinize,
    check_restore_and_clone,
    walk,
)

#: Each option away from its default once, and all of them together.
OPTION_SETS = [
    {},
    {"voluntary_draw": True},
    {"play_drawn": False},
    {"stack_plus_two": False},
    {"stack_plus_four": False},
    {"plus_four_on_plus_two": True},
    {"missed_call_penalty": 0},
    {
        "voluntary_draw": True,
        "play_drawn": False,
        "stack_plus_two": False,
        "stack_plus_four": False,
        "plus_four_on_plus_two": True,
        "missed_call_penalty": 3,
    },
]


@pytest.mark.parametrize(("players", "options"), list(enumerate(OPTION_SETS, start=2)))
def test_every_position_restores_clones_and_plays_on_the_same(players, options):
    rng = random.Random(players)
    state = cardtable.make("lastcard", players, seed=7, options={**options, "target_score": 60})
    for step, _ in enumerate(walk(state, rng, 120)):
        if step % 6 == 0:
            check_restore_and_clone(state, rng)
            check_apply_legal(state, rng, 4)
            check_determinize(state, rng.randrange(players), rng)


def test_a_finished_match_restores_as_finished():
    state = cardtable.make("lastcard", 3, seed=1, options={"target_score": 0})
    state.random_playout(random.Random(1))
    assert state.is_over
    rng = random.Random(2)
    check_restore_and_clone(state, rng)
    back = LastCardState.from_json(state.to_json())
    assert back.to_act == () and back.legal_actions(back.current) == []


def test_a_drawn_card_waiting_restores_with_its_choice():
    state = LastCardState.from_deal([["B1", "B2"], ["R3", "G4"]], ["R5"], ["G9", "R7"])
    assert state.view(0)["drawn"] == "R7"
    back = LastCardState.from_json(state.to_json())
    assert back.view(0)["drawn"] == "R7" and back.view(0)["drawn_playable"] is True
    assert back.legal_actions(0) == state.legal_actions(0)


@pytest.mark.parametrize(
    ("field", "value"),
    [("phase", "dealing"), ("color", "purple"), ("direction", 2), ("drawn", "R99")],
)
def test_a_payload_with_an_unknown_value_is_refused(field, value):
    data = LastCardState.from_deal([["B1", "B2"], ["R3", "G4"]], ["R5"], ["G9"]).to_json()
    data["state"][field] = value
    with pytest.raises(StateFormatError):
        LastCardState.from_json(data)


@pytest.mark.parametrize("field", ["hands", "discard", "current", "starter", "pending"])
def test_a_payload_missing_a_field_is_refused(field):
    data = LastCardState.from_deal([["B1", "B2"], ["R3", "G4"]], ["R5"], ["G9"]).to_json()
    del data["state"][field]
    with pytest.raises(StateFormatError):
        LastCardState.from_json(data)

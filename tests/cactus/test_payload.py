"""Save and restore, clones, ``apply_legal`` (the path of the bots and the coach) and
determinization, at every point of random Cactus matches under each option (the
shared checks of ``roundtrips``)."""

import random

import pytest

import cardtable
from cardtable.engine import StateFormatError
from cardtable.engine.state import SYSTEM
from cardtable.games.cactus.actions import CLOSE_WINDOW, DISCARD, DRAW
from cardtable.games.cactus.state import CactusState

from ..engine.roundtrips import (
    assert_same_match,
    check_apply_legal,
    check_determinize,
    check_restore_and_clone,
    walk,
)
from .deals import P0, P1, deal

OPTION_SETS = [
    {},
    {"memory_aid": True, "self_snap": True},
    {"lock_caller": False, "black_king_swap_optional": True, "caller_penalty": 10},
    {"rounds": 12, "memory_aid": True, "black_king_swap_optional": True},
]


@pytest.mark.parametrize(("players", "options"), list(enumerate(OPTION_SETS, start=2)))
def test_every_position_restores_clones_and_plays_on_the_same(players, options):
    rng = random.Random(players)
    state = cardtable.make("cactus", players, seed=5, options={"target_score": 300, **options})
    for step, _ in enumerate(walk(state, rng, 250)):
        if step % 4 == 0:
            check_restore_and_clone(state, rng)
            check_apply_legal(state, rng, 5)
            for informed in (False, True):
                world = state.determinize(rng.randrange(players), rng, informed=informed)
                assert world.to_act == state.to_act
            check_determinize(state, rng.randrange(players), rng)


def test_a_window_closed_by_the_server_applies_legally_as_it_applies():
    state = deal([P0, P1], draw=["7c", "7d", "Kh"])
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    assert state.system_actions() == [CLOSE_WINDOW]
    by_legal = state.clone()
    state.apply(SYSTEM, CLOSE_WINDOW)
    by_legal.apply_legal(SYSTEM, CLOSE_WINDOW)
    assert_same_match(state, by_legal)


@pytest.mark.parametrize(
    "field",
    [
        "cards",
        "seen",
        "draw_pile",
        "discard",
        "phase",
        "current",
        "holding",
        "target",
        "caller",
        "turns_left",
        "starter",
        "window_seats",
        "waiting",
        "window_rank",
    ],
)
def test_a_payload_missing_a_field_is_refused(field):
    data = deal([P0, P1]).to_json()
    del data["state"][field]
    with pytest.raises(StateFormatError):
        CactusState.from_json(data)


def test_a_payload_with_an_unknown_phase_is_refused():
    data = deal([P0, P1]).to_json()
    data["state"]["phase"] = "bidding"
    with pytest.raises(StateFormatError, match="unknown Cactus phase 'bidding'"):
        CactusState.from_json(data)


@pytest.mark.parametrize(
    ("phase", "window_rank"),
    [("turn", None), ("turn", 4), ("quick_discard", -1), ("quick_discard", 13)],
)
def test_a_payload_whose_window_rank_does_not_fit_its_phase_is_refused(phase, window_rank):
    """Out of a quick-discard window there is no rank to match; in one it is a card's rank."""
    data = deal([P0, P1]).to_json()
    data["state"]["phase"] = phase
    data["state"]["window_rank"] = window_rank
    message = f"window_rank {window_rank!r} does not fit the phase {phase!r}"
    with pytest.raises(StateFormatError, match=message):
        CactusState.from_json(data)

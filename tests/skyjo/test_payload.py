"""Save and restore, clones, ``apply_legal`` and determinization, at every point of
random Skyjo matches under each option (the shared checks of ``roundtrips``)."""

import random

import pytest

import cardtable
from cardtable.engine import StateFormatError
from cardtable.games.skyjo.actions import DRAW, TAKE_DISCARD
from cardtable.games.skyjo.state import SkyjoState

from ..engine.roundtrips import (
    check_apply_legal,
    check_determinize,
    check_restore_and_clone,
    restored,
    walk,
)

OPTION_SETS = [
    {},
    {"initial_reveals": 0},
    {"initial_reveals": 5, "clear_rows": True},
    {"clear_columns": False, "clear_rows": True, "finisher_multiplier": 3},
]


@pytest.mark.parametrize(("players", "options"), list(enumerate(OPTION_SETS, start=2)))
def test_every_position_restores_clones_and_plays_on_the_same(players, options):
    rng = random.Random(players)
    state = cardtable.make("skyjo", players, seed=3, options={**options, "target_score": 40})
    for step, _ in enumerate(walk(state, rng, 300)):
        assert state.card_count() == 150
        if step % 5 == 0:
            check_restore_and_clone(state, rng)
            check_apply_legal(state, rng, 4)
            check_determinize(state, rng.randrange(players), rng)
    assert state.is_over
    check_restore_and_clone(state, rng)


def layouts():
    return [list(range(1, 13)), [12 - i for i in range(12)]]


def test_a_determinization_never_sees_an_opponents_drawn_card():
    """Two worlds that differ only in whether the drawn card or a face-down card of the
    drawer's is the 12: seat 1 gets the same re-deals in both; the drawer keeps it."""
    worlds = []
    for drawn, face_down in ((12, 4), (4, 12)):
        mine = layouts()[0]
        mine[3] = face_down
        state = SkyjoState.from_deal([mine, layouts()[1]], [5], [0, 0, drawn], setup=False)
        state.apply(0, DRAW)
        assert state.holding == drawn
        other = state.determinize(1, random.Random(9))
        assert other.view(1) == state.view(1)
        worlds.append(other.to_json()["state"])
        assert state.determinize(0, random.Random(9)).holding == drawn
    assert worlds[0] == worlds[1]


def test_a_determinization_keeps_a_taken_discard_and_every_face_up_card():
    state = SkyjoState.from_deal(layouts(), [5, -2], [0, 0, 3], setup=False, face_up=[[0, 5], [11]])
    state.apply(0, TAKE_DISCARD)
    for seat in (0, 1):
        world = state.determinize(seat, random.Random(seat))
        assert world.holding == -2
        assert (world.cards[0][0], world.cards[0][5], world.cards[1][11]) == (1, 6, 1)
        assert world.discard == [5] and len(world.draw_pile) == 3


def test_the_hidden_cards_are_redealt_among_themselves():
    state = SkyjoState.from_deal(layouts(), [5], [0, 0, 3], setup=False, face_up=[[0], []])
    world = state.determinize(1, random.Random(4))
    hidden = sorted(state.cards[0][1:] + state.cards[1] + state.draw_pile)
    assert sorted(world.cards[0][1:] + world.cards[1] + world.draw_pile) == hidden
    assert world.cards[0][0] == 1 and world.status == state.status


def test_restoring_a_drawn_card_keeps_it_the_drawers_alone():
    state = SkyjoState.from_deal(layouts(), [5], [0, 0, 7], setup=False)
    state.apply(0, DRAW)
    back = restored(state)
    assert back.view(0)["holding"] == {"seat": 0, "source": "draw", "card": 7}
    assert back.view(1)["holding"] == {"seat": 0, "source": "draw", "card": None}


@pytest.mark.parametrize(
    "field",
    [
        "cards",
        "status",
        "draw_pile",
        "discard",
        "phase",
        "current",
        "holding",
        "reveals_left",
        "finisher",
        "turns_left",
        "starter",
    ],
)
def test_a_payload_missing_a_field_is_refused(field):
    data = SkyjoState.from_deal(layouts(), [5], [0]).to_json()
    del data["state"][field]
    with pytest.raises(StateFormatError):
        SkyjoState.from_json(data)


def test_a_payload_with_an_unknown_phase_is_refused():
    data = SkyjoState.from_deal(layouts(), [5], [0]).to_json()
    data["state"]["phase"] = "bidding"
    with pytest.raises(StateFormatError, match="unknown Skyjo phase 'bidding'"):
        SkyjoState.from_json(data)

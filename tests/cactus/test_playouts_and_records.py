"""Random playouts (searches and bots play rounds and matches out with them) and saved
records: a playout plays legal moves to the end of the match, or of the round when
asked, and logs exactly what ``apply`` would have played; a record saved before turns
were counted still restores."""

import json
import random

import pytest

import cardtable
from cardtable.engine import replay
from cardtable.games.cactus.actions import DRAW, LOOK
from cardtable.games.cactus.state import LOOK_PHASE, CactusState

from ..engine.roundtrips import assert_same_match, restored


class SubclassedRandom(random.Random):
    """A generator the compiled core does not draw from: the playout runs in Python."""


GENERATORS = [random.Random, SubclassedRandom]


def looked(players: int, seed: int, options: dict[str, object]) -> CactusState:
    """A new match whose seats have all looked at their first two cards."""
    state = cardtable.make("cactus", players, seed=seed, options=options)
    assert isinstance(state, CactusState)
    for seat in range(players):
        state.apply(seat, LOOK)
    return state


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"target_score": 60}), (3, {"snap_opponent": True, "target_score": 40}), (4, {})],
)
def test_a_playout_plays_the_match_to_its_end_as_apply_would(
    generator: type[random.Random], players: int, options: dict[str, object]
) -> None:
    state = looked(players, 7, options)
    before = len(state.log)
    applied = state.random_playout(generator(players))
    assert state.is_over and state.winners
    assert min(state.totals) == state.totals[state.winners[0]]
    assert max(state.totals) >= state.options.target_score
    assert applied == len(state.log) - before
    assert_same_match(replay(json.loads(json.dumps(state.record()))), state)


@pytest.mark.parametrize("generator", GENERATORS)
def test_a_playout_until_the_round_ends_stops_at_the_next_deal(
    generator: type[random.Random],
) -> None:
    state = looked(3, 5, {"target_score": 300})
    applied = state.random_playout(generator(1), until_round_end=True)
    assert len(state.round_scores) == 1 and not state.is_over
    assert state.round == 2 and state.phase == LOOK_PHASE
    assert state.to_act == (0, 1, 2)
    assert applied == len(state.log) - 3
    assert_same_match(replay(state.record()), state)


def test_a_record_saved_before_turns_were_counted_counts_from_its_turn() -> None:
    state = looked(2, 3, {})
    state.apply(0, {"type": "call_cactus"})
    assert state.turn_number == 2
    data = state.to_json()
    del data["state"]["turn_number"]
    old = CactusState.from_json(json.loads(json.dumps(data)))
    assert old.turn_number == 1
    assert old.view(1) == state.view(1)
    old.apply(1, DRAW)
    old.apply(1, {"type": "discard"})
    assert restored(old).to_json()["state"] == old.to_json()["state"]

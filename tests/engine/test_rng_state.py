"""``rng_state()``: the generator's state alone, for tools that follow a match."""

import json
import random

import pytest

import cardtable
from cardtable.engine.state import copy_rng, rng_from_json


@pytest.mark.parametrize("game", [spec.name for spec in cardtable.games()])
def test_rng_state_is_the_generator_as_to_json_holds_it_after_every_action(game):
    state = cardtable.make(game, 3, seed=9)
    rng = random.Random(9)
    states = set()
    while state.round < 2:  # until a second round is dealt
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        read = state.rng_state()
        assert read == state.to_json()["rng"]
        assert json.loads(json.dumps(read)) == read
        twin = rng_from_json(read)
        assert twin.getrandbits(64) == copy_rng(state.rng).getrandbits(64)
        states.add(json.dumps(read))
    assert len(states) > 1  # the generator moved on with the second round's deal


def test_reading_it_does_not_move_the_generator():
    state = cardtable.make("lastcard", 2, seed=3)
    before = state.rng_state()
    state.rng_state()
    assert state.rng_state() == before
    assert state.clone().rng_state() == before

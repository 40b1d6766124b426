"""Skyjo's greedy playout in the compiled core against ``Bot.playout`` in Python.

The greedy bot is the Skyjo search's rollout policy (its expert level's). Its compiled
playout must make the same choices and draws and reach the same state as the Python
loop (``Bot.playout``: ``pick_actor``, ``act``, ``apply_legal``) over thousands of
rounds, 2 to 8 players, every option set, from positions in every phase.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from cardtable.bots.base import Bot
from cardtable.games.skyjo import greedy
from cardtable.games.skyjo.greedy import SkyjoGreedy
from cardtable.games.skyjo.state import CORE_LOG_ENTRIES

from .compiled import compiled_core
from .test_fast_paths import OPTION_SETS, started

SETS = OPTION_SETS["skyjo"]
ROUNDS = 2400


@pytest.fixture
def core(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The compiled module, used by the greedy bot for this test."""
    _native = compiled_core()
    _native.skyjo_setup(CORE_LOG_ENTRIES)
    monkeypatch.setattr(greedy, "native", _native)
    return _native


def test_the_greedy_playout_is_the_python_loop(core: ModuleType) -> None:
    per_set = ROUNDS // len(SETS)
    ours, python = SkyjoGreedy(seed=1), SkyjoGreedy(seed=1)
    for number, options in enumerate(SETS):
        for seed in range(number * per_set, (number + 1) * per_set):
            state = started("skyjo", 2 + seed % 7, seed, options)
            reference = state.clone()
            ours.playout(state, seed)
            Bot.playout(python, reference, seed)
            assert len(state.round_scores) == len(reference.round_scores)
            assert state.to_json() == reference.to_json(), (options, seed)
            assert ours.rng.getstate() == python.rng.getstate()


def test_a_finished_match_is_left_alone(core: ModuleType) -> None:
    state = started("skyjo", 2, 3, {"target_score": 1})
    state.random_playout(random.Random(1))
    assert state.is_over
    before = state.to_json()
    SkyjoGreedy(seed=1).playout(state, 5)
    assert state.to_json() == before

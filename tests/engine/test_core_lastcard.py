"""Last Card's compiled playouts against the Python code they mirror.

Each is checked against its own Python playout with the core switched off for it (the
game's fast random playout, itself checked against the engine's validated loop in
``test_fast_paths``, and the heuristic's playout): thousands of rounds and whole
matches, 2 to 10 players, every option set, from positions in every phase. The core
must be built (a missing core fails with its name); these tests call it whether or not
the package uses it.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from cardtable.engine.state import State
from cardtable.games.lastcard import bot as heuristic_module
from cardtable.games.lastcard import state as state_module
from cardtable.games.lastcard.bot import LastCardHeuristicBot
from cardtable.games.lastcard.state import CORE_LOG_ENTRIES, LastCardState

from .compiled import compiled_core
from .test_fast_paths import OPTION_SETS, started

SETS = OPTION_SETS["lastcard"]
ROUNDS = 2400  # starts a playout, spread over the option sets


@pytest.fixture
def core(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The compiled module, used by the Last Card code for this test."""
    _native = compiled_core()
    _native.lastcard_setup(CORE_LOG_ENTRIES)
    monkeypatch.setattr(state_module, "native", _native)
    monkeypatch.setattr(heuristic_module, "native", _native)
    return _native


def everything(state: LastCardState) -> tuple[object, ...]:
    """What ``to_json`` holds, and the fields it derives from it, without serialising
    the log's actions one by one (that would take most of these tests' time)."""
    match = (state.round, state.totals, state.round_scores, state.winners, state.is_over)
    derived = (state.to_act, state.after, state.playable, state.playable_held, state.drawn)
    return state.rng.getstate(), list(state.log), match, state._payload(), derived


def positions() -> list[tuple[dict[str, object], int, LastCardState]]:
    """Matches after a few random moves: every option set, 2 to 10 players."""
    per_set = ROUNDS // len(SETS)
    out = []
    for number, options in enumerate(SETS):
        for seed in range(number * per_set, (number + 1) * per_set):
            state = started("lastcard", 2 + seed % 9, seed, options)
            assert isinstance(state, LastCardState)
            out.append((options, seed, state))
    return out


def test_the_random_playout_is_the_python_one(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    for options, seed, state in positions():
        reference = state.clone()
        whole = seed % 40 == 0
        applied = core.lastcard_random_playout(state, state.rng, random.Random(seed), not whole)
        with monkeypatch.context() as python:
            python.setattr(state_module, "native", None)
            expected = reference.random_playout(random.Random(seed), not whole)
        assert applied == expected, (options, seed)
        assert everything(state) == everything(reference), (options, seed)


def test_random_playout_uses_it(core: ModuleType) -> None:
    state = started("lastcard", 3, 5, {})
    assert isinstance(state, LastCardState)
    reference = state.clone()
    rng, twin = random.Random(9), random.Random(9)
    assert state.random_playout(rng) == State.random_playout(reference, twin)
    assert state.to_json() == reference.to_json()
    assert rng.getstate() == twin.getstate()


def test_the_heuristic_playout_is_the_python_one(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = LastCardHeuristicBot(seed=1)
    for options, seed, state in positions():
        reference = state.clone()
        assert core.lastcard_heuristic_playout(state, state.rng) == len(state.log) - len(
            reference.log
        )
        with monkeypatch.context() as python:
            python.setattr(heuristic_module, "native", None)
            bot.playout(reference, 0)
        assert everything(state) == everything(reference), (options, seed)


def test_the_bot_playout_uses_it(core: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    state = started("lastcard", 4, 7, {"voluntary_draw": True})
    reference = state.clone()
    LastCardHeuristicBot(seed=1).playout(state, 0)
    assert len(state.round_scores) == len(reference.round_scores) + 1
    monkeypatch.setattr(heuristic_module, "native", None)
    LastCardHeuristicBot(seed=1).playout(reference, 0)
    assert state.to_json() == reference.to_json()


def test_a_state_it_does_not_hold_is_played_in_python(core: ModuleType) -> None:
    """More copies of a card than the deck has: the core declines, Python plays on."""
    state = started("lastcard", 3, 11, {})
    assert isinstance(state, LastCardState)
    state.discard[:0] = [0, 0]  # three red zeros: the deck has one
    before = state.to_json()
    assert core.lastcard_random_playout(state, state.rng, random.Random(1), True) is None
    assert core.lastcard_heuristic_playout(state, state.rng) is None
    assert state.to_json() == before  # nothing changed
    reference = state.clone()
    assert state.random_playout(random.Random(1), True) == State.random_playout(
        reference, random.Random(1), True
    )
    assert state.to_json() == reference.to_json()


def test_hands_that_disagree_are_left_to_python(core: ModuleType) -> None:
    state = started("lastcard", 2, 3, {})
    assert isinstance(state, LastCardState)
    state.sizes[0] += 1  # a size its counts do not add up to
    assert core.lastcard_random_playout(state, state.rng, random.Random(1), True) is None
    state.sizes[0] -= 1
    state.counts[1] = state.counts[1][:-1]  # 53 counts, not 54
    assert core.lastcard_heuristic_playout(state, state.rng) is None


def test_wrong_types_and_generators_are_refused(core: ModuleType) -> None:
    state = started("lastcard", 2, 3, {})
    before = state.to_json()
    with pytest.raises(TypeError, match=r"random\.Random"):
        core.lastcard_random_playout(state, state.rng, random.SystemRandom(), True)
    with pytest.raises(TypeError, match=r"random\.Random"):
        core.lastcard_heuristic_playout(state, random.SystemRandom())
    bad = state.clone()
    bad.sizes = ["7", "7"]  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="sizes must hold ints"):
        core.lastcard_random_playout(bad, bad.rng, random.Random(1), True)
    assert state.to_json() == before
    with pytest.raises(ValueError, match="4340 log entries"):
        core.lastcard_setup(CORE_LOG_ENTRIES[:-1])

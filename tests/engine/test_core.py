"""The compiled core: built, switchable, drawing and playing exactly as the Python engine.

The suite runs twice in CI: with the core and with ``CARDTABLE_PURE_PYTHON=1``, where the
package must not use it. Either way the core must be built (a missing core fails here
with its name) and is tested directly.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import cardtable
from cardtable import _core
from cardtable.engine.state import State, random_index

from .test_fast_paths import OPTION_SETS, started

PURE = os.environ.get(_core.PURE_PYTHON, "") not in ("", "0")


def test_the_core_is_used_unless_switched_off() -> None:
    if PURE:
        assert _core.native is None, "CARDTABLE_PURE_PYTHON=1 must switch the core off"
        assert _core.PURE_PYTHON in _core.status
    else:
        assert _core.native is not None, f"cardtable._core._native: {_core.status}"


def test_the_switch_turns_the_core_off_in_a_fresh_process() -> None:
    code = "from cardtable import _core; print(_core.native is None, _core.status)"
    env = {**os.environ, _core.PURE_PYTHON: "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("True switched off by CARDTABLE_PURE_PYTHON")


def test_its_draws_are_pythons_and_leave_the_same_generator(core) -> None:  # type: ignore[no-untyped-def]
    assert _core.draws_like_python(core)
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in range(1, 2000, 7):
            assert core.rng_index(ours, n) == random_index(theirs, n)
        assert ours.getstate() == theirs.getstate()
        assert ours.random() == theirs.random()  # Python carries on where C stopped
    assert core.rng_index(random.Random(3), 1) == 0
    for size in (0, 1, 2, 52, 150):
        ours, theirs = random.Random(size), random.Random(size)
        mine, reference = [str(i) for i in range(size)], [str(i) for i in range(size)]
        core.rng_shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()


def test_it_refuses_what_it_cannot_draw_from_or_hold(core) -> None:  # type: ignore[no-untyped-def]
    state = cardtable.make("skyjo", 2, seed=1)
    with pytest.raises(TypeError, match=r"random\.Random"):
        core.skyjo_random_playout(state, state.rng, random.SystemRandom(), False)
    with pytest.raises(ValueError, match=r"k must be 1\.\.32"):
        core.rng_bits(random.Random(1), 33)
    with pytest.raises(TypeError, match="shuffles a list"):
        core.rng_shuffle(random.Random(1), (1, 2))
    bad = state.clone()
    bad.cards = [[0] * 11, [0] * 12]
    before = bad.to_json()
    with pytest.raises(ValueError, match="cards must hold lists of 12 items"):
        core.skyjo_random_playout(bad, bad.rng, random.Random(1), False)
    assert bad.to_json() == before  # refused before any change


class CountingRandom(random.Random):
    """A generator that draws its own way: the core must leave it to Python."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k) ^ 1 if k > 1 else super().getrandbits(k)


def test_a_generator_subclass_gets_the_python_loop() -> None:
    state = cardtable.make("skyjo", 3, seed=4)
    twin = state.clone()
    applied = state.random_playout(CountingRandom(2))
    assert State.random_playout(twin, CountingRandom(2)) == applied
    assert state.to_json() == twin.to_json()


@pytest.mark.parametrize("game", ["skyjo"])
def test_compiled_playouts_are_the_python_playouts(game: str) -> None:
    """Thousands of rounds and whole matches over every option set: the core's
    playout and the engine's Python loop (``State.random_playout``) end identically."""
    seeds = 3000 // len(OPTION_SETS[game])
    for number, options in enumerate(OPTION_SETS[game]):
        for seed in range(number * seeds, (number + 1) * seeds):
            state = started(game, 2 + seed % 7, seed, options)
            reference = state.clone()
            whole = seed % 25 == 0
            applied = state.random_playout(random.Random(seed), until_round_end=not whole)
            expected = State.random_playout(reference, random.Random(seed), not whole)
            assert applied == expected
            assert state.to_json() == reference.to_json(), (options, seed)

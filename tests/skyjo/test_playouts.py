"""Skyjo's ``random_playout``, both ways it runs: the Python loop, and the compiled core
where it is in use. Either way a playout must reach exactly the state that full play
through ``apply`` reaches with the same draws (validation and events included), to the
end of the match by default and to the end of the round when asked.

The core is the module's ``native``; these tests set it (to nothing, or to the compiled
module behind a counter) so that both branches run whether or not the package was
imported with ``CARDTABLE_PURE_PYTHON=1``.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from cardtable.engine.state import State
from cardtable.games.skyjo import state as skyjo_state
from cardtable.games.skyjo.state import CORE_LOG_ENTRIES

from ..engine.compiled import compiled_core
from ..engine.test_core import CountingRandom
from ..engine.test_fast_paths import apply_loop, started

#: A match of a few rounds: long enough to cross round ends and reshuffles, quick to play.
OPTIONS = {"target_score": 200}


class CountedCore:
    """The compiled core, counting the playouts the Skyjo state hands to it."""

    def __init__(self, core: ModuleType) -> None:
        self.core = core
        self.playouts = 0

    def skyjo_random_playout(
        self, state: State, state_rng: random.Random, rng: random.Random, until_round_end: bool
    ) -> int:
        self.playouts += 1
        applied: int = self.core.skyjo_random_playout(state, state_rng, rng, until_round_end)
        return applied


@pytest.fixture
def counted_core(monkeypatch: pytest.MonkeyPatch) -> CountedCore:
    """The compiled core in use by Skyjo's playouts, set up as the game sets it up on
    import where the core is switched on."""
    core = compiled_core()
    core.skyjo_setup(CORE_LOG_ENTRIES)
    counted = CountedCore(core)
    monkeypatch.setattr(skyjo_state, "native", counted)
    return counted


def played_out(seed: int, **kwargs: bool) -> tuple[State, State, int, int]:
    """A started three-seat match played out by ``random_playout`` and, from a copy, by
    the validated per-step loop with the same draws: both states and both counts."""
    state = started("skyjo", 3, seed, OPTIONS)
    reference = state.clone()
    applied = state.random_playout(random.Random(seed), **kwargs)
    expected = apply_loop(reference, random.Random(seed), **kwargs)
    return state, reference, applied, expected


@pytest.mark.parametrize("seed", [1, 2])
def test_the_python_playout_plays_the_whole_match_by_default(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(skyjo_state, "native", None)
    state, reference, applied, expected = played_out(seed)
    assert state.is_over and len(state.round_scores) > 1
    assert applied == expected
    assert state.to_json() == reference.to_json()


@pytest.mark.parametrize("seed", [1, 2])
def test_the_python_playout_stops_at_the_end_of_the_round_when_asked(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(skyjo_state, "native", None)
    rounds = len(started("skyjo", 3, seed, OPTIONS).round_scores)
    state, reference, applied, expected = played_out(seed, until_round_end=True)
    assert not state.is_over and len(state.round_scores) == rounds + 1
    assert applied == expected
    assert state.to_json() == reference.to_json()


@pytest.mark.parametrize("until_round_end", [False, True])
def test_the_core_plays_out_exactly_as_full_play(
    counted_core: CountedCore, until_round_end: bool
) -> None:
    state, reference, applied, expected = played_out(3, until_round_end=until_round_end)
    assert counted_core.playouts == 1
    assert state.is_over is not until_round_end
    assert applied == expected
    assert state.to_json() == reference.to_json()


def test_a_generator_that_draws_its_own_way_gets_the_python_loop(
    counted_core: CountedCore,
) -> None:
    """The core draws as ``random.Random`` does; a subclass might not, so it is left to
    Python, the state's own generator as well as the playout's."""
    state = started("skyjo", 3, 4, OPTIONS)
    reference = state.clone()
    applied = state.random_playout(CountingRandom(4))
    assert counted_core.playouts == 0
    assert apply_loop(reference, CountingRandom(4)) == applied
    assert state.to_json() == reference.to_json()
    own = started("skyjo", 3, 5, OPTIONS)
    own.rng = CountingRandom(5)
    own.random_playout(random.Random(5))
    assert counted_core.playouts == 0 and own.is_over

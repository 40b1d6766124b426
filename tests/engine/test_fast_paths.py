"""Every game's fast path against the validated per-step path, over every option set.

A playout (``random_playout``, whatever fast path or compiled core a game gives it)
must make the draws the engine's per-step loop makes through ``apply`` (validation and
events included) and reach exactly its state, log and generator included. Each option
set is played from many seeds, from positions reached by a few per-step moves first,
so that playouts begin in every phase.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import cardtable
from cardtable.engine.state import State


def apply_loop(state: State, rng: random.Random, until_round_end: bool = False) -> int:
    """The engine's random playout (``State.random_playout``, the Python loop) with
    every step through the validated ``apply`` instead of ``apply_legal``."""
    state.apply_legal = state.apply  # type: ignore[method-assign,assignment]
    try:
        return State.random_playout(state, rng, until_round_end)
    finally:
        del state.apply_legal


def grid(**choices: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Every combination of the given option values."""
    names = list(choices)
    combinations = itertools.product(*choices.values())
    return [dict(zip(names, values, strict=True)) for values in combinations]


#: Every rule option that changes play, each at every value that matters; matches are
#: kept short (a low target) so that many seeds cross round ends and match ends.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "skyjo": grid(
        initial_reveals=(0, 2, 12),
        clear_columns=(True, False),
        clear_rows=(False, True),
        finisher_multiplier=(1, 2),
        target_score=(40,),
    ),
    "cactus": [
        *grid(
            lock_caller=(True, False),
            black_king_swap_optional=(False, True),
            self_snap=(False, True),
            caller_penalty=(0, 10),
            target_score=(30,),
        ),
        {"rounds": 2, "memory_aid": True},
    ],
    "lastcard": grid(
        voluntary_draw=(False, True),
        play_drawn=(True, False),
        stack_plus_two=(True, False),
        stack_plus_four=(True, False),
        plus_four_on_plus_two=(False, True),
        missed_call_penalty=(2, 0),
        target_score=(60,),
    ),
}


def started(game: str, players: int, seed: int, options: dict[str, Any]) -> State:
    """A match after a few per-step random moves (how many depends on the seed)."""
    state = cardtable.make(game, players, seed=seed, options=options)
    rng = random.Random(-seed)
    for _ in range(seed % 23):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_a_round_played_out_is_the_round_apply_plays(game: str) -> None:
    """Rounds from thousands of starts: every option set, 2 to 5 players."""
    seeds = 2400 // len(OPTION_SETS[game])
    for number, options in enumerate(OPTION_SETS[game]):
        for seed in range(number * seeds, (number + 1) * seeds):
            state = started(game, 2 + seed % 4, seed, options)
            reference = state.clone()
            applied = state.random_playout(random.Random(seed), until_round_end=True)
            assert apply_loop(reference, random.Random(seed), until_round_end=True) == applied
            assert state.to_json() == reference.to_json(), (options, seed)


@pytest.mark.parametrize("game", sorted(OPTION_SETS))
def test_a_match_played_out_is_the_match_apply_plays(game: str) -> None:
    """Whole matches, reshuffles, new deals and match ends included."""
    for number, options in enumerate(OPTION_SETS[game]):
        for seed in range(number * 4, number * 4 + 4):
            state = started(game, 2 + seed % 3, seed, options)
            reference = state.clone()
            applied = state.random_playout(random.Random(seed))
            assert apply_loop(reference, random.Random(seed)) == applied
            assert state.is_over
            assert state.to_json() == reference.to_json(), (options, seed)

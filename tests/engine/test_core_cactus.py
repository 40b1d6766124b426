"""Cactus's compiled playouts (random and greedy) against the pure-Python engine.

Each compiled playout must make the draws the Python code makes and reach exactly its
state: layouts, knowledge bits, piles, phase, log, scores and both generators. The
compiled module is called directly, so these tests hold with the core switched off
too (it must be built either way), and a playout the core refused would fail them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardtable
from cardtable.bots.base import Bot, pick_actor
from cardtable.engine import state as engine_state
from cardtable.engine.state import State
from cardtable.games.cactus.actions import DISCARD, DRAW
from cardtable.games.cactus.cards import card
from cardtable.games.cactus.greedy import CactusGreedy
from cardtable.games.cactus.state import (
    CORE_LOG_ENTRIES,
    GIVE_PHASE,
    KING_PEEK,
    OVER,
    PHASES,
    TURN,
    CactusState,
)

from .test_fast_paths import OPTION_SETS

OPTIONS = OPTION_SETS["cactus"]
SEEDS = 3000
#: The phases of options the core leaves to the Python loop (the give after a snap of
#: another player's card, ``snap_opponent``): no compiled playout starts in them.
CORE_NEVER = {PHASES[GIVE_PHASE]}


def position(seed: int, options: dict[str, Any]) -> CactusState:
    """A match after some per-step random moves: up to a few rounds' worth, so that
    playouts start in every phase, with penalty cards, calls and reshuffled piles."""
    state = cardtable.make("cactus", 2 + seed % 7, seed=seed, options=options)
    rng = random.Random(-seed)
    for _ in range(seed % 7 * (seed % 41)):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, CactusState)
    if seed % 20 == 3:
        king_discarded(state, looked=seed % 40 == 3)
    return state


def king_discarded(state: CactusState, looked: bool) -> None:
    """Steer a turn to a black king's effect (rare in random play): put one on top of
    the draw pile, then draw and discard it; with ``looked``, look with it too."""
    if state.phase != TURN or not state.draw_pile:
        return
    pile = state.draw_pile
    kings = [i for i, c in enumerate(pile) if c in (card("Kc"), card("Ks"))]
    if not kings:
        return
    pile[kings[0]], pile[-1] = pile[-1], pile[kings[0]]
    seat = state.current
    state.apply(seat, DRAW)
    state.apply(seat, DISCARD)
    if looked and state.phase == KING_PEEK:
        state.apply(seat, state.legal_actions(seat)[-1])


def test_the_compiled_random_playout_is_the_python_loop(core) -> None:  # type: ignore[no-untyped-def]
    """Rounds and whole matches from thousands of positions over every option set."""
    starts: set[str] = set()
    per_set = SEEDS // len(OPTIONS)
    for number, options in enumerate(OPTIONS):
        for seed in range(number * per_set, (number + 1) * per_set):
            state = position(seed, options)
            reference = state.clone()
            whole = seed % 10 == 0
            starts.add(PHASES[state.phase])
            applied = core.cactus_random_playout(state, state.rng, random.Random(seed), not whole)
            assert applied is not None or state.is_over, (options, seed)
            expected = State.random_playout(reference, random.Random(seed), not whole)
            assert applied in (expected, None)
            assert state.to_json() == reference.to_json(), (options, seed)
    assert starts == set(PHASES) - CORE_NEVER, f"never started in {set(PHASES) - starts}"


def test_the_compiled_greedy_rollout_is_the_bots_loop(core) -> None:  # type: ignore[no-untyped-def]
    """``cactus_greedy_playout`` plays the round as ``Bot.playout`` runs the greedy bot."""
    starts: set[str] = set()
    per_set = SEEDS // len(OPTIONS)
    for number, options in enumerate(OPTIONS):
        for seed in range(number * per_set, (number + 1) * per_set):
            state = position(seed, options)
            if state.is_over:
                continue
            reference = state.clone()
            assert greedy_round(reference, seed, limit=5000), (options, seed)
            starts.add(PHASES[state.phase])
            logged = len(state.log)
            applied = core.cactus_greedy_playout(state, state.rng, random.Random(seed))
            assert applied == len(state.log) - logged, (options, seed)
            assert state.to_json() == reference.to_json(), (options, seed)
    expected = set(PHASES) - CORE_NEVER - {PHASES[OVER]}
    assert starts == expected, f"never started in {expected - starts}"


def greedy_round(state: CactusState, luck: int, limit: int) -> bool:
    """``Bot.playout`` with the greedy bot, stopped after ``limit`` actions; whether the
    round ended (it always should: the bot calls once the round has lasted long)."""
    bot = CactusGreedy(seed=0)
    bot.rng.seed(luck)
    chance = random.Random(luck)
    rounds = len(state.round_scores)
    for _ in range(limit):
        if len(state.round_scores) > rounds:
            return True
        actor = pick_actor(state, chance)
        state.apply_legal(actor, bot.act(state, actor))
    return False


def test_the_greedy_bot_and_the_state_use_the_core_without_being_asked() -> None:
    """Whichever engine runs them, the public methods play as the Python loops."""
    for seed in range(60):
        state = position(seed, OPTIONS[seed % len(OPTIONS)])
        if state.is_over:
            continue
        twin = state.clone()
        CactusGreedy(seed=1).playout(state, seed)
        Bot.playout(CactusGreedy(seed=1), twin, seed)
        assert state.to_json() == twin.to_json()
        assert state.random_playout(random.Random(seed)) == State.random_playout(
            twin, random.Random(seed)
        )
        assert state.to_json() == twin.to_json()


def test_a_reshuffle_and_a_wrong_throw_on_an_empty_draw_pile() -> None:
    """The piles' rare paths: drawing from an empty pile, and a penalty card that
    needs a reshuffle (or finds no card at all) during a window."""
    for seed in range(200):
        state = CactusState.from_deal(
            [["Ah", "2h", "3h", "4h"], ["5h", "6h", "7h", "8h"], ["9h", "10h", "Jh", "Qh"]],
            draw_pile=[],
            discard=["Ac", "2c", "3c"][: seed % 4],
            seed=seed,
            current=seed % 3,
            options={"self_snap": seed % 2 == 1, "rounds": 1},
        )
        twin = state.clone()
        applied = state.random_playout(random.Random(seed))
        assert applied == State.random_playout(twin, random.Random(seed))
        assert state.to_json() == twin.to_json()


def crowded(seed: int) -> CactusState:
    """A state no deal leads to: the draw pile holds every card twice over."""
    state = position(seed, OPTIONS[0])
    state.draw_pile = state.draw_pile * 3
    return state


def test_a_state_the_core_cannot_hold_is_left_to_python(core) -> None:  # type: ignore[no-untyped-def]
    state = crowded(5)
    before = state.to_json()
    assert core.cactus_random_playout(state, state.rng, random.Random(1), True) is None
    assert core.cactus_greedy_playout(state, state.rng, random.Random(1)) is None
    assert state.to_json() == before  # refused before any change
    twin = crowded(5)
    assert state.random_playout(random.Random(1)) == State.random_playout(twin, random.Random(1))
    assert state.to_json() == twin.to_json()
    twin, again = crowded(6), crowded(6)
    CactusGreedy(seed=0).playout(twin, 3)
    Bot.playout(CactusGreedy(seed=0), again, 3)
    assert twin.to_json() == again.to_json()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("cards", [[60, 1, 2, 3], [4, 5, 6, 7]]),
        ("cards", [list(range(17)), [20, 21, 22, 23]]),
        ("seen", [[0, 0, 0], [0, 0, 0, 0]]),
        ("waiting", (0, 9)),
        ("phase", 12),
        ("holding", 52),
        ("current", 2),
        ("caller", 5),
        ("draw_pile", (1, 2)),
    ],
)
def test_the_core_refuses_what_it_cannot_hold(core, field: str, value: Any) -> None:  # type: ignore[no-untyped-def]
    state = cardtable.make("cactus", 2, seed=8)
    setattr(state, field, value)
    before = dict(vars(state))  # to_json may not hold such a state
    rng_before = state.rng.getstate()
    assert core.cactus_random_playout(state, state.rng, random.Random(1), False) is None
    assert core.cactus_greedy_playout(state, state.rng, random.Random(1)) is None
    assert vars(state) == before
    assert state.rng.getstate() == rng_before


def test_it_draws_only_from_random_random(core) -> None:  # type: ignore[no-untyped-def]
    state = cardtable.make("cactus", 3, seed=2)
    with pytest.raises(TypeError, match=r"random\.Random"):
        core.cactus_random_playout(state, state.rng, random.SystemRandom(), False)
    with pytest.raises(TypeError, match="cactus_greedy_playout"):
        core.cactus_greedy_playout(state, state.rng)
    with pytest.raises(ValueError, match="log entries"):
        core.cactus_setup(CORE_LOG_ENTRIES[:-1])


def test_weighted_draws_are_choices_draws(core) -> None:  # type: ignore[no-untyped-def]
    weights = tuple(random.Random(4).uniform(0.01, 3.0) for _ in range(52))
    for seed in range(300):
        items = random.Random(seed).sample(range(52), 1 + seed % 52)
        ours, theirs = random.Random(seed), random.Random(seed)
        index = core.rng_weighted_index(ours, items, weights)
        assert items[index] == theirs.choices(items, [weights[c] for c in items])[0]
        assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError, match="greater than zero"):
        core.rng_weighted_index(random.Random(1), [0, 1], (0.0, 0.0))
    with pytest.raises(ValueError, match="indexing the weights"):
        core.rng_weighted_index(random.Random(1), [0, 7], (1.0, 1.0))


def test_the_informed_redeal_is_the_same_with_and_without_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Re-deals draw through ``weighted_index``, shuffles and seeds: in C or not, the
    same worlds from the same generator."""
    worlds = []
    for switched_off in (False, True):
        if switched_off:
            monkeypatch.setattr(engine_state, "native", None)
        done = []
        for seed in range(300):
            state = position(seed, OPTIONS[seed % len(OPTIONS)])
            if state.is_over:
                continue
            rng = random.Random(seed)
            for seat in range(state.num_players):
                done.append(state.determinize(seat, rng, informed=True).to_json())
            done.append(rng.getstate())
        worlds.append(done)
    assert worlds[0] == worlds[1]

"""Plays matches between bots: the loop every simulation and tournament uses.

When several seats may act at once (a simultaneous phase), the runner picks which one
acts next with its own seeded RNG: that stands for "who was fastest" and keeps every
simulation reproducible.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.base import Bot, make_bot
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import make
from cardtable.engine.state import State, derive_seed


@dataclass
class MatchResult:
    index: int
    seed: int
    bots: list[str]
    winners: list[int]
    totals: list[int]
    round_scores: list[list[int]]
    actions: int
    #: Seconds each seat spent deciding, and how many decisions it made.
    think_time: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)


def play_match(
    state: State, bots: Sequence[Bot], rng: random.Random, timed: bool = False
) -> tuple[int, list[float], list[int]]:
    """Play ``state`` to its end; return the action count and per-seat think times."""
    think = [0.0] * state.num_players
    decisions = [0] * state.num_players
    actions = 0
    clock = time.perf_counter
    while not state.is_over:
        seats = state.to_act
        seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        if timed:
            start = clock()
            action = bots[seat].act(state, seat)
            think[seat] += clock() - start
        else:
            action = bots[seat].act(state, seat)
        decisions[seat] += 1
        state.apply(seat, action)
        actions += 1
    return actions, think, decisions


@dataclass(frozen=True)
class MatchPlan:
    """Everything needed to play one match, picklable for worker processes."""

    game: str
    players: int
    options: dict[str, Any] | None
    bots: tuple[str, ...]
    run_seed: int
    index: int
    timed: bool = False
    #: Matches with the same deal number get the same deal (the same match seed), so
    #: a tournament can replay one deal with the bots in rotated seats.
    deal: int | None = None


def run_one(plan: MatchPlan) -> MatchResult:
    deal = plan.index if plan.deal is None else plan.deal
    seed = derive_seed(plan.run_seed, deal, "match")
    state = make(plan.game, plan.players, seed, plan.options)
    bots = [
        make_bot(spec, plan.game, derive_seed(plan.run_seed, plan.index, "bot", seat))
        for seat, spec in enumerate(plan.bots)
    ]
    rng = random.Random(derive_seed(plan.run_seed, plan.index, "order"))
    actions, think, decisions = play_match(state, bots, rng, plan.timed)
    return MatchResult(
        index=plan.index,
        seed=seed,
        bots=list(plan.bots),
        winners=state.winners,
        totals=state.totals,
        round_scores=state.round_scores,
        actions=actions,
        think_time=think,
        decisions=decisions,
    )


def check_match_count(games: int) -> None:
    """Refuse a run of no matches: its summary would report rates of nothing."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise CardtableError(f"the number of matches must be a whole number from 1, got {games!r}")


def run_chunk(plans: list[MatchPlan]) -> list[MatchResult]:
    """Play consecutive plans: the unit of work of a worker process or a Ray task."""
    return [run_one(p) for p in plans]


def run_plans(
    plans: Iterable[MatchPlan],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[MatchResult]:
    """Play every plan, in worker processes if ``workers > 1``; results in plan order.

    Each match's seeds come from its plan alone, so the results are the same whatever
    the worker count.
    """
    plans = list(plans)
    results: list[MatchResult] = []
    if workers <= 1 or len(plans) < 2:
        for plan in plans:
            results.append(run_one(plan))
            if progress:
                progress(1)
        return results
    chunk = max(1, min(50, len(plans) // (workers * 8)))
    chunks = [plans[i : i + chunk] for i in range(0, len(plans), chunk)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(run_chunk, chunks):
            results.extend(done)
            if progress:
                progress(len(done))
    results.sort(key=lambda r: r.index)
    return results

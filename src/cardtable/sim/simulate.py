"""``cardtable simulate``: many matches with fixed seats, summarized."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.base import BotSpecError
from cardtable.engine.registry import get_game

from .cluster import play_plans
from .runner import MatchPlan, MatchResult, check_match_count
from .slices import WHOLE, Merger, Part, Ranges, add_lists, describe, run_identity, slice_block


@dataclass
class SimulationSummary:
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    options: dict[str, Any]
    wins: list[int]
    shared_wins: list[int]
    mean_round_score: list[float]
    mean_rounds: float
    actions: int
    seconds: float
    #: The run's identity, the matches played (``[start, end)`` ranges) and the counts
    #: behind the summary: what ``cardtable merge`` adds up (``cardtable.sim.slices``).
    run: dict[str, Any] = field(default_factory=dict)
    ranges: Ranges = field(default_factory=list)
    counts: dict[str, Any] = field(default_factory=dict)

    @property
    def is_slice(self) -> bool:
        return bool(self.run) and self.ranges != [(0, self.run["matches"])]

    def to_json(self) -> dict[str, Any]:
        """The reproducible part: identical for the same arguments and seed (a slice's
        adds its ``slice`` block)."""
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "matches": self.games,
            "seed": self.seed,
            "bots": self.bots,
            "options": self.options,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "mean_round_score": [round(s, 3) for s in self.mean_round_score],
            "mean_rounds_per_match": round(self.mean_rounds, 3),
            "actions": self.actions,
        }
        if self.is_slice:
            data["slice"] = slice_block(self.run, self.ranges, self.counts)
        return data

    def throughput(self) -> str:
        secs = max(self.seconds, 1e-9)
        return (
            f"{self.games} matches in {self.seconds:.2f} s: "
            f"{self.games / secs:,.1f} matches/s, {self.actions / secs:,.0f} actions/s"
        )

    def table(self) -> str:
        title = get_game(self.game).title
        lines = [
            f"{title}: {self.games} matches, {self.players} players, seed {self.seed}",
            f"{'seat':>4}  {'bot':<24} {'wins':>6} {'win %':>7} {'shared':>6} "
            f"{'mean round score':>17}",
        ]
        for seat in range(self.players):
            pct = 100.0 * self.wins[seat] / max(self.games, 1)
            lines.append(
                f"{seat:>4}  {self.bots[seat]:<24} {self.wins[seat]:>6} {pct:>6.1f}% "
                f"{self.shared_wins[seat]:>6} {self.mean_round_score[seat]:>17.2f}"
            )
        lines.append(f"mean rounds per match: {self.mean_rounds:.2f}")
        if self.is_slice:
            lines.append(describe(self.ranges, self.run["matches"]))
        lines.append(self.throughput())
        return "\n".join(lines)


def count_results(players: int, results: list[MatchResult], seconds: float) -> dict[str, Any]:
    """The sums behind a summary, as ``add_counts`` adds them."""
    wins = [0] * players
    shared = [0] * players
    score_sum = [0] * players
    rounds = 0
    for r in results:
        for w in r.winners:
            wins[w] += 1
            if len(r.winners) > 1:
                shared[w] += 1
        for scores in r.round_scores:
            for seat, s in enumerate(scores):
                score_sum[seat] += s
        rounds += len(r.round_scores)
    return {
        "matches": len(results),
        "wins": wins,
        "shared_wins": shared,
        "round_score_sum": score_sum,
        "rounds": rounds,
        "actions": sum(r.actions for r in results),
        "seconds": seconds,
    }


def add_counts(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The counts of two slices together: every field is a sum."""
    return {
        key: add_lists(a[key], b[key]) if isinstance(a[key], list) else a[key] + b[key] for key in a
    }


def summary_of(run: dict[str, Any], ranges: Ranges, counts: dict[str, Any]) -> SimulationSummary:
    """The summary of ``counts``, the matches ``ranges`` of ``run``."""
    rounds = counts["rounds"]
    return SimulationSummary(
        game=run["game"],
        players=run["players"],
        games=counts["matches"],
        seed=run["seed"],
        bots=run["bots"],
        options=run["options"],
        wins=counts["wins"],
        shared_wins=counts["shared_wins"],
        mean_round_score=[s / max(rounds, 1) for s in counts["round_score_sum"]],
        mean_rounds=rounds / max(counts["matches"], 1),
        actions=counts["actions"],
        seconds=counts["seconds"],
        run=run,
        ranges=ranges,
        counts=counts,
    )


def render(run: dict[str, Any], ranges: Ranges, counts: dict[str, Any], as_json: bool) -> str:
    summary = summary_of(run, ranges, counts)
    return json.dumps(summary.to_json()) if as_json else summary.table()


MERGER = Merger(add=add_counts, render=render)


def simulate(
    game: str,
    players: int,
    games: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    *,
    ray: str | None = None,
    part: Part = WHOLE,
) -> SimulationSummary:
    """Play ``games`` matches with ``bots`` in fixed seats (cycled if fewer than seats),
    or the ``part`` of them; on the Ray cluster at ``ray`` if given.

    ``progress`` is called with the number of matches finished since its last call.
    """
    check_match_count(games)
    if not bots:
        raise BotSpecError("a simulation needs at least one bot")
    if len(bots) > players:
        raise BotSpecError(f"{len(bots)} bots for {players} seats: give at most one a seat")
    spec = get_game(game)
    opts = spec.options_type.from_dict(options).to_dict()
    seats = tuple(bots[i % len(bots)] for i in range(players))
    first, end = part.bounds(games)
    plans = [MatchPlan(game, players, opts, seats, seed, i) for i in range(first, end)]
    start = time.perf_counter()
    results = play_plans(plans, workers, progress, ray)
    seconds = time.perf_counter() - start
    run = run_identity("simulate", game, players, opts, seats, seed, games)
    return summary_of(run, [(first, end)], count_results(players, results, seconds))

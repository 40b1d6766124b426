"""``cardtable simulate``: many matches with fixed seats, summarized."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.bots.base import BotSpecError
from cardtable.engine.registry import get_game

from .runner import MatchPlan, MatchResult, check_match_count, run_plans


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

    def to_json(self) -> dict[str, Any]:
        """The reproducible part: identical for the same arguments and seed."""
        return {
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
        lines.append(self.throughput())
        return "\n".join(lines)


def summarize(
    game: str,
    players: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any],
    results: list[MatchResult],
    seconds: float,
) -> SimulationSummary:
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
    return SimulationSummary(
        game=game,
        players=players,
        games=len(results),
        seed=seed,
        bots=bots,
        options=options,
        wins=wins,
        shared_wins=shared,
        mean_round_score=[s / max(rounds, 1) for s in score_sum],
        mean_rounds=rounds / max(len(results), 1),
        actions=sum(r.actions for r in results),
        seconds=seconds,
    )


def simulate(
    game: str,
    players: int,
    games: int,
    seed: int,
    bots: list[str],
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` matches with ``bots`` in fixed seats (cycled if fewer than seats).

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
    plans = [MatchPlan(game, players, opts, seats, seed, i) for i in range(games)]
    start = time.perf_counter()
    results = run_plans(plans, workers, progress)
    seconds = time.perf_counter() - start
    return summarize(game, players, seed, list(seats), opts, results, seconds)

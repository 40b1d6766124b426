"""``cardtable tournament``: bots against each other, seats rotated, with confidence.

Each deal (a match seed) is played once per rotation of the bots around the table,
so every bot sits in every seat equally often and meets the same cards: the luck of
the deal and of the seat cancels out. A match's win is shared equally by its winners
(a win shared by k seats counts 1/k). Win rates come with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.argtypes import add_game_and_rule_options, whole
from cardtable.bots.base import BotSpecError, make_bot, split_specs
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import get_game, make
from cardtable.extras import require

from .progress import match_progress
from .runner import MatchPlan, MatchResult, check_match_count, run_plans
from .stats import mean, wilson_interval


def seating(bots: list[str], players: int, rotation: int) -> tuple[str, ...]:
    """The bot in each seat for one rotation: seat s gets bot (s + rotation) mod m."""
    return tuple(bots[(seat + rotation) % len(bots)] for seat in range(players))


def tournament_plans(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
) -> list[MatchPlan]:
    """``games`` matches (rounded up to whole rotations), each deal in every rotation."""
    rotations = len(bots)
    deals = -(-games // rotations)
    return [
        MatchPlan(
            game,
            players,
            options,
            seating(bots, players, rotation),
            seed,
            index=deal * rotations + rotation,
            timed=True,
            deal=deal,
        )
        for deal in range(deals)
        for rotation in range(rotations)
    ]


@dataclass
class BotRecord:
    """One bot's results over every seat it held."""

    name: str
    seats_played: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    round_scores: list[int] = field(default_factory=list)
    think_seconds: float = 0.0
    decisions: int = 0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.seats_played)
        return {
            "bot": self.name,
            "seats_played": self.seats_played,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / max(self.seats_played, 1), 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(mean(self.scores), 3),
            "mean_round_score": round(mean(self.round_scores), 3),
            "mean_decision_ms": round(1000 * self.think_seconds / max(self.decisions, 1), 3),
        }


def tally(bots: list[str], results: list[MatchResult]) -> list[BotRecord]:
    records = {name: BotRecord(name) for name in bots}
    for result in results:
        share = 1 / len(result.winners) if result.winners else 0.0
        for seat, name in enumerate(result.bots):
            rec = records[name]
            rec.seats_played += 1
            if seat in result.winners:
                rec.wins += share
            rec.scores.append(result.totals[seat])
            rec.round_scores.extend(r[seat] for r in result.round_scores)
            rec.think_seconds += result.think_time[seat]
            rec.decisions += result.decisions[seat]
    return [records[name] for name in bots]


def run_tournament(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> tuple[dict[str, Any], list[BotRecord]]:
    """Play the tournament; return its summary (JSON-ready) and each bot's record."""
    check_match_count(games)
    spec = get_game(game)
    opts = spec.options_type.from_dict(options).to_dict()
    names = list(dict.fromkeys(bots))  # the same bot named twice is one contestant
    if not names:
        raise BotSpecError("a tournament needs at least one bot")
    make(game, players, 0, opts)  # a bad player count fails now, not in a worker
    for name in names:
        make_bot(name, game, 0)  # a bad spec fails now, not in a worker
    plans = tournament_plans(game, players, names, games, seed, opts)
    results = run_plans(plans, workers, progress)
    records = tally(names, results)
    summary = {
        "game": game,
        "players": players,
        "matches": len(results),
        "rounds_per_match": round(mean([len(r.round_scores) for r in results]), 3),
        "seed": seed,
        "options": opts,
        "bots": [r.to_json() for r in records],
    }
    return summary, records


#: Fields of a bot's summary that measure time, not play: they differ between runs.
TIMING_FIELDS = ("mean_decision_ms",)


def format_table(summary: dict[str, Any]) -> str:
    title = get_game(summary["game"]).title
    lines = [
        f"{title} tournament: {summary['matches']} matches, {summary['players']} players, "
        f"seed {summary['seed']}, {summary['rounds_per_match']:g} rounds per match "
        "(a win shared by k seats counts 1/k)",
        f"{'bot':<34} {'seats':>6} {'win %':>7} {'95% CI':>15} {'mean score':>11} "
        f"{'ms/decision':>12}",
    ]
    for b in summary["bots"]:
        low, high = b["ci95"]
        ci = f"{100 * low:.1f}-{100 * high:.1f}"
        lines.append(
            f"{b['bot']:<34} {b['seats_played']:>6} {100 * b['win_rate']:>6.1f}% {ci:>15} "
            f"{b['mean_score']:>11.2f} {b['mean_decision_ms']:>12.3f}"
        )
    return "\n".join(lines)


#: The file types ``--plot`` draws (matplotlib picks the format from the suffix).
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def check_plot_path(path: str) -> None:
    """Refuse a plot that could not be drawn or written, before the matches are played:
    matplotlib comes with the optional extra ``[plot]``."""
    require("matplotlib", "plot", "--plot")
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        raise CardtableError(
            f"cannot draw the plot to {path}: its name must end in {', '.join(PLOT_SUFFIXES)}"
        )
    if not target.parent.is_dir():
        raise CardtableError(f"cannot draw the plot to {path}: no directory {target.parent}")


def new_figure(width: float, height: float) -> tuple[Any, Any]:
    """A matplotlib figure and its axes, drawn off screen (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(width, height))


def save_figure(fig: Any, path: str) -> None:
    """Write ``fig`` to ``path`` (the format from its suffix) and free it."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_scores(records: list[BotRecord], game: str, path: str) -> None:
    """Draw each bot's distribution of match scores to a file (see ``PLOT_SUFFIXES``)."""
    fig, ax = new_figure(8, 4.5)
    for rec in records:
        ax.hist(rec.scores, bins=30, alpha=0.55, label=rec.name)
    ax.set_xlabel("match score")
    ax.set_ylabel("seats")
    ax.set_title(f"{get_game(game).title}: score distribution per bot")
    ax.legend()
    save_figure(fig, path)


def cmd_tournament(args: argparse.Namespace) -> int:
    spec = get_game(args.game)
    options = spec.options_type.from_strings(args.option).to_dict()
    bots = split_specs(args.bots)
    if args.plot:
        check_plot_path(args.plot)
    rotations = len(dict.fromkeys(bots))
    total = -(-args.games // rotations) * rotations
    with match_progress(total, f"{spec.title} matches", quiet=args.json) as advance:
        summary, records = run_tournament(
            args.game,
            args.players,
            bots,
            args.games,
            args.seed,
            options,
            workers=args.workers,
            progress=advance,
        )
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_table(summary))
    if args.plot:
        plot_scores(records, args.game, args.plot)
        print(f"score distributions drawn to {args.plot}", file=sys.stderr)
    return 0


def add_tournament_command(sub: Any) -> None:
    p = sub.add_parser("tournament", help="bots against each other, seats rotated, with 95%% CIs")
    p.add_argument("--players", type=int, default=2, help="seats at the table")
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs (at least one), such as heuristic,ismcts:ms=200,c=0.3",
    )
    p.add_argument("--games", type=int, default=200, help="matches (rounded to whole rotations)")
    add_run_arguments(p)
    p.add_argument(
        "--plot", metavar="FILE.png", help="draw the score distributions (.png, .svg or .pdf)"
    )
    p.set_defaults(func=cmd_tournament)


def add_run_arguments(p: Any) -> None:
    """The game, rule options, seed, worker count and ``--json`` of a command playing
    matches between bots."""
    add_game_and_rule_options(p)
    p.add_argument("--seed", type=int, default=1, help="the run's seed: same seed, same results")
    p.add_argument(
        "--workers",
        type=whole(1),
        default=os.cpu_count() or 1,
        help="processes playing matches (default: one per core)",
    )
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")

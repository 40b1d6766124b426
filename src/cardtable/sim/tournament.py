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
from typing import Any, NamedTuple

from cardtable.argtypes import add_game_and_rule_options, whole
from cardtable.bots.base import BotSpecError, make_bot, split_specs
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import GameSpec, get_game, make
from cardtable.extras import require

from .cluster import play_plans
from .progress import match_progress
from .runner import MatchPlan, MatchResult, check_match_count
from .slices import (
    WHOLE,
    Merger,
    Part,
    Ranges,
    add_lists,
    add_slice_arguments,
    describe,
    part_of,
    run_identity,
    slice_block,
)
from .stats import wilson_interval


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
    """One bot's results over every seat it held, as sums that slices add up."""

    name: str
    seats_played: int = 0
    #: Wins by how many seats shared them: ``win_shares[k - 1]`` wins shared by k.
    win_shares: list[int] = field(default_factory=list)
    score_sum: int = 0
    round_score_sum: int = 0
    round_seats: int = 0
    think_seconds: float = 0.0
    decisions: int = 0
    #: Each match score, for ``--plot`` (not carried by slices).
    scores: list[int] = field(default_factory=list)

    @property
    def wins(self) -> float:
        """Wins, a win shared by k seats counting 1/k."""
        return sum(count / k for k, count in enumerate(self.win_shares, 1))

    def counts(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "seats_played": self.seats_played,
            "win_shares": self.win_shares,
            "score_sum": self.score_sum,
            "round_score_sum": self.round_score_sum,
            "round_seats": self.round_seats,
            "think_seconds": self.think_seconds,
            "decisions": self.decisions,
        }

    @classmethod
    def from_counts(cls, counts: dict[str, Any]) -> BotRecord:
        return cls(counts["bot"], **{k: v for k, v in counts.items() if k != "bot"})

    def to_json(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.seats_played)
        seats = max(self.seats_played, 1)
        return {
            "bot": self.name,
            "seats_played": self.seats_played,
            "wins": round(self.wins, 4),
            "win_rate": round(self.wins / seats, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.score_sum / seats, 3),
            "mean_round_score": round(self.round_score_sum / max(self.round_seats, 1), 3),
            "mean_decision_ms": round(1000 * self.think_seconds / max(self.decisions, 1), 3),
        }


def tally(bots: list[str], results: list[MatchResult], players: int) -> list[BotRecord]:
    records = {name: BotRecord(name, win_shares=[0] * players) for name in bots}
    for result in results:
        for seat, name in enumerate(result.bots):
            rec = records[name]
            rec.seats_played += 1
            if seat in result.winners:
                rec.win_shares[len(result.winners) - 1] += 1
            rec.scores.append(result.totals[seat])
            rec.score_sum += result.totals[seat]
            rec.round_score_sum += sum(r[seat] for r in result.round_scores)
            rec.round_seats += len(result.round_scores)
            rec.think_seconds += result.think_time[seat]
            rec.decisions += result.decisions[seat]
    return [records[name] for name in bots]


def tournament_summary(
    run: dict[str, Any], ranges: Ranges, matches: int, rounds: int, records: list[BotRecord]
) -> dict[str, Any]:
    """The summary of ``records`` over ``matches`` matches of ``rounds`` rounds in all,
    the matches ``ranges`` of ``run`` (a slice's carries the counts behind it)."""
    summary = {
        "game": run["game"],
        "players": run["players"],
        "matches": matches,
        "rounds_per_match": round(rounds / max(matches, 1), 3),
        "seed": run["seed"],
        "options": run["options"],
        "bots": [r.to_json() for r in records],
    }
    if ranges != [(0, run["matches"])]:
        counts = {"matches": matches, "rounds": rounds, "bots": [r.counts() for r in records]}
        summary["slice"] = slice_block(run, ranges, counts)
    return summary


def add_counts(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Two slices' counts together: every number of every bot is a sum."""
    return {
        "matches": a["matches"] + b["matches"],
        "rounds": a["rounds"] + b["rounds"],
        "bots": [
            {
                key: x[key]
                if key == "bot"
                else add_lists(x[key], y[key])
                if isinstance(x[key], list)
                else x[key] + y[key]
                for key in x
            }
            for x, y in zip(a["bots"], b["bots"], strict=True)
        ],
    }


def render(run: dict[str, Any], ranges: Ranges, counts: dict[str, Any], as_json: bool) -> str:
    records = [BotRecord.from_counts(c) for c in counts["bots"]]
    summary = tournament_summary(run, ranges, counts["matches"], counts["rounds"], records)
    return json.dumps(summary) if as_json else format_table(summary)


MERGER = Merger(add=add_counts, render=render)


def run_tournament(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    *,
    ray: str | None = None,
    part: Part = WHOLE,
) -> tuple[dict[str, Any], list[BotRecord]]:
    """Play the tournament, or the ``part`` of its matches, on the Ray cluster at
    ``ray`` if given; return its summary (JSON-ready) and each bot's record."""
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
    first, end = part.bounds(len(plans))
    results = play_plans(plans[first:end], workers, progress, ray)
    records = tally(names, results, players)
    run = run_identity("tournament", game, players, opts, names, seed, len(plans))
    rounds = sum(len(r.round_scores) for r in results)
    return tournament_summary(run, [(first, end)], len(results), rounds, records), records


#: Fields of a bot's summary that measure time, not play: they differ between runs.
TIMING_FIELDS = ("mean_decision_ms",)


def format_table(summary: dict[str, Any]) -> str:
    title = get_game(summary["game"]).title
    part = summary.get("slice")
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
    if part:
        lines.append(describe([tuple(r) for r in part["ranges"]], part["run"]["matches"]))
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


class Matches(NamedTuple):
    """The matches a command line asks for, in the order that ``run_tournament``,
    ``run_ladder`` and ``ladder_plans`` take them first."""

    game: str
    players: int
    bots: list[str]
    games: int
    seed: int
    options: dict[str, Any]


def matches_of(args: argparse.Namespace, bots: list[str]) -> tuple[GameSpec, Matches]:
    """The game and the matches of a tournament or ladder command line, among ``bots``;
    a ``--plot`` path is checked here, before any match is played."""
    spec = get_game(args.game)
    options = spec.options_type.from_strings(args.option).to_dict()
    if args.plot:
        check_plot_path(args.plot)
    return spec, Matches(args.game, args.players, bots, args.games, args.seed, options)


def cmd_tournament(args: argparse.Namespace) -> int:
    spec, matches = matches_of(args, split_specs(args.bots))
    rotations = len(dict.fromkeys(matches.bots))
    first, end = part_of(args).bounds(-(-args.games // rotations) * rotations)
    with match_progress(end - first, f"{spec.title} matches", quiet=args.json) as advance:
        summary, records = run_tournament(
            *matches,
            workers=args.workers,
            progress=advance,
            ray=args.ray,
            part=part_of(args),
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
    add_slice_arguments(p)

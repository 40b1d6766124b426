"""``cardtable ladder``: how strong each bot is, as ratings on one scale.

A round robin on shared, seat-rotated deals: every table of ``players`` bots drawn
from the list (every combination; with fewer bots than seats, the list repeated
round the table) plays every deal once per rotation of its seats, so every bot meets
every other on the same cards from every seat. Each match is reduced to pairwise
results between its seats (winners ahead, then by match total; a tie is half a
point each; two seats of the same bot are not compared), and Elo ratings are fitted
to them with 95% bootstrap intervals (``cardtable.sim.ratings``). The intervals
resample a table's rotations on one deal as one unit: the pairwise results of one
match, and of one table's rotations of the same cards, depend on each other, while
the rotations cancel most of what the deal itself brings, so different tables on one
deal are close to independent (and a short ladder still has many units). Each bot's
lead on the next one down gets its own interval from the same resamples: the
ratings' intervals all carry the anchor's uncertainty, the leads' do not.
``random`` is the anchor at 0 when it plays, else the first bot named.

Each match's seeds come from the ladder's seed and the match's index (its deal from
the deal number), never from the order workers finish in, so a ladder's results are
the same whatever the worker count.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cardtable.bots.base import BotSpecError, make_bot, split_specs
from cardtable.engine.registry import get_game, make
from cardtable.engine.state import derive_seed

from .cluster import play_plans
from .progress import Advance, match_progress
from .ratings import PairResults, bootstrap_fits, fit_elo, lead_intervals, rating_intervals
from .runner import MatchPlan, MatchResult, check_match_count
from .slices import (
    WHOLE,
    Merger,
    Part,
    Ranges,
    add_lists,
    describe,
    part_of,
    run_identity,
    slice_block,
)
from .tournament import add_run_arguments, matches_of, new_figure, save_figure

#: The bot whose rating is 0 when it plays.
ANCHOR = "random"
#: The bots a ladder plays when none are named: the anchor and the four levels.
DEFAULT_BOTS = "random,easy,normal,hard,expert"


def ladder_tables(bots: int, players: int) -> list[tuple[int, ...]]:
    """The tables of a round robin of ``bots`` bots, as bot numbers by seat."""
    if bots >= players:
        return list(combinations(range(bots), players))
    return [tuple(seat % bots for seat in range(players))]


def ladder_plans(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
) -> list[MatchPlan]:
    """At least ``games`` matches: whole deals, each played by every table in every
    rotation of its seats."""
    tables = ladder_tables(len(bots), players)
    per_deal = len(tables) * players
    deals = -(-games // per_deal)
    return [
        MatchPlan(
            game,
            players,
            options,
            tuple(bots[table[(seat + rotation) % players]] for seat in range(players)),
            seed,
            index=(deal * len(tables) + number) * players + rotation,
            timed=True,
            deal=deal,
        )
        for deal in range(deals)
        for number, table in enumerate(tables)
        for rotation in range(players)
    ]


def seat_order(result: MatchResult, lower_wins: bool) -> list[tuple[bool, int]]:
    """Each seat's place as a sortable key: winners first, then by match total."""
    return [
        (seat not in result.winners, total if lower_wins else -total)
        for seat, total in enumerate(result.totals)
    ]


def pair_results(
    plans: list[MatchPlan], results: list[MatchResult], bots: list[str], lower_wins: bool
) -> dict[int, PairResults]:
    """The pairwise results of every table's rotations on each deal (``results`` in
    plan order), by the group's number (its first match's index // players): the units
    the intervals resample. A slice may cut a group; the merge adds its two parts."""
    number = {name: i for i, name in enumerate(bots)}
    groups: dict[int, PairResults] = {}
    for plan, result in zip(plans, results, strict=True):
        # ``ladder_plans`` numbers a table's rotations on a deal consecutively.
        group = groups.setdefault(plan.index // plan.players, PairResults.empty(len(bots)))
        places = seat_order(result, lower_wins)
        for a, b in combinations(range(len(result.bots)), 2):
            first, second = number[result.bots[a]], number[result.bots[b]]
            if first == second:
                continue
            score = 1.0 if places[a] < places[b] else 0.0 if places[a] > places[b] else 0.5
            group.add(first, second, score)
    return groups


@dataclass
class LadderRow:
    """One bot's line of the ladder."""

    bot: str
    rating: float
    low: float
    high: float
    score: float
    seats: int
    decision_ms: float
    #: The lead over the next bot down and its 95% interval (none for the last).
    lead: tuple[float, float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        lead = None if self.lead is None else [round(x, 1) for x in self.lead]
        return {
            "bot": self.bot,
            "rating": round(self.rating, 1),
            "ci95": [round(self.low, 1), round(self.high, 1)],
            "lead": None if lead is None else lead[0],
            "lead_ci95": None if lead is None else lead[1:],
            "pair_score": round(self.score, 4),
            "seats_played": self.seats,
            "mean_decision_ms": round(self.decision_ms, 3),
        }


#: Fields of a bot's line that measure time, not play: they differ between runs.
TIMING_FIELDS = ("mean_decision_ms",)


def run_ladder(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Advance | None = None,
    *,
    ray: str | None = None,
    part: Part = WHOLE,
) -> dict[str, Any]:
    """Play the ladder, or the ``part`` of its matches, on the Ray cluster at ``ray`` if
    given; its summary, JSON-ready, the bots by rating (highest first)."""
    check_match_count(games)
    spec = get_game(game)
    opts = spec.options_type.from_dict(options).to_dict()
    names = list(dict.fromkeys(bots))  # the same bot named twice is one contestant
    if len(names) < 2:
        raise BotSpecError("a ladder needs at least two different bots")
    make(game, players, 0, opts)  # a bad player count fails now, not in a worker
    for name in names:
        make_bot(name, game, 0)  # a bad spec fails now, not in a worker
    plans = ladder_plans(game, players, names, games, seed, opts)
    first, end = part.bounds(len(plans))
    played = plans[first:end]
    results = play_plans(played, workers, progress, ray)
    groups = pair_results(played, results, names, spec.lower_score_wins)
    seats = [0] * len(names)
    think = [0.0] * len(names)
    decisions = [0] * len(names)
    for result in results:
        for seat, name in enumerate(result.bots):
            bot = names.index(name)
            seats[bot] += 1
            think[bot] += result.think_time[seat]
            decisions[bot] += result.decisions[seat]
    counts = {
        "matches": len(results),
        "groups": [[g, groups[g].pairs()] for g in sorted(groups)],
        "seats": seats,
        "think_seconds": think,
        "decisions": decisions,
    }
    run = run_identity("ladder", game, players, opts, names, seed, len(plans))
    return ladder_summary(run, [(first, end)], counts)


def deal_count(ranges: Ranges, per_deal: int) -> int:
    """How many deals the matches ``ranges`` (sorted, disjoint) play some of."""
    deals = 0
    last = -1
    for start, end in ranges:
        low, high = max(start // per_deal, last + 1), (end - 1) // per_deal
        deals += max(0, high - low + 1)
        last = max(last, high)
    return deals


def add_counts(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Two slices' counts together; a table's rotations on a deal cut between the
    slices become one group again."""
    size = len(a["seats"])
    groups: dict[int, list[list[float]]] = {}
    for number, pairs in [*a["groups"], *b["groups"]]:
        groups.setdefault(number, []).extend(pairs)
    return {
        "matches": a["matches"] + b["matches"],
        "groups": [[g, PairResults.from_pairs(size, groups[g]).pairs()] for g in sorted(groups)],
        "seats": add_lists(a["seats"], b["seats"]),
        "think_seconds": add_lists(a["think_seconds"], b["think_seconds"]),
        "decisions": add_lists(a["decisions"], b["decisions"]),
    }


def ladder_summary(run: dict[str, Any], ranges: Ranges, counts: dict[str, Any]) -> dict[str, Any]:
    """The ladder of ``counts``, the matches ``ranges`` of ``run``: ratings fitted to the
    pairwise results, intervals from resampling their groups (a slice's summary carries
    the counts behind it)."""
    names = run["bots"]
    groups = [PairResults.from_pairs(len(names), pairs) for _, pairs in counts["groups"]]
    total = PairResults.empty(len(names))
    for group in groups:
        total.add_all(group)
    anchor = names.index(ANCHOR) if ANCHOR in names else 0
    ratings = fit_elo(total, anchor)
    fits = bootstrap_fits(groups, anchor, derive_seed(run["seed"], "bootstrap"))
    intervals = rating_intervals(fits)
    rows = [
        LadderRow(
            name,
            ratings[i],
            *intervals[i],
            score=total.score(i),
            seats=counts["seats"][i],
            decision_ms=1000 * counts["think_seconds"][i] / max(counts["decisions"][i], 1),
        )
        for i, name in enumerate(names)
    ]
    order = sorted(range(len(names)), key=lambda i: -ratings[i])
    rows = [rows[i] for i in order]
    for row, below, interval in zip(rows, rows[1:], lead_intervals(fits, order), strict=False):
        row.lead = (row.rating - below.rating, *interval)
    per_deal = len(ladder_tables(len(names), run["players"])) * run["players"]
    summary = {
        "game": run["game"],
        "players": run["players"],
        "matches": counts["matches"],
        "deals": deal_count(ranges, per_deal),
        "seed": run["seed"],
        "options": run["options"],
        "anchor": names[anchor],
        "rating": "Elo, maximum likelihood over pairwise results, 95% bootstrap over tables",
        "bots": [row.to_json() for row in rows],
    }
    if ranges != [(0, run["matches"])]:
        summary["slice"] = slice_block(run, ranges, counts)
    return summary


def render(run: dict[str, Any], ranges: Ranges, counts: dict[str, Any], as_json: bool) -> str:
    summary = ladder_summary(run, ranges, counts)
    return json.dumps(summary) if as_json else format_ladder(summary)


MERGER = Merger(add=add_counts, render=render)


def span(low: float, high: float) -> str:
    """An interval as the tables print it."""
    return f"{low:.0f} to {high:.0f}"


def format_ladder(summary: dict[str, Any]) -> str:
    title = get_game(summary["game"]).title
    lines = [
        f"{title} ladder: {summary['matches']} matches on {summary['deals']} "
        f"deal{'' if summary['deals'] == 1 else 's'}, "
        f"{summary['players']} players, seed {summary['seed']} "
        f"(Elo, {summary['anchor']} = 0, 95% bootstrap intervals)",
        f"{'rank':>4}  {'bot':<34} {'rating':>7} {'95% CI':>15} "
        f"{'lead on next (95% CI)':>23} {'pair score':>10} {'seats':>6} {'ms/decision':>12}",
    ]
    for rank, b in enumerate(summary["bots"], 1):
        low, high = b["ci95"]
        lead = "" if b["lead"] is None else f"{b['lead']:.0f} ({span(*b['lead_ci95'])})"
        lines.append(
            f"{rank:>4}  {b['bot']:<34} {b['rating']:>7.0f} {span(low, high):>15} {lead:>23} "
            f"{100 * b['pair_score']:>9.1f}% {b['seats_played']:>6} "
            f"{b['mean_decision_ms']:>12.2f}"
        )
    if "slice" in summary:
        part = summary["slice"]
        lines.append(describe([tuple(r) for r in part["ranges"]], part["run"]["matches"]))
    return "\n".join(lines)


def plot_ladder(summary: dict[str, Any], path: str) -> None:
    """Draw each bot's rating with its interval to a file (.png, .svg or .pdf)."""
    rows = summary["bots"][::-1]  # the strongest on top
    ratings = [b["rating"] for b in rows]
    errors = [
        [b["rating"] - b["ci95"][0] for b in rows],
        [b["ci95"][1] - b["rating"] for b in rows],
    ]
    fig, ax = new_figure(8, 0.5 * len(rows) + 1.5)
    ax.errorbar(ratings, range(len(rows)), xerr=errors, fmt="o", capsize=4)
    ax.set_yticks(range(len(rows)), [b["bot"] for b in rows])
    ax.set_xlabel(f"Elo rating ({summary['anchor']} = 0), 95% interval")
    ax.set_title(
        f"{get_game(summary['game']).title}, {summary['players']} players: "
        f"{summary['matches']} matches"
    )
    save_figure(fig, path)


def cmd_ladder(args: argparse.Namespace) -> int:
    spec, matches = matches_of(args, list(dict.fromkeys(split_specs(args.bots))))
    total = len(ladder_plans(*matches))
    part = part_of(args)
    first, end = part.bounds(total)
    with match_progress(end - first, f"{spec.title} ladder", quiet=args.json) as advance:
        summary = run_ladder(
            *matches,
            args.workers,
            advance,
            ray=args.ray,
            part=part,
        )
    print(json.dumps(summary) if args.json else format_ladder(summary))
    if args.plot:
        plot_ladder(summary, args.plot)
        print(f"ratings drawn to {args.plot}", file=sys.stderr)
    return 0


def add_ladder_command(sub: Any) -> None:
    p = sub.add_parser(
        "ladder", help="rate bots on one scale: a round robin on shared deals, Elo with 95%% CIs"
    )
    p.add_argument("--players", type=int, default=2, help="seats at the table")
    p.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        help=f"comma-separated bot specs, at least two (default {DEFAULT_BOTS})",
    )
    p.add_argument(
        "--games", type=int, default=200, help="matches at least (rounded up to whole deals)"
    )
    add_run_arguments(p)
    p.add_argument("--plot", metavar="FILE.png", help="draw the ratings (.png, .svg or .pdf)")
    p.set_defaults(func=cmd_ladder)

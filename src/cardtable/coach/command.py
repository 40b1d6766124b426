"""``cardtable analyse``: the coach's analysis of one seat of a finished match."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.argtypes import whole
from cardtable.tui.renderer import NoRendererError, renderer_for

from .analysis import Analysis, CoachError, analyse, dumps, profiles


def add_analyse_command(sub: Any) -> None:
    p = sub.add_parser(
        "analyse",
        help="where a strong bot would have played a seat's decisions differently",
        description="Analyse one seat of a finished match record (State.record() or the "
        "server's match-record API): each decision with the move played, the move the "
        "coach suggests and its estimated cost.",
    )
    p.add_argument("record", type=Path, help="the match record, a JSON file")
    p.add_argument(
        "--seat",
        type=int,
        required=True,
        help="the seat to analyse, from 0 as in match records (the table it prints "
        "counts seats, moves and cards from 1, as the screens do: --seat 0 is seat 1)",
    )
    p.add_argument(
        "--ms",
        type=float,
        default=None,
        help="search time per decision in ms (default: the coach's fixed iteration "
        "budget, which gives the same analysis for a seed)",
    )
    p.add_argument(
        "--samples",
        type=whole(1),
        default=None,
        help="re-deals each decision is priced on (default: the game's own, "
        + ", ".join(f"{game} {coach.samples}" for game, coach in sorted(profiles().items()))
        + ")",
    )
    p.add_argument("--seed", type=int, default=1, help="analysis seed")
    p.add_argument("--json", action="store_true", help="print the analysis as one JSON object")
    p.set_defaults(func=cmd_analyse)


def cmd_analyse(args: argparse.Namespace) -> int:
    record = _read_record(args.record)

    def progress(done: int, total: int) -> None:
        if not args.json and sys.stderr.isatty():
            print(f"\ranalysed {done}/{total} decisions", end="", file=sys.stderr, flush=True)

    analysis = analyse(
        record, args.seat, samples=args.samples, seed=args.seed, ms=args.ms, progress=progress
    )
    if args.json:
        print(dumps(analysis))
    else:
        if sys.stderr.isatty():
            print(file=sys.stderr)
        print(table(analysis))
    return 0


def _read_record(path: Path) -> Any:
    try:
        text = path.read_text()
    except OSError as exc:
        raise CoachError(f"cannot read the record {path}: {exc.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CoachError(f"the record {path} is not valid JSON: {exc}") from None


#: How a positive cost reads, by the analysis's unit.
COST_WORDS = {
    "points": "about {cost:.1f} more round points than the coach's move",
    "win chance": "about {cost:.0%} less chance to win the round than the coach's move",
}


def table(analysis: Analysis) -> str:
    """The analysis as lines a person reads: one per decision, the costly ones marked.

    Everything is counted from 1 as on the screens (seat, move, card), and each cost
    says what it means; a decision whose played move priced as well as the coach's
    (a cost of 0 or below: the pricing and the search disagree on a close choice)
    says so rather than showing a negative number.
    """
    lines = [
        f"{analysis.game}, seat {analysis.seat + 1}: {len(analysis.decisions)} decisions, each "
        f"priced on {analysis.samples} re-deals against the move the coach would play",
        f"{'move':>5} {'round':>5}  {'played':<24} {'suggested':<24} how the played move compares",
    ]
    field_words = _field_words(analysis.game)
    for d in analysis.decisions:
        mark = f" ({d.label})" if d.label else ""
        compared = cost_words(d.played, d.suggested, d.cost, analysis.unit)
        lines.append(
            f"{d.index + 1:>5} {d.round:>5}  {move_words(d.played, field_words):<24} "
            f"{move_words(d.suggested, field_words):<24} {compared}{mark}"
        )
    return "\n".join(lines)


def cost_words(played: dict[str, Any], suggested: dict[str, Any], cost: float, unit: str) -> str:
    """A decision's cost in words: what the played move is expected to lose."""
    if played == suggested:
        return "the coach plays it too"
    if cost <= 0:
        return "as good as the coach's move"
    return COST_WORDS[unit].format(cost=cost)


def _field_words(game: str) -> Callable[[str, Any], str | None]:
    """How the game's terminal renderer words a move's field (no field, for a game
    that has no renderer)."""
    try:
        return renderer_for(game).field_words
    except NoRendererError:
        return lambda name, value: None


def move_words(
    action: dict[str, Any], field_words: Callable[[str, Any], str | None] = lambda n, v: None
) -> str:
    """A move in words, its cards and seats counted from 1: ``replace, card 3``; the
    game's own fields (a card, a call) as ``field_words`` words them."""
    words = [str(action.get("type", "?")).replace("_", " ")]
    for name, value in action.items():
        if name == "type" or value is None or value is False:
            continue
        if name in ("slot", "pos", "target_slot"):
            words.append(f"card {value + 1}")
        elif name == "seat":
            words.append(f"seat {value + 1}")
        else:
            words.append(field_words(name, value) or f"{name} {value}")
    return ", ".join(words)

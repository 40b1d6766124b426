"""``cardtable analyse``: the coach's analysis of one seat of a finished match."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardtable.argtypes import whole

from .analysis import PROFILES, Analysis, CoachError, analyse, dumps


def add_analyse_command(sub: Any) -> None:
    p = sub.add_parser(
        "analyse",
        help="where a strong bot would have played a seat's decisions differently",
        description="Analyse one seat of a finished match record (State.record() or the "
        "server's match-record API): each decision with the move played, the move the "
        "coach suggests and its estimated cost.",
    )
    p.add_argument("record", type=Path, help="the match record, a JSON file")
    p.add_argument("--seat", type=int, required=True, help="the seat to analyse (from 0)")
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
        + ", ".join(f"{game} {coach.samples}" for game, coach in sorted(PROFILES.items()))
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


def table(analysis: Analysis) -> str:
    """The analysis as lines a person reads: one per decision, the costly ones marked."""
    lines = [
        f"{analysis.game}, seat {analysis.seat}: {len(analysis.decisions)} decisions "
        f"(cost in {analysis.unit}, {analysis.samples} re-deals each)",
        f"{'move':>5} {'round':>5}  {'played':<28} {'suggested':<28} {'cost':>7}  label",
    ]
    for d in analysis.decisions:
        lines.append(
            f"{d.index:>5} {d.round:>5}  {_move(d.played):<28} {_move(d.suggested):<28} "
            f"{d.cost:>7.2f}  {d.label or ''}"
        )
    return "\n".join(lines)


def _move(action: dict[str, Any]) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action.get('type')}({fields})" if fields else str(action.get("type"))

"""``cardtable merge``: slices of one run (``--start``/``--count`` with ``--json``)
combined into the run's summary, intervals and ratings recomputed from their counts.

The slices must come from the same run (equal identity: command, game, players, rule
options, bots, seed, total matches, cardtable version) and hold no match twice. When
they cover the run, the output is what the whole run prints; otherwise it is a larger
slice, which merges again.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from .ladder import MERGER as LADDER
from .simulate import MERGER as SIMULATE
from .slices import Merger, Ranges, SliceError, join_ranges
from .tournament import MERGER as TOURNAMENT

MERGERS: dict[str, Merger] = {"simulate": SIMULATE, "tournament": TOURNAMENT, "ladder": LADDER}


def read_slice(path: str) -> dict[str, Any]:
    """The ``slice`` block of a slice's ``--json`` output in ``path``."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        raise SliceError(f"cannot read {path}: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("slice"), dict):
        raise SliceError(
            f"{path} is not a slice: merge the --json output of a run given --start or --count"
        )
    block: dict[str, Any] = data["slice"]
    if block.get("run", {}).get("command") not in MERGERS:
        raise SliceError(f"{path}: not a slice of simulate, tournament or ladder")
    return block


def merge_slices(blocks: list[dict[str, Any]]) -> tuple[dict[str, Any], Ranges, dict[str, Any]]:
    """The run, the matches and the counts of ``blocks`` together, checked."""
    run = blocks[0]["run"]
    for block in blocks[1:]:
        if block["run"] != run:
            differ = sorted(
                k for k in run.keys() | block["run"].keys() if run.get(k) != block["run"].get(k)
            )
            raise SliceError(f"the slices are of different runs: their {', '.join(differ)} differ")
    ranges = join_ranges([[(int(a), int(b)) for a, b in block["ranges"]] for block in blocks])
    merger = MERGERS[run["command"]]
    counts = blocks[0]["counts"]
    for block in blocks[1:]:
        counts = merger.add(counts, block["counts"])
    return run, ranges, counts


def cmd_merge(args: argparse.Namespace) -> int:
    run, ranges, counts = merge_slices([read_slice(path) for path in args.files])
    print(MERGERS[run["command"]].render(run, ranges, counts, args.json))
    return 0


def add_merge_command(sub: Any) -> None:
    p = sub.add_parser(
        "merge",
        help="combine the --json outputs of slices of one simulate, tournament or ladder run",
    )
    p.add_argument("files", nargs="+", metavar="SLICE.json", help="a slice's --json output")
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.set_defaults(func=cmd_merge)

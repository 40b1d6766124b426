"""Slices of a run (``--start K --count N``) and what merges them back into the run.

A run's matches are numbered, and each match's seeds come from the run's seed and its
number alone, so matches K..K+N-1 played anywhere, at any time, are the matches the
whole run plays there. A slice's ``--json`` output carries, besides its own summary, a
``slice`` block: the run it belongs to (the command, game, players, rule options,
bots, seed, total matches and the cardtable version, which together fix every match),
the match ranges it holds, and the counts behind its summary in a form that adds up
(sums, not means; a ladder's pairwise results per table and deal, not its ratings).
``cardtable merge`` adds the counts of slices of one run that do not overlap and
recomputes the summary, intervals included, from the sums; when the slices cover the
run, that is the summary the whole run prints.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from cardtable.argtypes import whole
from cardtable.engine.errors import CardtableError

from .runner import check_match_count

#: Half-open ranges of match numbers, ``[start, end)``, sorted and disjoint.
Ranges = list[tuple[int, int]]


class SliceError(CardtableError):
    """Slices that cannot be played or merged: out of the run, overlapping, or of
    different runs."""


@dataclass(frozen=True)
class Part:
    """Which of a run's ``total`` matches to play: ``count`` from ``start``."""

    start: int = 0
    count: int | None = None

    def bounds(self, total: int) -> tuple[int, int]:
        """The ``[start, end)`` of the matches to play, checked against the run."""
        check_match_count(total)
        end = total if self.count is None else self.start + self.count
        if self.start >= total or end > total:
            raise SliceError(
                f"matches {self.start}..{end - 1} are not all in the run: "
                f"it has {total} (numbered 0..{total - 1})"
            )
        return self.start, end


#: Every match of the run.
WHOLE = Part()


def run_identity(
    command: str,
    game: str,
    players: int,
    options: dict[str, Any],
    bots: Sequence[str],
    seed: int,
    total: int,
) -> dict[str, Any]:
    """What fixes every match of a run: slices merge only when this is equal."""
    return {
        "command": command,
        "game": game,
        "players": players,
        "options": options,
        "bots": list(bots),
        "seed": seed,
        "matches": total,
        "cardtable": version("cardtable"),
    }


def slice_block(run: dict[str, Any], ranges: Ranges, counts: dict[str, Any]) -> dict[str, Any]:
    return {"run": run, "ranges": [list(r) for r in ranges], "counts": counts}


def join_ranges(parts: Sequence[Ranges]) -> Ranges:
    """The union of the slices' ranges, refused if two slices share a match."""
    spans = sorted(span for ranges in parts for span in ranges)
    joined: Ranges = []
    for start, end in spans:
        if joined and start < joined[-1][1]:
            raise SliceError(
                f"slices overlap: matches {start}..{min(end, joined[-1][1]) - 1} are in two "
                "of them, and would be counted twice"
            )
        if joined and start == joined[-1][1]:
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
    return joined


def describe(ranges: Ranges, total: int) -> str:
    """The matches a slice holds, as its table's note says it."""
    held = ", ".join(f"{a}..{b - 1}" for a, b in ranges)
    return f"matches {held} of {total} (a slice: `cardtable merge` the --json outputs)"


@dataclass(frozen=True)
class Merger:
    """How one command's slices merge: ``add`` two slices' counts; ``render`` the
    summary of counts over ``ranges`` of a run, as the command prints it (its table,
    or its JSON, which carries a ``slice`` block unless the ranges cover the run)."""

    add: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
    render: Callable[[dict[str, Any], Ranges, dict[str, Any], bool], str]


def add_lists(a: Sequence[Any], b: Sequence[Any]) -> list[Any]:
    """Two lists of counts added place by place."""
    return [x + y for x, y in zip(a, b, strict=True)]


def part_of(args: argparse.Namespace) -> Part:
    """The slice ``--start`` and ``--count`` ask for."""
    return Part(args.start, args.count)


def add_slice_arguments(p: argparse.ArgumentParser) -> None:
    """``--start``, ``--count`` and ``--ray`` of the commands that play many matches."""
    p.add_argument(
        "--start",
        type=whole(0),
        default=0,
        metavar="K",
        help="play the run's matches from number K (a slice, see `cardtable merge`)",
    )
    p.add_argument(
        "--count",
        type=whole(1),
        default=None,
        metavar="N",
        help="play N of the run's matches (default: all from --start)",
    )
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        default=None,
        help="play on a Ray cluster: auto, host:port or ray://host:10001 "
        "(needs the ray extra; --workers is then ignored)",
    )

"""A progress bar for long runs of matches, shown only to a person watching.

``simulate``, ``tournament`` and ``ladder`` play thousands of matches; on a terminal a
bar on stderr says how far they are and how long is left. When stderr is not a
terminal (a pipe, a log file, a test) or the caller asked for machine-readable output
(``--json``), nothing is drawn, so the output stays clean for whoever reads it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

#: What a run calls after each batch of finished matches, with the batch's size.
Advance = Callable[[int], None]


def _ignore(done: int) -> None:
    """The advance of a run nobody watches."""


def wants_bar(stream: TextIO, quiet: bool) -> bool:
    """Whether a bar helps: a person watches ``stream`` and did not ask for quiet."""
    if quiet:
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@contextmanager
def match_progress(
    total: int,
    description: str,
    *,
    quiet: bool = False,
    stream: TextIO | None = None,
) -> Iterator[Advance]:
    """Yield an ``advance(n)`` callable; draw a bar of ``total`` matches if it helps.

    The bar goes to ``stream`` (stderr by default) and disappears when the run ends,
    leaving only the results on stdout. With ``quiet`` (``--json``) or when the stream
    is not a terminal, ``advance`` does nothing.
    """
    out = sys.stderr if stream is None else stream
    if not wants_bar(out, quiet):
        yield _ignore
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(file=out),
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)

        def advance(done: int) -> None:
            bar.advance(task, done)

        yield advance

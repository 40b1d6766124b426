"""A progress bar for long runs of matches, shown only to a person watching.

``simulate``, ``tournament`` and ``ladder`` play thousands of matches; on a terminal a
bar on stderr says how far they are and how long is left. When stderr is not a
terminal (a pipe, a log file, a test) or the caller asked for machine-readable output
(``--json``), nothing is drawn, so the output stays clean for whoever reads it.

The time left is the run's own rate so far applied to the matches still to play.
A rate over the last seconds only (rich's own column) misleads here: with several
workers the matches come back in batches, in order, so a batch that waited behind a
slower one lands a moment after it, and the rate of those two moments promised a
ladder's last 70 seconds in 1; and a ladder's matches cost very different times (an
expert's table against a table of quick bots).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from math import ceil
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.progress import ProgressColumn

#: What a run calls after each batch of finished matches, with the batch's size.
Advance = Callable[[int], None]


def _ignore(done: int) -> None:
    """The advance of a run nobody watches."""


def time_left(done: float, total: float | None, elapsed: float | None) -> float | None:
    """Seconds left for ``total`` matches when ``done`` took ``elapsed`` seconds, at the
    same mean rate; None before the first match is done."""
    if total is None or elapsed is None or done <= 0:
        return None
    return elapsed * max(total - done, 0) / done


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
    clock: Callable[[], float] | None = None,
) -> Iterator[Advance]:
    """Yield an ``advance(n)`` callable; draw a bar of ``total`` matches if it helps.

    The bar goes to ``stream`` (stderr by default) and disappears when the run ends,
    leaving only the results on stdout. With ``quiet`` (``--json``) or when the stream
    is not a terminal, ``advance`` does nothing. ``clock`` (seconds, monotonic by
    default) times the run.
    """
    out = sys.stderr if stream is None else stream
    if not wants_bar(out, quiet):
        yield _ignore
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        _time_left_column(),
        console=Console(file=out),
        transient=True,
        get_time=clock,
    ) as bar:
        task = bar.add_task(description, total=total)

        def advance(done: int) -> None:
            bar.advance(task, done)

        yield advance


def _time_left_column() -> ProgressColumn:
    """The bar's column of the time left (``time_left``), drawn as rich draws its own.
    Built on call, as rich is imported only when a bar is drawn."""
    from rich.progress import ProgressColumn, Task
    from rich.text import Text

    class TimeLeftColumn(ProgressColumn):
        def render(self, task: Task) -> Text:
            left = time_left(task.completed, task.total, task.elapsed)
            shown = "-:--:--" if left is None else str(timedelta(seconds=ceil(left)))
            return Text(shown, style="progress.remaining")

    return TimeLeftColumn()

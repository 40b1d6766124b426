"""In a mutation run, a test that takes far longer than it should fails.

A mutant that makes a test loop for ever is otherwise stopped only by mutmut's limit
on the whole of its tests' time, minutes for a function that hundreds of tests call
(Last Card's ``_begin_turn``: about 60 s of tests, so 390 s of CPU). Here each test
may use ``FACTOR`` times the CPU time mutmut measured for it (``mutmut-stats.json``),
and at least ``FLOOR`` seconds; past that it fails, and the mutant counts as killed, as
mutmut counts a timeout. The limit is on the process's CPU time (``ITIMER_PROF``), so
a machine busy with other work does not trip it. Outside a run that has switched a
mutant on, nothing is limited.
"""

from __future__ import annotations

import functools
import json
import os
import signal
from collections.abc import Generator
from pathlib import Path
from types import FrameType

import pytest

#: Written by mutmut in the directory it runs each mutant's tests in.
STATS = Path("mutmut-stats.json")
FACTOR = 20.0
FLOOR = 10.0


class TooSlowError(Exception):
    """A test ran past its CPU time in a mutation run: the mutant made it loop."""


@functools.cache
def _measured(stats: Path) -> dict[str, float]:
    """Each test's measured time, read once a process (the file is 2 MB; a mutant's
    process runs hundreds of tests)."""
    seconds: dict[str, float] = json.loads(stats.read_text())["duration_by_test"]
    return seconds


def _limits() -> dict[str, float] | None:
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", "") or not STATS.is_file():
        return None
    return _measured(STATS.resolve())


def _stop(signum: int, frame: FrameType | None) -> None:
    raise TooSlowError(f"the test used more than its CPU time in a mutation run ({signum})")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    limits = _limits()
    if limits is None:
        return (yield)
    limit = max(FLOOR, FACTOR * limits.get(item.nodeid, 0.0))
    previous = signal.signal(signal.SIGPROF, _stop)
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)

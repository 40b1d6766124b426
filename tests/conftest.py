"""A run that skipped a test does not pass.

A skipped test reads as "tested" to whoever glances at a green run, when it was not:
a browser test skipped for want of chromium tested nothing. So every skip is listed
at the end of the run and turns its exit status into a failure. What a test needs is
installed first (``make test`` installs the Debian packages of
``.ci/debian-packages.txt``) or the test fails naming what is missing.
"""

from __future__ import annotations

import pytest

#: ``pytester`` runs a small pytest session in a test, to check this file's hooks;
#: ``recording`` checks every answer of the HTTP API a server test reads against
#: /openapi.json; ``quick_first`` orders a mutation run's tests by their time and
#: ``fresh_caches`` empties Last Card's rule caches before each of them; ``cpu_limit``
#: fails one of them that a mutant makes loop.
pytest_plugins = (
    "pytester",
    "tests.server.recording",
    "tests.mutation.quick_first",
    "tests.mutation.fresh_caches",
    "tests.mutation.cpu_limit",
)

_skipped: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        _skipped.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _skipped and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _skipped:
        terminalreporter.section("skipped tests fail the run", sep="=", red=True)
        for line in _skipped:
            terminalreporter.line(line)

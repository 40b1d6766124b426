"""A mutation run fails a test that runs far past its time, and only a mutation run."""

from __future__ import annotations

import json

import pytest

#: ``test_spins`` runs for two seconds of CPU where the statistics say a millisecond.
TESTS = """
import time

def test_spins():
    start = time.process_time()
    while time.process_time() - start < 2.0:
        pass

def test_quick():
    pass
"""


def outcomes(pytester: pytest.Pytester) -> pytest.RunResult:
    pytester.makepyfile(test_spin=TESTS)
    pytester.makeconftest('pytest_plugins = ("tests.mutation.cpu_limit",)')
    (pytester.path / "mutmut-stats.json").write_text(
        json.dumps({"duration_by_test": {"test_spin.py::test_spins": 0.001}})
    )
    return pytester.runpytest_inprocess("-p", "no:cacheprovider")


def test_in_a_mutation_run_a_test_far_past_its_cpu_time_fails(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "cardtable.games.lastcard.state.x_f__mutmut_1")
    monkeypatch.setattr("tests.mutation.cpu_limit.FLOOR", 0.5)
    result = outcomes(pytester)
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(["*TooSlowError*"])


def test_outside_a_mutation_run_nothing_is_limited(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.setattr("tests.mutation.cpu_limit.FLOOR", 0.5)
    outcomes(pytester).assert_outcomes(passed=2)

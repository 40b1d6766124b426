"""A mutation run orders each mutant's tests by the run's own timings, and only then."""

from __future__ import annotations

import json

import pytest

TESTS = """
def test_slow():
    pass

def test_quick():
    pass
"""


def ran_in_order(pytester: pytest.Pytester) -> list[str]:
    pytester.makepyfile(test_order=TESTS)
    pytester.makeconftest('pytest_plugins = ("tests.mutation.quick_first",)')
    (pytester.path / "mutmut-stats.json").write_text(
        json.dumps(
            {
                "duration_by_test": {
                    "test_order.py::test_slow": 30.0,
                    "test_order.py::test_quick": 0.1,
                }
            }
        )
    )
    result = pytester.runpytest("-v", "-p", "no:cacheprovider")
    return [line.split("::")[1].split()[0] for line in result.outlines if "PASSED" in line]


def test_a_mutation_run_runs_the_quickest_test_first(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "cardtable.games.skyjo.state.x_f__mutmut_1")
    assert ran_in_order(pytester) == ["test_quick", "test_slow"]


def test_outside_a_mutation_run_the_file_order_stays(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    assert ran_in_order(pytester) == ["test_slow", "test_quick"]

"""A mutation run builds Last Card's rules anew in every test, and only a mutation run."""

from __future__ import annotations

import pytest

TESTS = """
from cardtable.games.lastcard.actions import TURN_MEMO
from cardtable.games.lastcard.options import LastCardOptions
from cardtable.games.lastcard.state import rules_for


def test_first():
    rules_for(LastCardOptions())
    TURN_MEMO[0] = ()


def test_second_finds_the_caches_as_the_first_left_them():
    print("cached rules:", rules_for.cache_info().currsize, "memo:", len(TURN_MEMO))
"""


def caches_seen_by_the_second_test(pytester: pytest.Pytester) -> str:
    pytester.makepyfile(test_caches=TESTS)
    pytester.makeconftest('pytest_plugins = ("tests.mutation.fresh_caches",)')
    result = pytester.runpytest_inprocess("-s", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    return next(line for line in result.outlines if "cached rules:" in line)


def test_in_a_mutation_run_each_test_finds_the_caches_empty(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MUTANT_UNDER_TEST", "cardtable.games.lastcard.state.x_f__mutmut_1")
    assert caches_seen_by_the_second_test(pytester).endswith("cached rules: 0 memo: 0")


def test_outside_a_mutation_run_the_caches_are_kept(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    assert "memo: 0" not in caches_seen_by_the_second_test(pytester)

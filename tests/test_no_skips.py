"""A run with a skipped test fails, naming the test and why it was skipped."""

from __future__ import annotations

from pathlib import Path

import pytest

HOOKS = Path(__file__).with_name("conftest.py")


def test_a_skipped_test_fails_the_run(pytester: pytest.Pytester):
    pytester.makeconftest(HOOKS.read_text())
    pytester.makepyfile(
        """
        import pytest

        def test_runs():
            assert True

        def test_needs_a_browser():
            pytest.skip("a component is missing")
        """
    )
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(
        ["*skipped tests fail the run*", "*test_needs_a_browser*a component is missing*"]
    )


def test_a_run_without_skips_passes(pytester: pytest.Pytester):
    pytester.makeconftest(HOOKS.read_text())
    pytester.makepyfile("def test_runs():\n    assert True\n")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.OK
    assert "skipped tests fail the run" not in result.stdout.str()

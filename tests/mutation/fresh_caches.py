"""In a mutation run, Last Card's rule caches start empty for every test.

``rules_for`` builds one ``Rules`` per options value and ``TURN_MEMO`` keeps each turn's
legal actions; both outlive a test. mutmut ties a function to the tests that call it
while it times them (its statistics run, all tests in one process), so with the caches
kept only the first test of each options value was tied to ``Rules.__init__`` and only
the first test of each turn to ``turn_actions``. Their mutants then ran with too few
tests: ``Rules.__init__`` 4 (a +4 allowed on a +2 with ``plus_four_on_plus_two`` off)
survived although ``test_options.py`` fails on it. Emptied before each test, the caches
are filled by every test that needs them. Outside a mutation run (no
``MUTANT_UNDER_TEST``) nothing changes.
"""

from __future__ import annotations

import os

import pytest

from cardtable.games.lastcard.actions import TURN_MEMO
from cardtable.games.lastcard.state import rules_for


def pytest_runtest_setup(item: pytest.Item) -> None:
    if "MUTANT_UNDER_TEST" in os.environ:
        rules_for.cache_clear()
        TURN_MEMO.clear()

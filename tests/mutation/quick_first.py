"""In a mutation run, each mutant's tests run quickest first.

mutmut runs, for each mutant, the tests that reach the mutated function and stops at
the first failure, but pytest runs them in file order: a Last Card mutant that a
rule test kills in a tenth of a second was first run through the bots' ladders
(``test_house_ladder.py``, half a minute). The run's own statistics time every test
(``mutmut-stats.json`` in ``mutants/``, the directory mutmut runs the tests in), so
a mutant's tests are put in the order of those times. Only the order changes: a
mutant still counts as killed exactly when one of its tests fails, and outside a
mutation run (no ``MUTANT_UNDER_TEST``) nothing is reordered.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

#: Written by mutmut in the directory it runs each mutant's tests in.
STATS = Path("mutmut-stats.json")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "MUTANT_UNDER_TEST" not in os.environ or not STATS.is_file():
        return
    seconds: dict[str, float] = json.loads(STATS.read_text())["duration_by_test"]
    items.sort(key=lambda item: seconds.get(item.nodeid, 0.0))

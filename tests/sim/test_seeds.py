"""Derived seeds: the engine's ``derive_seed`` gives every run the seeds it always gave.

Simulations, bots' pauses and hints draw from seeds derived from a run's or a match's
seed; a recorded run repeats only while the same parts give the same seed, in every
process and under any hash seed.
"""

from __future__ import annotations

import os
import subprocess
import sys

from cardtable.engine.state import derive_seed

#: Seeds derived before the function moved into the engine, which runs recorded since
#: then rely on.
RECORDED = [
    ((1, "a"), 2461651067226055738),
    ((7, 3, "bot", 2), 4442846809260670817),
    ((2**62, "order"), 8609139795443673385),
]


def test_the_recorded_seeds_are_derived_again():
    assert [derive_seed(*parts) for parts, _ in RECORDED] == [seed for _, seed in RECORDED]


def test_a_derived_seed_is_63_bits_and_differs_with_its_parts():
    seeds = {derive_seed(7, index, "match") for index in range(1000)}
    assert len(seeds) == 1000
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_another_process_with_another_hash_seed_derives_the_same():
    code = "from cardtable.engine.state import derive_seed; print(derive_seed(7, 3, 'bot', 2))"
    env = os.environ | {"PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert int(out.stdout) == 4442846809260670817

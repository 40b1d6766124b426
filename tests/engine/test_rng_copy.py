"""Generator copies: ``copy_rng`` and ``seeded_rng`` draw exactly what the original would.

The compiled core copies a generator's words in C; the pure-Python engine goes through
``getstate``/``setstate``. Either way a copy must be independent of its original and
carry on its stream, and a seeded generator must be ``random.Random(seed)`` however
often that seed was used before.
"""

from __future__ import annotations

import random

from cardtable.engine.state import copy_rng, seeded_rng


def test_a_copy_carries_on_the_stream_and_is_independent() -> None:
    original = random.Random(12)
    original.random()
    original.gauss(0.0, 1.0)  # a gaussian half-drawn: its second half is state too
    twin = copy_rng(original)
    assert type(twin) is random.Random
    assert twin.getstate() == original.getstate()
    assert [twin.getrandbits(32) for _ in range(700)] == [
        original.getrandbits(32) for _ in range(700)
    ]
    assert twin.gauss(0.0, 1.0) == original.gauss(0.0, 1.0)
    twin.random()
    assert twin.getstate() != original.getstate()


def test_seeded_generators_are_fresh_each_time() -> None:
    for seed in (0, 1, 0, -5, 5, 7, 2**63 - 1, 2**63 - 1, 2**100 + 3, 7):
        first = seeded_rng(seed)
        assert type(first) is random.Random
        drawn = [first.random() for _ in range(10)]
        again = seeded_rng(seed)
        assert again.getstate() == random.Random(seed).getstate()
        assert [again.random() for _ in range(10)] == drawn

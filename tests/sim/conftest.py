"""The local Ray cluster of two one-CPU nodes, shared by the tests that run on Ray."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .ray_cluster import LocalCluster


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    running = LocalCluster()
    try:
        yield running.start(workers=1)
    finally:
        running.stop()

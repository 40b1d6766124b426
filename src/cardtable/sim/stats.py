"""Statistics for tournament results."""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Chosen over the normal approximation because it stays inside [0, 1] and is
    accurate for rates near 0 or 1, which strong bots produce. ``successes`` may be
    fractional (a win shared by k players counts 1/k).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0

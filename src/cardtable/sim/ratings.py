"""Elo ratings fitted to pairwise results, with bootstrap intervals.

The ladder reduces every match to pairwise results (for each pair of seats, who
finished ahead; a tie is half a point each) and fits one rating per bot by maximum
likelihood under the Bradley-Terry model, which is what the Elo scale means: a bot
rated ``d`` points above another scores ``1 / (1 + 10 ** (-d / 400))`` against it.

Why a batch fit and not OpenSkill or Elo updated game by game: online ratings depend
on the order the games are fed in and their spread is a model's belief, not a
sampling interval; the maximum-likelihood fit depends on the results alone, and its
95% interval comes from resampling groups of matches (the ladder's groups: one
table's rotations on one deal), since, for one, a 4-player match's six pairwise
results are not independent.

Two small choices keep the fit finite and well defined: every pair of bots gets
``PRIOR_GAMES`` virtual drawn games (a bot that won every game is rated far above the
rest instead of infinitely), and ratings are shifted so that an anchor bot is 0.
The fit is Hunter's minorization-maximization iteration (Hunter 2004, "MM algorithms
for generalized Bradley-Terry models"), which converges from any start.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

#: Elo points per natural-log unit of the odds: 400 points is odds of 10 to 1.
ELO_PER_LOG_ODDS = 400 / math.log(10)
#: Virtual drawn games added between every pair of bots.
PRIOR_GAMES = 1.0
#: Bootstrap resamples of the deals behind each interval.
RESAMPLES = 400
#: The fit stops when no rating moves by more than this many Elo points.
TOLERANCE = 1e-6
MAX_ITERATIONS = 100_000

Matrix = list[list[float]]


@dataclass
class PairResults:
    """Pairwise results among ``size`` bots: ``points[a][b]`` is what bot ``a`` scored
    against bot ``b`` over ``games[a][b]`` pairwise games (``games`` is symmetric)."""

    points: Matrix
    games: Matrix

    @classmethod
    def empty(cls, size: int) -> PairResults:
        return cls([[0.0] * size for _ in range(size)], [[0.0] * size for _ in range(size)])

    @property
    def size(self) -> int:
        return len(self.points)

    def add(self, a: int, b: int, score: float) -> None:
        """One pairwise game in which ``a`` scored ``score`` (1, 0.5 or 0) against ``b``."""
        self.points[a][b] += score
        self.points[b][a] += 1.0 - score
        self.games[a][b] += 1.0
        self.games[b][a] += 1.0

    def add_all(self, other: PairResults, times: int = 1) -> None:
        for a in range(self.size):
            for b in range(self.size):
                self.points[a][b] += times * other.points[a][b]
                self.games[a][b] += times * other.games[a][b]

    def pairs(self) -> list[list[float]]:
        """The results as ``[a, b, points of a against b, games]`` for each pair
        ``a < b`` that played: all there is to them, as ``games`` is symmetric and ``b``
        took the points ``a`` did not."""
        return [
            [a, b, self.points[a][b], self.games[a][b]]
            for a in range(self.size)
            for b in range(a + 1, self.size)
            if self.games[a][b]
        ]

    @classmethod
    def from_pairs(cls, size: int, pairs: Iterable[Sequence[float]]) -> PairResults:
        """The results ``pairs`` lists (see ``pairs``)."""
        results = cls.empty(size)
        for a, b, points, games in pairs:
            i, j = int(a), int(b)
            results.points[i][j] += points
            results.points[j][i] += games - points
            results.games[i][j] += games
            results.games[j][i] += games
        return results

    def score(self, bot: int) -> float:
        """The share of its pairwise points ``bot`` took (0.5 when it played none)."""
        games = sum(self.games[bot])
        return sum(self.points[bot]) / games if games else 0.5


def fit_elo(results: PairResults, anchor: int = 0) -> list[float]:
    """Each bot's Elo rating, the ``anchor`` bot at 0 (see the module docstring)."""
    size = results.size
    wins = [
        sum(results.points[a][b] + PRIOR_GAMES / 2 for b in range(size) if b != a)
        for a in range(size)
    ]
    games = [
        [results.games[a][b] + (PRIOR_GAMES if a != b else 0.0) for b in range(size)]
        for a in range(size)
    ]
    strength = [1.0] * size
    for _ in range(MAX_ITERATIONS):
        new = [
            wins[a] / sum(games[a][b] / (strength[a] + strength[b]) for b in range(size) if b != a)
            for a in range(size)
        ]
        scale = math.exp(statistics.fmean(math.log(s) for s in new))
        new = [s / scale for s in new]
        moved = max(abs(math.log(n / s)) for n, s in zip(new, strength, strict=True))
        strength = new
        if moved * ELO_PER_LOG_ODDS < TOLERANCE:
            break
    zero = math.log(strength[anchor])
    return [ELO_PER_LOG_ODDS * (math.log(s) - zero) for s in strength]


def bootstrap_fits(
    groups: Sequence[PairResults], anchor: int, seed: int, resamples: int = RESAMPLES
) -> list[list[float]]:
    """The ratings fitted to each of ``resamples`` resamples of the groups (drawn with
    replacement, seeded): the joint spread behind every interval."""
    size = groups[0].size
    rng = random.Random(seed)
    fits: list[list[float]] = []
    for _ in range(resamples):
        counts = [0] * len(groups)
        for _ in groups:
            counts[rng.randrange(len(groups))] += 1
        sample = PairResults.empty(size)
        for group, times in zip(groups, counts, strict=True):
            if times:
                sample.add_all(group, times)
        fits.append(fit_elo(sample, anchor))
    return fits


def percentile_interval(values: Iterable[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of ``values``."""
    cuts = statistics.quantiles(values, n=40, method="inclusive")
    return cuts[0], cuts[-1]


def rating_intervals(fits: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
    """Each bot's 95% interval: the percentiles of its rating over the bootstrap fits."""
    return [percentile_interval(fit[bot] for fit in fits) for bot in range(len(fits[0]))]


def lead_intervals(
    fits: Sequence[Sequence[float]], order: Sequence[int]
) -> list[tuple[float, float]]:
    """The 95% interval of each bot's lead over the next one in ``order`` (strongest
    first), from the same bootstrap fits. Two bots' rating intervals both carry the
    uncertainty of the anchor's own rating, so they may overlap while the gap between
    the two is sure: an interval of the lead that excludes 0 says the order is."""
    return [
        percentile_interval(fit[above] - fit[below] for fit in fits)
        for above, below in pairwise(order)
    ]

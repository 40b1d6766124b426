"""Human-like thinking and reaction times, for bots that sit at a table with people.

A bot that answers in a millisecond feels like a machine, and in a Cactus
quick-discard window it would win every race. A level's bot therefore waits as a
person would before it acts (the server sleeps; the bot itself never does, so
simulations and the ladder play at full speed, with timing off).

Human response times are skewed to the right: most answers come near a typical
time, a few take much longer, none come at once. The usual model is a log-normal
distribution, which is what is drawn here:

- thinking over a move: log-normal around a median that grows with the number of
  choices as the Hick-Hyman law has it, ``think * log2(choices + 1) / 2`` (so half the
  level's ``think`` for a forced move, the full ``think`` with three choices, twice
  it with fifteen), with a spread (sigma of the logarithm) of ``THINK_SPREAD``. At a
  table the choices counted are always ``PUBLIC_CHOICES``: a bot's legal actions
  depend on its hand, and a delay that grew with them would tell the others about it;
- reacting in a timed window (a phase a server closes, such as a quick-discard
  window): log-normal around the level's ``react`` with a spread of ``REACT_SPREAD``;
  a bot slower than the window misses it, as a person would.

Every draw is cut to ``[MIN_SECONDS, MAX_SECONDS]`` so that no move comes instantly
and no table waits for ever.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cardtable.engine.state import State

#: Sigma of the logarithm of a thinking time: the slowest tenth take about 2.3 times
#: the median.
THINK_SPREAD = 0.65
#: Sigma of the logarithm of a reaction time: reactions vary less than deliberation.
REACT_SPREAD = 0.35
MIN_SECONDS = 0.25
#: The choices a move's thinking time is drawn for at a table, whatever the bot's hand.
PUBLIC_CHOICES = 3
MAX_SECONDS = 12.0


@dataclass(frozen=True)
class HumanTiming:
    """A level's typical times, in seconds: ``think`` for a move with three choices,
    ``react`` for a timed window."""

    think: float
    react: float

    def think_seconds(self, rng: random.Random, choices: int) -> float:
        """A thinking time for a move among ``choices`` legal actions."""
        median = self.think * math.log2(max(choices, 1) + 1) / 2
        return _clip(rng.lognormvariate(math.log(median), THINK_SPREAD))

    def react_seconds(self, rng: random.Random) -> float:
        """A reaction time in a timed window."""
        return _clip(rng.lognormvariate(math.log(self.react), REACT_SPREAD))

    def pause(self, state: State, seat: int, rng: random.Random) -> float:
        """How long ``seat``'s bot waits before its move in ``state``: a reaction time in a
        window the server times (the state offers system actions, which everyone sees),
        else a thinking time over ``PUBLIC_CHOICES``. Nothing the seat alone knows
        (its legal actions, its cards) changes the delay, which everyone can time."""
        if state.system_actions():
            return self.react_seconds(rng)
        return self.think_seconds(rng, PUBLIC_CHOICES)


def _clip(seconds: float) -> float:
    return min(MAX_SECONDS, max(MIN_SECONDS, seconds))

"""The rounds the Cactus benchmarks watch: 2-player single rounds, one deal per index.

Both ``cactus_kept_cards.py`` and ``cactus_bot_agreement.py`` measure play by putting
an observing bot in each seat; they share these deals so that their figures come
from the same rounds for the same ``--games``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardtable.bots.base import Bot
from cardtable.engine.registry import make
from cardtable.sim.runner import play_match


def play_rounds(games: int, seats: Callable[[int], Sequence[Bot]]) -> None:
    """Play ``games`` rounds; round ``game`` is dealt from seed ``game`` and played by
    ``seats(game)``, one bot per seat."""
    for game in range(games):
        state = make("cactus", 2, game, {"rounds": 1})
        play_match(state, seats(game), random.Random(game))

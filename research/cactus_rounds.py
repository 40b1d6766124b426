"""The rounds the Cactus research scripts watch: 2-player single rounds, one deal per index.

The Cactus research scripts (``cactus_kept_cards.py``, ``cactus_bot_agreement.py``,
``cactus_calls.py``) measure play by putting an observing bot in each seat; they share
these deals so that their figures come from the same rounds for the same ``--games``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

from cardtable.bots.base import Bot, split_specs
from cardtable.engine.registry import make
from cardtable.engine.state import State
from cardtable.sim.runner import play_match


def play_rounds(
    games: int | range,
    seats: Callable[[int], Sequence[Bot]],
    finished: Callable[[int, State], None] | None = None,
) -> None:
    """Play ``games`` rounds (or the rounds of a range of indices, to share them out
    between processes); round ``game`` is dealt from seed ``game`` and played by
    ``seats(game)``, one bot per seat. ``finished(game, state)`` sees each round's end."""
    for game in range(games) if isinstance(games, int) else games:
        state = make("cactus", 2, game, {"rounds": 1})
        play_match(state, seats(game), random.Random(game))
        if finished is not None:
            finished(game, state)


def rounds_and_bots(description: str, games: int) -> tuple[int, list[str]]:
    """The ``--games`` and ``--bots`` options of a research script that watches bots play
    each other (two heuristics by default), after printing what it will play."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--bots", default="heuristic,heuristic")
    args = parser.parse_args()
    bots = split_specs(args.bots)
    print(f"{args.games} rounds of {' vs '.join(bots)}")
    return args.games, bots

"""The draw-pile rule shared by every game (each rules page in web/rules/, the
paragraph after "A round").

When the draw pile is empty and a card must be drawn, the discard pile except its top
card is shuffled with the game's seeded RNG to form a new draw pile.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from .events import Event, public
from .state import shuffle


class HasPiles(Protocol):
    rng: random.Random
    draw_pile: list[Any]
    discard: list[Any]


def reshuffle(state: HasPiles) -> Event:
    """Turn the discard pile but its top card into a new, shuffled draw pile."""
    top = state.discard.pop()
    pile = state.discard
    shuffle(state.rng, pile)
    state.draw_pile = pile
    state.discard = [top]
    return public("reshuffle", size=len(pile))

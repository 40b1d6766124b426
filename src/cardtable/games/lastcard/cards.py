"""Last Card's cards as small ints, and the tables the rules look them up in.

A card is its *type* ``t`` in 0..53; the deck holds several copies of most types.
Coloured types are ``t = colour * 13 + rank`` (colours red, green, blue, yellow; ranks
0..9 are numbers, then Skip, Reverse, +2); ``WILD`` is 52 and ``PLUS4`` is 53. A hand
is a list of 54 counts plus a bitmask of the types it holds, so "which of my cards
can be played" is one ``&`` of two ints.

Card names (used in actions, views, events and JSON) are the colour's initial and the
rank: ``R7``, ``Gskip``, ``Breverse``, ``Y+2``; the wild cards are ``wild`` and ``+4``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cardtable.engine.errors import StateFormatError

COLORS = ("red", "green", "blue", "yellow")
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
RANKS = (*(str(n) for n in range(10)), "skip", "reverse", "+2")
WILD, PLUS4 = 52, 53
TYPES = 54

NUMBER, SKIP, REVERSE, PLUS2, WILDCARD, PLUS4CARD = range(6)

#: The kind of effect each type has (NUMBER, SKIP, ...).
KIND: tuple[int, ...] = ((NUMBER,) * 10 + (SKIP, REVERSE, PLUS2)) * 4 + (WILDCARD, PLUS4CARD)
#: The colour of each coloured type (-1 for the wild cards).
COLOR_OF: tuple[int, ...] = (*(t // 13 for t in range(WILD)), -1, -1)
#: The rank of each coloured type (13 and 14 for the wild cards).
RANK_OF: tuple[int, ...] = (*(t % 13 for t in range(WILD)), 13, 14)
#: Round-end points: numbers face value, Skip/Reverse/+2 20, Wild/+4 50 (rule 7).
POINTS: tuple[int, ...] = (*(r if r < 10 else 20 for r in RANK_OF[:WILD]), 50, 50)
#: The pending draw a penalty card adds (rule 5).
PENALTY: tuple[int, ...] = tuple(2 if k == PLUS2 else 4 if k == PLUS4CARD else 0 for k in KIND)
BIT: tuple[int, ...] = tuple(1 << t for t in range(TYPES))

NAMES: tuple[str, ...] = (*(f"{c[0].upper()}{r}" for c in COLORS for r in RANKS), "wild", "+4")
CODE = {name: t for t, name in enumerate(NAMES)}

#: The 108-card deck: per colour one 0 and two of every other rank; four of each wild.
DECK: tuple[int, ...] = (
    *(t for t in range(WILD) for _ in range(1 if RANK_OF[t] == 0 else 2)),
    *(WILD, WILD, WILD, WILD),
    *(PLUS4, PLUS4, PLUS4, PLUS4),
)
COPIES: tuple[int, ...] = tuple(DECK.count(t) for t in range(TYPES))

#: ``COLOR_MASKS[c]``: the coloured types of colour ``c`` (the strict +4's test).
COLOR_MASKS: tuple[int, ...] = tuple(
    sum(BIT[t] for t in range(WILD) if COLOR_OF[t] == c) for c in range(len(COLORS))
)
PLUS2_MASK = sum(BIT[t] for t in range(WILD) if KIND[t] == PLUS2)
WILD_MASKS = BIT[WILD] | BIT[PLUS4]


def _matching_mask(top: int, color: int) -> int:
    """Rule 2: the types playable on ``top`` when ``color`` is the colour to follow."""
    mask = WILD_MASKS
    for t in range(WILD):
        if COLOR_OF[t] == color or (top < WILD and RANK_OF[t] == RANK_OF[top]):
            mask |= BIT[t]
    return mask


#: ``MATCHING[top * 4 + color]``: the playable types with no draw pending.
MATCHING: tuple[int, ...] = tuple(_matching_mask(t, c) for t in range(TYPES) for c in range(4))


def names(types: Iterable[int]) -> list[str]:
    return [NAMES[t] for t in types]


def codes(cards: Iterable[str], where: str) -> list[int]:
    """The types of the named cards; an unknown name is a ``StateFormatError``."""
    out = []
    for name in cards:
        t = CODE.get(name) if isinstance(name, str) else None
        if t is None:
            raise StateFormatError(f"{where}: {name!r} is not a Last Card card")
        out.append(t)
    return out


def check_copies(cards: Iterable[int]) -> None:
    """A deal may hold at most as many copies of a card as the deck has."""
    for t, n in Counter(cards).items():
        if n > COPIES[t]:
            raise StateFormatError(f"the deck has {COPIES[t]} {NAMES[t]}, the deal has {n}")


def hand_cards(counts: list[int], mask: int) -> list[int]:
    """A hand's types, each repeated by its count, in type order (walks the mask's bits)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        t = low.bit_length() - 1
        out += [t] * counts[t]
        mask ^= low
    return out


def hand_points(counts: list[int], mask: int) -> int:
    """A hand's points at the round end (rule 7), read from its counts without listing it.

    It walks the mask from its highest bit, which takes one new int per type rather than
    the several that isolating the lowest bit takes.
    """
    total = 0
    while mask:
        t = mask.bit_length() - 1
        total += POINTS[t] * counts[t]
        mask ^= BIT[t]
    return total

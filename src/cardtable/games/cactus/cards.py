"""Cactus's 52 cards as small ints, with their names, ranks and values.

A card is ``rank * 4 + suit``: rank 0..12 is A, 2..10, J, Q, K and suit 0..3 is clubs,
diamonds, hearts, spades. Ints keep layouts, piles and clones cheap; names such as
``"10h"`` or ``"Ks"`` are what views, events and explicit deals use.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.engine.errors import StateFormatError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("c", "d", "h", "s")
DECK: tuple[int, ...] = tuple(range(52))
EMPTY = -1

NAMES: tuple[str, ...] = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in DECK)
RANK: tuple[int, ...] = tuple(c >> 2 for c in DECK)
_BY_NAME = {name: c for c, name in enumerate(NAMES)}

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = 6, 7, 8, 9, 10, 11, 12
CLUBS, SPADES = 0, 3


def is_black_king(card: int) -> bool:
    return card >> 2 == KING and card & 3 in (CLUBS, SPADES)


def _value(card: int) -> int:
    rank = card >> 2
    if rank == KING:
        return 15 if is_black_king(card) else 0
    return min(rank + 1, 10)


#: Points of each card: A=1, 2..10 face value, J=Q=10, black K=15, red K=0.
VALUES: tuple[int, ...] = tuple(_value(c) for c in DECK)


def card(name: str) -> int:
    """The card named ``name`` (such as ``"7h"``, ``"10s"``, ``"Kd"``)."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise StateFormatError(
            f"{name!r} is not a card name (rank A,2..10,J,Q,K then suit c,d,h,s, as '10h')"
        ) from None


def cards(names: Iterable[str]) -> list[int]:
    return [card(name) for name in names]


def name(c: int) -> str:
    return NAMES[c]

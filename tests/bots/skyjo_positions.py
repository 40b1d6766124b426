"""Skyjo positions built card by card, for the bots' tests."""

from collections import Counter

from cardtable.bots import make_bot
from cardtable.games.skyjo.actions import DRAW
from cardtable.games.skyjo.state import DECK, SkyjoState

LOW = [1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1]


def rest_of_deck(*used):
    """The draw pile the deck leaves after the cards ``used``, bottom to top, with its
    5s on top (the card drawn by default): a deal must hold no more copies than the deck."""
    left = Counter(DECK)
    left.subtract(c for cards in used for c in cards)
    return sorted(left.elements(), key=lambda value: value == 5)


def position(mine, mine_up, theirs, theirs_up, discard, pile=None, top=()):
    """Seat 0 to play a normal turn with the given layouts (row by row). The draw pile
    is ``pile``, or else the rest of the deck with the cards ``top`` drawn first."""
    if pile is None:
        pile = [*rest_of_deck(mine, theirs, discard, top), *top]
    return SkyjoState.from_deal(
        [mine, theirs], discard, pile, face_up=[mine_up, theirs_up], setup=False, current=0
    )


def after_drawing(name, card, mine, theirs, theirs_up):
    """Bot ``name``'s move with one hidden card left (position 11) after drawing ``card``."""
    state = position(mine, range(11), theirs, theirs_up, discard=[11], top=[card])
    state.apply(0, DRAW)
    return make_bot(name, "skyjo", seed=1).act(state, 0)

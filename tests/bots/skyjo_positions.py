"""Skyjo positions built card by card, for the bots' tests."""

from cardtable.bots import make_bot
from cardtable.games.skyjo.actions import DRAW
from cardtable.games.skyjo.state import SkyjoState

PILE = [5] * 20  # bottom to top; the last card is drawn first
LOW = [1, 0, 2, 1, 0, 1, 2, 0, 1, 2, 0, 1]


def position(mine, mine_up, theirs, theirs_up, discard, pile=PILE):
    """Seat 0 to play a normal turn with the given layouts (row by row)."""
    return SkyjoState.from_deal(
        [mine, theirs], discard, pile, face_up=[mine_up, theirs_up], setup=False, current=0
    )


def after_drawing(name, card, mine, theirs, theirs_up):
    """Bot ``name``'s move with one hidden card left (position 11) after drawing ``card``."""
    state = position(mine, range(11), theirs, theirs_up, discard=[11], pile=[*PILE, card])
    state.apply(0, DRAW)
    return make_bot(name, "skyjo", seed=1).act(state, 0)

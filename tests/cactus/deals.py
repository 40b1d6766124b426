"""Layouts and helpers shared by the Cactus scenario and bot tests."""

from cardtable.games.cactus.state import CactusState

P0 = ["2c", "9d", "Jh", "5s"]
P1 = ["3c", "4d", "5h", "6s"]
P2 = ["Ac", "5d", "8h", "8s"]


def deal(layouts, draw=("7c", "7d", "7h"), discard=(), **kw):
    """An explicit deal; piles are listed bottom to top."""
    return CactusState.from_deal(layouts, list(draw), list(discard), **kw)


def play(state, *moves):
    """Apply (seat, action) moves in order; return all their events."""
    events = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events

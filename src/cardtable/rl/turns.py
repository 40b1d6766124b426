"""Which seat acts next when several may: simultaneous phases made into turns.

Skyjo's setup reveals, Cactus's look at the start of a round and its quick-discard
windows let several seats act at once; the server takes their actions in the order
they arrive. Turn-based interfaces (PettingZoo's AEC, OpenSpiel's sequential games)
need one actor at a time, so they take the waiting seats clockwise, starting with
the seat whose turn it is (the view's public ``current``; seat 0 when there is none,
as in Skyjo's setup). In a quick-discard window that is the discarder (who may throw
only with ``self_snap``), then the seats after them: the seat nearest after the
discarder throws first. The order depends only on public information.
"""

from __future__ import annotations

from cardtable.engine.state import State


def next_actor(state: State) -> int:
    """The seat that acts next; ``state`` must not be over."""
    seats = state.to_act
    if len(seats) == 1:
        return seats[0]
    current = state.view(None).get("current")
    first = current if isinstance(current, int) else 0
    n = state.num_players
    return min(seats, key=lambda seat: (seat - first) % n)

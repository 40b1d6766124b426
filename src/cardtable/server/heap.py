"""The garbage collector, set for a server whose heap is mostly long-lived.

CPython collects the young generation every ``threshold0`` allocations and the whole
heap each time the long-lived objects have grown by a quarter; a whole-heap
collection stops the event loop for as long as it takes to walk every tracked
object (tens to hundreds of milliseconds on a heap of many rooms). Two things keep
those pauses short:

- what start-up made (modules, the games' tables, the rooms resumed from the
  database) is moved out of the collector's sight with ``gc.freeze()``: it lives as
  long as the process, so walking it again and again finds nothing;
- young collections run less often (``YOUNG`` allocations instead of 700), each
  still short since it walks only the objects made since the last one.

Rooms of finished matches leave memory (``Lobby.let_go_of_rooms_at_rest``), so the
heap the collector walks stays the size of what is in play.
"""

from __future__ import annotations

import gc

#: Allocations (less deallocations) between two young collections.
YOUNG = 10_000
#: Young collections between two collections of the middle generation.
MIDDLE = 10
#: Middle collections between two whole-heap ones (which CPython also holds back
#: until the long-lived objects have grown by a quarter).
OLD = 10


def settle() -> None:
    """Collect what start-up left behind, then freeze the rest (never collected again,
    never walked again), and set the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)

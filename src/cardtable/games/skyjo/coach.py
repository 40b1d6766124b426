"""What the coach reads of Skyjo: how it analyses the game, and how a finished match
is replayed with every card shown.

Declared in the ``cardtable.coach_profiles`` and ``cardtable.revealers`` entry-point
groups; the coach itself knows no game.
"""

from __future__ import annotations

from typing import Any

from cardtable.coach.analysis import CoachProfile
from cardtable.coach.replay import Revealer, reveal_grids
from cardtable.engine.state import State

PROFILE = CoachProfile(
    "ismcts:iterations=400,rollout=greedy,base=heuristic",
    "greedy",
    "points",
    (2.0, 4.0, 8.0),
    64,
)


def _reveal(view: dict[str, Any], state: State) -> None:
    """Every face-down card of the grids (its value), and the card held when hidden."""
    reveal_grids(view, state, int)


REVEALER = Revealer(_reveal)

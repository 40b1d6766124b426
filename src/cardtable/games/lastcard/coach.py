"""What the coach reads of Last Card: how it analyses the game, and how a finished
match is replayed with every card shown.

Declared in the ``cardtable.coach_profiles`` and ``cardtable.revealers`` entry-point
groups; the coach itself knows no game.
"""

from __future__ import annotations

from typing import Any

from cardtable.coach.analysis import CoachProfile
from cardtable.coach.replay import Revealer
from cardtable.engine.state import State

PROFILE = CoachProfile(
    "ismcts:iterations=300,rollout=heuristic,z=0.5",
    "heuristic",
    "win chance",
    (0.08, 0.15, 0.25),
    256,
)


def _reveal(view: dict[str, Any], state: State) -> None:
    """Every hand, and the card just drawn when the view hides it."""
    payload = state._payload()
    view["hands"] = [list(hand) for hand in payload["hands"]]
    if payload.get("drawn") is not None and view.get("drawn") is None:
        view["drawn"] = payload["drawn"]


REVEALER = Revealer(_reveal)

"""What the coach reads of Cactus: how it analyses the game, and how a finished match
is replayed with every card shown.

Declared in the ``cardtable.coach_profiles`` and ``cardtable.revealers`` entry-point
groups; the coach itself knows no game.
"""

from __future__ import annotations

from typing import Any

from cardtable.coach.analysis import CoachProfile
from cardtable.coach.replay import Revealer, fill_hidden
from cardtable.engine.state import State

from .cards import NAMES

PROFILE = CoachProfile(
    "ismcts:iterations=400,rollout=greedy,base=heuristic,z=1",
    "greedy",
    "points",
    (1.5, 3.0, 6.0),
    64,
)


def _reveal(view: dict[str, Any], state: State) -> None:
    """Every face-down card of the layouts by name, and the card held when hidden."""
    # The game's own part alone: ``to_json`` would also write the whole log, which
    # made a revealed replay cost the square of its length.
    payload = state._payload()
    fill_hidden(view, payload["cards"], lambda code: NAMES[code])
    if view.get("holding") and view["holding"]["card"] is None:
        view["holding"]["card"] = NAMES[payload["holding"]]


REVEALER = Revealer(_reveal)

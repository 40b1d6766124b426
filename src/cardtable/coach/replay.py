"""A finished match step by step, as one seat saw it or with every card revealed.

The replay viewer shows these frames. A seat's frame at a step is exactly
``view(seat)`` of the replayed state after that step, with the events of the step
that seat could see, so stepping through a replay shows no card the seat did not
know at that moment. With every card revealed (allowed once the match is over) a
frame is the spectator's view with every card the game hides filled in by the game's
``Revealer``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.events import Event
from cardtable.engine.plugins import plugin
from cardtable.engine.registry import make, replay
from cardtable.engine.state import State

from .analysis import CoachError

#: Whose eyes a replay is seen through: a seat number, or everything revealed.
REVEALED = "all"
Viewer = int | str
#: The entry-point group where a game declares its ``Revealer``, under its name.
REVEALER_GROUP = "cardtable.revealers"


@dataclass(frozen=True)
class Revealer:
    """How a game shows every card of a state, which only the game knows how to read.

    ``fill(view, state)`` fills in, in place, what the spectator's view ``view`` of
    ``state`` hides. A game declares one in the ``cardtable.revealers`` entry-point
    group; a game without one replays revealed as its spectator sees it.
    """

    fill: Callable[[dict[str, Any], State], None]


def frames(record: Mapping[str, Any], viewer: Viewer) -> list[dict[str, Any]]:
    """Every step of a finished match: the start, then one frame after each action.

    A frame is ``{"index", "seat", "action", "round", "view", "events"}``; ``index``
    is -1 for the start (whose events are the deal's), else the position of the
    action in the log.
    """
    final = replay(record)
    if not final.is_over:
        raise CoachError("the match is not over: its replay would show hidden cards")
    if viewer != REVEALED:
        final.check_seat(viewer)
    state = make(record["game"], record["players"], record["seed"], record["options"])
    out = [_frame(state, viewer, -1, None, None, list(state.opening))]
    for index, (seat, action) in enumerate(final.log):
        events = state.apply(seat, action)
        out.append(_frame(state, viewer, index, seat, action.to_json(), events))
    return out


def _frame(
    state: State,
    viewer: Viewer,
    index: int,
    seat: int | None,
    action: dict[str, Any] | None,
    events: list[Event],
) -> dict[str, Any]:
    if viewer == REVEALED:
        view = revealed_view(state)
        seen = [e.to_json() for e in events]
    else:
        assert isinstance(viewer, int)
        view = state.view(viewer)
        seen = [e.to_json() for e in events if e.visible_to(viewer)]
    return {
        "index": index,
        "seat": seat,
        "action": action,
        "round": len(state.round_scores) + (0 if state.is_over else 1),
        "view": view,
        "events": seen,
    }


def revealed_view(state: State) -> dict[str, Any]:
    """The spectator's view with every card shown (for a match that is over)."""
    view = state.view(None)
    revealer = plugin(REVEALER_GROUP, state.game, Revealer)
    if revealer is not None:
        revealer.fill(view, state)
    return view


def reveal_grids(view: dict[str, Any], state: State, label: Callable[[Any], Any]) -> None:
    """For games of face-down grids: show each ``hidden`` card of the view's ``layouts``
    (one row per seat), and the held card when hidden, as ``label`` of the real card.

    Reads the game's own payload: ``to_json`` would also write the whole log, which
    made a revealed replay cost the square of its length.
    """
    payload = state._payload()
    for row, real in zip(view["layouts"], payload["cards"], strict=True):
        for i, shown in enumerate(row):
            if shown == "hidden":
                row[i] = label(real[i])
    if view.get("holding") and view["holding"]["card"] is None:
        view["holding"]["card"] = label(payload["holding"])

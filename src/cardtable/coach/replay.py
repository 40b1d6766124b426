"""A finished match step by step, as one seat saw it or with every card revealed.

The replay viewer shows these frames. A seat's frame at a step is exactly
``view(seat)`` of the replayed state after that step, with the events of the step
that seat could see, so stepping through a replay shows no card the seat did not
know at that moment. With every card revealed (allowed once the match is over) a
frame is the spectator's view with each face-down card filled in and every Last Card
hand listed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.engine.events import Event
from cardtable.engine.registry import make, replay
from cardtable.engine.state import State
from cardtable.games.cactus.cards import NAMES as CACTUS_NAMES

from .analysis import CoachError

#: Whose eyes a replay is seen through: a seat number, or everything revealed.
REVEALED = "all"
Viewer = int | str


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
    reveal = _REVEALERS.get(state.game)
    if reveal is not None:
        # The game's own part alone: ``to_json`` would also write the whole log, which
        # made a revealed replay cost the square of its length.
        reveal(view, state._payload())
    return view


def _fill_layouts(
    view: dict[str, Any], cards: list[list[Any]], label: Callable[[Any], Any]
) -> None:
    for row, real in zip(view["layouts"], cards, strict=True):
        for i, shown in enumerate(row):
            if shown == "hidden":
                row[i] = label(real[i])


def _reveal_skyjo(view: dict[str, Any], payload: dict[str, Any]) -> None:
    _fill_layouts(view, payload["cards"], lambda value: value)
    if view.get("holding") and view["holding"]["card"] is None:
        view["holding"]["card"] = payload["holding"]


def _reveal_cactus(view: dict[str, Any], payload: dict[str, Any]) -> None:
    _fill_layouts(view, payload["cards"], lambda code: CACTUS_NAMES[code])
    if view.get("holding") and view["holding"]["card"] is None:
        view["holding"]["card"] = CACTUS_NAMES[payload["holding"]]


def _reveal_lastcard(view: dict[str, Any], payload: dict[str, Any]) -> None:
    view["hands"] = [list(hand) for hand in payload["hands"]]
    if payload.get("drawn") is not None and view.get("drawn") is None:
        view["drawn"] = payload["drawn"]


_REVEALERS: dict[str, Callable[[dict[str, Any], dict[str, Any]], None]] = {
    "skyjo": _reveal_skyjo,
    "cactus": _reveal_cactus,
    "lastcard": _reveal_lastcard,
}

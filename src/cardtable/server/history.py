"""A match's past events, so a client that arrives late (or reloads) can show its log.

The room keeps every event of its current match; a restarted server rebuilds them by
replaying the stored log action by action. What a seat is sent is filtered by
``Event.visible_to``, exactly as live events are.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.events import Event
from cardtable.engine.registry import make
from cardtable.engine.state import State

from .storage import MatchRecord

#: The most events a welcome carries (the browser shows at most 200 log lines).
HISTORY_LIMIT = 400


def replay_with_events(match: MatchRecord) -> tuple[State, list[Event]]:
    """The state of a stored match and every event its actions produced, in order."""
    state = make(match.game, match.players, match.seed, match.options)
    events: list[Event] = list(state.opening)
    for seat, action in match.log:
        events.extend(state.apply(seat, action))
    return state, events


def history_for(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The latest events ``seat`` (``None``: a spectator) may see, oldest first."""
    visible = [event.to_json() for event in events if event.visible_to(seat)]
    return visible[-HISTORY_LIMIT:]

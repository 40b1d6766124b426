"""Events: what happened, and who may learn it.

``State.apply`` returns a list of events. An event with ``audience=None`` is public;
otherwise only the listed seats may see it (for example "you drew the 7" goes to the
drawer alone while "seat 2 drew a card" is public). Spectators see public events only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Event:
    type: str
    data: dict[str, Any]
    audience: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may see this event."""
        if self.audience is None:
            return True
        return seat is not None and seat in self.audience

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, **self.data}
        if self.audience is not None:
            out["audience"] = list(self.audience)
        return out


def public(type_: str, **data: Any) -> Event:
    return Event(type_, data)


def private(to: int, type_: str, **data: Any) -> Event:
    """An event only seat ``to`` may see."""
    return Event(type_, data, (to,))


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events among ``events`` that ``seat`` may see."""
    return [e for e in events if e.visible_to(seat)]

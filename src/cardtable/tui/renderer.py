"""The one interface between the terminal client and a game's looks.

The client itself knows no game: everything game-specific it shows comes from a
``GameRenderer``, and a renderer sees only what the player's seat may know (its
``view`` and the events visible to it). A game declares its renderer, a
``GameRenderer`` instance, in the ``cardtable.tui_renderers`` entry-point group under
its name, so a game in a package of its own plays in the terminal without a change here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine.actions import Action
from cardtable.engine.errors import CardtableError
from cardtable.engine.events import Event
from cardtable.engine.plugins import plugin

from .keys import COMMON_KIND_KEYS

View = dict[str, Any]
#: The entry-point group where a game declares its ``GameRenderer``, under its name.
RENDERER_GROUP = "cardtable.tui_renderers"


@dataclass(frozen=True)
class Seats:
    """The players' names as the terminal shows them, from the player's point of view."""

    names: tuple[str, ...]
    you: int

    def name(self, seat: int) -> str:
        return "You" if seat == self.you else self.names[seat]

    def whose(self, owner: int, actor: int | None = None) -> str:
        """The possessive for ``owner``'s cards in a sentence about ``actor``."""
        if owner == actor:
            return "your" if actor == self.you else "their"
        return "your" if owner == self.you else f"{self.names[owner]}'s"

    def others(self) -> list[int]:
        """The other seats in play order, starting after yours."""
        n = len(self.names)
        return [(self.you + k) % n for k in range(1, n)]


class GameRenderer(ABC):
    """How one game looks in the terminal, computed only from a seat's view and events."""

    #: The key of each kind of move that has one (``cardtable.tui.keys``).
    KIND_KEYS: Mapping[str, str] = COMMON_KIND_KEYS
    #: The kinds of move the move list shows first, in this order.
    KIND_ORDER: Sequence[str] = ()

    @abstractmethod
    def seat(self, view: View, seat: int, seats: Seats) -> RenderableType:
        """Another player's cards, compact (a few lines, about 15 columns)."""

    @abstractmethod
    def own(self, view: View, seats: Seats) -> RenderableType:
        """The player's own cards, as large as the table allows."""

    @abstractmethod
    def centre(self, view: View, seats: Seats) -> RenderableType:
        """The piles and anything else in the middle of the table."""

    @abstractmethod
    def prompt(self, view: View, seats: Seats) -> str:
        """What the player is asked to do now that it is their move."""

    @abstractmethod
    def describe(self, action: Action, view: View, seats: Seats) -> str:
        """A short description of one of the player's legal moves."""

    @abstractmethod
    def narrate(self, event: Event, seats: Seats) -> str | None:
        """One line telling what happened, or ``None`` for events not worth a line."""

    def peek(self, events: Sequence[Event], seats: Seats) -> RenderableType | None:
        """Cards these events showed the player privately, kept on screen until a key.

        For games in which looking is fleeting (the player must remember), so the
        narration never repeats what is shown here.
        """
        return None

    def round_detail(self, events: Sequence[Event], seats: Seats) -> RenderableType | None:
        """What the end of a round revealed, shown with the round's scores.

        Every game reports a round's end with a public ``round_end`` event.
        """
        end = next((e for e in events if e.type == "round_end"), None)
        return None if end is None else self.final(end, seats)

    @abstractmethod
    def final(self, end: Event, seats: Seats) -> RenderableType | None:
        """The cards a ``round_end`` event revealed, if the game reveals any."""

    def field_words(self, name: str, value: Any) -> str | None:
        """A field of a move (of ``Action.to_json()``, other than its type, slots and
        seats) in plain words, for the coach's table; None words it as ``name value``."""
        return None


def by_seat(seats: Seats, row: Callable[[int], RenderableType]) -> Table:
    """One line per player, you first: the name, then ``row(seat)``."""
    table = Table.grid(padding=(0, 1))
    for seat in [seats.you, *seats.others()]:
        table.add_row(Text(seats.name(seat), "bold"), row(seat))
    return table


def describe_with(templates: Mapping[str, str], action: Action, **extra: Any) -> str:
    """The move-list template for the action's kind, filled with its fields and ``extra``
    (which may override a field, such as a slot index shown as a number from 1)."""
    template = templates.get(action.kind)
    if template is None:
        raise ValueError(f"no description for the move {action}")
    return template.format(**(action.to_json() | extra))


def phrase(templates: Mapping[str, str], event: Event, seats: Seats, **extra: Any) -> str | None:
    """The narration template for the event's type, filled with its data.

    ``{who}`` names the event's ``seat`` ("You" for the player); ``extra`` adds fields a
    template needs beyond the event's data, or overrides one (a slot index shown as a
    number from 1). Event types without a template are silent.
    """
    template = templates.get(event.type)
    if template is None:
        return None
    data = event.data
    who = seats.name(data["seat"]) if "seat" in data else ""
    return template.format(**({"who": who} | data | extra))


class NoRendererError(CardtableError):
    """The game has no terminal renderer."""


def renderer_for(game: str) -> GameRenderer:
    """The renderer ``game`` declares in the ``cardtable.tui_renderers`` group."""
    # Only checked with ``isinstance``, which an abstract class serves as well.
    renderer = plugin(RENDERER_GROUP, game, GameRenderer)  # type: ignore[type-abstract]
    if renderer is None:
        raise NoRendererError(f"{game} cannot be played in the terminal yet")
    return renderer

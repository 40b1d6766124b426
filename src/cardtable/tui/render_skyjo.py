"""Skyjo in the terminal: 3x4 layouts of numbered cards in the game's colour bands.

Your cards are numbered 1 to 12 in reading order (1 top left, 12 bottom right), as
in the browser; the move list and the narration use the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine.actions import Action
from cardtable.engine.events import Event

from .renderer import GameRenderer, Seats, View, describe_with, phrase

HIDDEN_STYLE = "grey62 on grey23"
COLUMNS = 4
#: Final layouts side by side in a round's results (fits 80 columns).
RESULTS_PER_ROW = 5


def band(value: int) -> str:
    """The colour band of a card value, as printed on the cards."""
    if value < 0:
        return "bold white on dark_blue"
    if value == 0:
        return "bold black on sky_blue1"
    if value <= 4:
        return "bold black on green3"
    if value <= 8:
        return "bold black on yellow3"
    return "bold white on red3"


def number(pos: int) -> int:
    """A layout place as people count it: card 1 to 12, row by row."""
    return pos + 1


def chip(card: int | str | None, pad: str = "") -> Text:
    """One card: its value in its band, ``▒▒`` face down, dots for an empty place."""
    if card == "hidden" or card is None:
        return Text(f"{pad}▒▒{pad}", HIDDEN_STYLE)
    if card == "empty":
        return Text(f"{pad}··{pad}", "grey37")
    assert isinstance(card, int)
    return Text(f"{pad}{card:>2}{pad}", band(card))


def grid(layout: Sequence[int | str], pad: str, numbers: bool = False) -> Text:
    """A 3x4 layout, optionally with each card's number (from 1) above it."""
    lines = []
    for row in range(3):
        if numbers:  # right-aligned like the values under them
            first = row * COLUMNS + 1
            numbered = " ".join(f"{pad}{first + c:>2}{pad}" for c in range(COLUMNS))
            lines.append(Text(numbered, "dim"))
        line = Text()
        for col in range(COLUMNS):
            if col:
                line.append(" ")
            line.append_text(chip(layout[row * COLUMNS + col], pad))
        lines.append(line)
    return Text("\n").join(lines)


def card_name(card: int | None) -> str:
    return "a hidden card" if card is None else f"a {card}"


MOVES = {
    "reveal": "Turn up card {n}",
    "draw": "Draw from the pile ({draw_size} left)",
    "take_discard": "Take the discard ({discard_top})",
    "replace": "Put it in place of card {n} ({over})",
    "discard": "Discard it, then turn a card up",
}
NARRATION = {
    "round_start": "Round {round} begins; the discard shows {discard_top}.",
    "reveal": "{who} turned up {whose} card {n}: a {card}.",
    "draw": "{who} drew a card.",
    "drawn": "You drew {card}.",
    "take_discard": "{who} took the {card} from the discard.",
    "replace": "{who} put the {card} in place of {whose} card {n}, discarding the {old}.",
    "discard": "{who} discarded the {card}.",
    "clear": "{who} cleared a line of {card}s.",
    "finish": "{who} turned up every card: last turns!",
    "reshuffle": "The discard pile was shuffled into a new draw pile.",
    "round_end": "Round {round} is over.",
}


class SkyjoRenderer(GameRenderer):
    def seat(self, view: View, seat: int, seats: Seats) -> RenderableType:
        return grid(view["layouts"][seat], "")

    def own(self, view: View, seats: Seats) -> RenderableType:
        return grid(view["layouts"][seats.you], " ", numbers=True)

    def centre(self, view: View, seats: Seats) -> RenderableType:
        line = Text("Draw ")
        line.append_text(chip("hidden", " "))
        line.append(f" {view['draw_size']:<3}  Discard ")
        top = view["discard_top"]
        line.append_text(chip(top if top is not None else "empty", " "))
        holding = view["holding"]
        if holding is not None:
            verb = "hold" if holding["seat"] == seats.you else "holds"
            line.append(f"  {seats.name(holding['seat'])} {verb} ")
            line.append_text(chip(holding["card"], " "))
        lines: list[RenderableType] = [line]
        if view["finisher"] is not None:
            lines.append(Text(f"{seats.name(view['finisher'])} finished: last turns!", "bold"))
        return Group(*lines)

    def prompt(self, view: View, seats: Seats) -> str:
        phase = view["phase"]
        if phase == "setup":
            return f"Turn up a card ({view['reveals_left'][seats.you]} to go)"
        if phase == "turn":
            return "Draw a card, or take the discard"
        if phase == "place_drawn":
            return f"You drew {card_name(view['holding']['card'])}: place it or discard it"
        if phase == "place_taken":
            return f"Place the {view['holding']['card']}"
        return "Turn up one of your face-down cards"

    def describe(self, action: Action, view: View, seats: Seats) -> str:
        pos = action.to_json().get("pos")
        there = None if pos is None else view["layouts"][seats.you][pos]
        return describe_with(
            MOVES,
            action,
            n="" if pos is None else number(pos),
            over="a hidden card" if there == "hidden" else there,
            draw_size=view["draw_size"],
            discard_top=view["discard_top"],
        )

    def narrate(self, event: Event, seats: Seats) -> str | None:
        if event.type == "draw" and event.data["seat"] == seats.you:
            return None  # the private "drawn" event says more
        d = event.data
        if "pos" not in d:
            return phrase(NARRATION, event, seats)
        whose = seats.whose(d["seat"], d["seat"])
        return phrase(NARRATION, event, seats, n=number(d["pos"]), whose=whose)

    def final(self, end: Event, seats: Seats) -> RenderableType:
        table = Table.grid(padding=(0, 2))
        order = [seats.you, *seats.others()]
        for start in range(0, len(order), RESULTS_PER_ROW):
            row = order[start : start + RESULTS_PER_ROW]
            table.add_row(*(Text(seats.name(seat), "bold") for seat in row))
            table.add_row(*(self._layout(end, seat) for seat in row))
        finisher = seats.name(end.data["finisher"])
        penalty = ", with the finisher's penalty" if end.data["finisher_penalized"] else ""
        return Group(table, Text(f"{finisher} finished first{penalty}."))

    @staticmethod
    def _layout(end: Event, seat: int) -> Text:
        """A layout as the round ended: every card face up, cleared lines empty."""
        cards, removed = end.data["layouts"][seat], end.data["removed"][seat]
        return grid(["empty" if gone else c for c, gone in zip(cards, removed, strict=True)], "")


RENDERER = SkyjoRenderer()

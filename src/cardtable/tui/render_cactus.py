"""Cactus in the terminal: rows of French cards, face down unless the view shows them.

A card is drawn as its rank and suit symbol on white, red for hearts and diamonds.
Slots keep their numbers (an emptied slot shows as dots), the same numbers the move
list uses, counted from 1 as people count (the engine's slot indices start at 0).
What a player looks at is shown in a pop-up until a key is pressed and is never
written in the narration: remembering it is part of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine.actions import Action
from cardtable.engine.events import Event

from .keys import COMMON_KIND_KEYS
from .renderer import GameRenderer, Seats, View, by_seat, describe_with, phrase

SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
HIDDEN_STYLE = "grey62 on grey23"
#: Cards per line: own layout, another player's layout.
OWN_ROW, SEAT_ROW = 8, 4

#: What discarding a drawn card makes its player do, by rank.
EFFECTS = {
    "7": "look at one of your cards",
    "8": "look at one of your cards",
    "9": "look at another player's card",
    "10": "look at another player's card",
    "J": "swap a card with another player, unseen",
    "Q": "swap a card with another player, unseen",
}
BLACK_KING_EFFECT = "look at another player's card, then swap it"
#: The effect phases as the discard event names them, told as what the player does.
EFFECT_PHASES = {
    "peek_own": "look at one of their cards",
    "peek_opponent": "look at another player's card",
    "choose_opponent": "swap a card with another player",
    "king_peek": "look at another player's card and swap it",
}
PROMPTS = {
    "look": "Look at your first two cards (slots 1 and 2)",
    "turn": "Draw, take the discard, or call Cactus",
    "peek_own": "Look at one of your own cards",
    "peek_opponent": "Look at another player's card",
    "choose_opponent": "Choose another player's card to swap, unseen",
    "swap": "Choose your card to give in the swap",
    "king_peek": "Black king: look at another player's card",
    "give": "Give one of your cards in place of the card you threw",
}
MOVES = {
    "look": "Look at your slots 1 and 2",
    "call_cactus": "Call Cactus (ends your turn)",
    "draw": "Draw from the pile ({draw_size} left)",
    "take_discard": "Take the discard ({top})",
    "discard": "Discard it{effect}",
    "replace": "Put it in slot {slot}{known}",
    "peek_own": "Look at your slot {slot}",
    "peek_opponent": "Look at {whose} slot {slot}",
    "choose_opponent": "Swap with {whose} slot {slot}",
    "swap": "Give your slot {slot}{known}",
    "keep": "Keep your cards (no swap)",
    "throw": "Throw your slot {slot}{known}",
    "throw_opponent": "Throw {whose} slot {slot}{known}",
    "give": "Give your slot {slot}{known} in its place",
    "pass": "Pass",
}
NARRATION = {
    "round_start": "Round {round} begins; first to play: {starter_name}.",
    "turn_skipped": "{who} cannot draw or take a card: turn skipped.",
    "cactus": "{who} called Cactus!",
    "draw": "{who} drew a card.",
    "take_discard": "{who} took the {card_face} from the discard.",
    "replace": "{who} replaced slot {slot}, discarding the {card_face}.",
    "discard": "{who} discarded the {card_face}{effect_text}.",
    "effect_skipped": "The effect has nothing to act on and is skipped.",
    "peek": "{who} looked at {target} slot {slot}.",
    "choose_opponent": "{who} chose {target} slot {slot} to swap.",
    "swap": "{who} swapped {own} slot {slot} with {target} slot {target_slot}.",
    "keep": "{who} kept their cards.",
    "window_open": "Quick discard: any {rank}?",
    "throw": "{who} threw the {card_face} from slot {slot}: {verdict}",
    "throw_opponent": "{who} threw the {card_face} from {target} slot {slot}: {verdict}",
    "give": "{who} gave {own} slot {slot} to {target} slot {target_slot}, face down.",
    "penalty": "{who} took a penalty card into slot {slot}.",
    "penalty_skipped": "{who} escaped the penalty card: none left.",
    "pass": "{who} passed.",
    "reshuffle": "The discard pile was shuffled into a new draw pile.",
    "round_end": "Round {round} is over.",
}


def rank_of(name: str) -> str:
    return name[:-1]


def face(name: str) -> str:
    """A card's name with its suit symbol, such as ``10♥``."""
    return rank_of(name) + SUITS[name[-1]]


def chip(card: str | None, pad: str = "") -> Text:
    """One card, three columns wide (plus ``pad`` each side)."""
    if card is None or card == "hidden":
        return Text(f"{pad}▒▒▒{pad}", HIDDEN_STYLE)
    if card == "empty":
        return Text(f"{pad}···{pad}", "grey37")
    color = "red3" if card[-1] in "dh" else "black"
    return Text(f"{pad}{face(card):>3}{pad}", f"bold {color} on grey93")


def row_of(cards: Sequence[str | None], per_line: int, pad: str, numbers: bool) -> Text:
    """A layout's slots in lines of ``per_line``, optionally numbered (from 1) above."""
    lines = []
    width = 3 + 2 * len(pad)
    for start in range(0, max(len(cards), 1), per_line):
        part = cards[start : start + per_line]
        if numbers:
            lines.append(Text(" ".join(f"{start + i + 1:^{width}}" for i in range(len(part)))))
        lines.append(Text(" ").join(chip(c, pad) for c in part))
    return Text("\n").join(lines)


def effect_of(card: str) -> str | None:
    """What discarding ``card`` (drawn) makes its player do, if anything."""
    if rank_of(card) == "K":
        return BLACK_KING_EFFECT if card[-1] in "cs" else None
    return EFFECTS.get(rank_of(card))


class CactusRenderer(GameRenderer):
    KIND_KEYS = {**COMMON_KIND_KEYS, "call_cactus": "c", "look": "l"}
    #: Drawing is the usual start of a turn, calling the rare one: draw comes first.
    KIND_ORDER = ("look", "draw", "take_discard", "call_cactus")

    def seat(self, view: View, seat: int, seats: Seats) -> RenderableType:
        marks = []
        if view["caller"] == seat:
            marks.append(Text("called Cactus", "bold magenta"))
        return Group(*marks, row_of(view["layouts"][seat], SEAT_ROW, "", numbers=False))

    def own(self, view: View, seats: Seats) -> RenderableType:
        return row_of(view["layouts"][seats.you], OWN_ROW, " ", numbers=True)

    def centre(self, view: View, seats: Seats) -> RenderableType:
        line = Text("Draw ")
        line.append_text(chip("hidden"))
        line.append(f" {view['draw_size']:<3} Discard ")
        top = view["discard_top"]
        line.append_text(chip(top if top is not None else "empty"))
        holding = view["holding"]
        if holding is not None:
            verb = "hold" if holding["seat"] == seats.you else "holds"
            line.append(f"  {seats.name(holding['seat'])} {verb} ")
            line.append_text(chip(holding["card"]))
        lines: list[RenderableType] = [line]
        window = view["window"]
        if window is not None:
            waiting = ", ".join(seats.name(s) for s in window["waiting"])
            lines.append(Text(f"Quick discard: any {window['rank']}? Waiting: {waiting}", "bold"))
        if view["caller"] is not None:
            caller = seats.name(view["caller"])
            lines.append(
                Text(f"{caller} called Cactus: {view['turns_left']} turn(s) left", "magenta")
            )
        return Group(*lines)

    def prompt(self, view: View, seats: Seats) -> str:
        phase = view["phase"]
        if phase in PROMPTS:
            return PROMPTS[phase]
        if phase == "drawn":
            card = view["holding"]["card"]
            effect = effect_of(card)
            then = f" (discarded, you {effect})" if effect else ""
            return f"You drew the {face(card)}: discard it{then} or replace a card"
        if phase == "taken":
            return f"Put the {face(view['holding']['card'])} in one of your slots"
        if phase == "king_swap":
            seen = view["effect"]["looking_at"]
            return f"You see the {face(seen)}: choose your card to swap for it"
        return f"Quick discard: throw a {view['window']['rank']}, or pass"

    def describe(self, action: Action, view: View, seats: Seats) -> str:
        fields = action.to_json()
        slot = fields.get("slot")
        # A move's own card, or the other player's card a snap throws, as the view shows it.
        row = fields["seat"] if action.kind == "throw_opponent" else seats.you
        shown = slot is not None and ("seat" not in fields or row != seats.you)
        holding = view["holding"]
        effect = effect_of(holding["card"]) if holding else None
        top = view["discard_top"]
        return describe_with(
            MOVES,
            action,
            draw_size=view["draw_size"],
            top=face(top) if top else "",
            effect=f", then {effect}" if effect else "",
            known=known(view["layouts"][row][slot]) if shown else "",
            whose=seats.whose(fields["seat"]) if "seat" in fields else "",
            **numbered(fields),
        )

    def narrate(self, event: Event, seats: Seats) -> str | None:
        d = event.data
        actor = d.get("seat")
        extra = {
            "starter_name": seats.name(d["starter"]) if "starter" in d else "",
            "card_face": face(d["card"]) if "card" in d else "",
            "effect_text": f" to {EFFECT_PHASES[d['effect']]}" if d.get("effect") else "",
            "target": seats.whose(d["target_seat"], actor) if "target_seat" in d else "",
            "own": seats.whose(actor, actor) if actor is not None else "",
            "verdict": "right!" if d.get("right") else "wrong, it goes back.",
            **numbered(d),
        }
        return phrase(NARRATION, event, seats, **extra)

    def peek(self, events: Sequence[Event], seats: Seats) -> RenderableType | None:
        seen = [e.data for e in events if e.type == "see"]
        if not seen:
            return None
        table = Table.grid(padding=(0, 1))
        for d in seen:
            owner = seats.whose(d["seat"]).capitalize()
            table.add_row(f"{owner} slot {d['slot'] + 1}:", chip(d["card"], " "))
        return table

    def final(self, end: Event, seats: Seats) -> RenderableType:
        layouts = [["empty" if c is None else c for c in row] for row in end.data["layouts"]]
        table = by_seat(seats, lambda seat: row_of(layouts[seat], OWN_ROW, "", numbers=False))
        penalty = ", and scored the caller's penalty" if end.data["caller_penalized"] else ""
        return Group(table, Text(f"{seats.name(end.data['caller'])} called Cactus{penalty}."))


def numbered(fields: dict[str, object]) -> dict[str, int]:
    """The slot fields of a move or event as people count them, from 1."""
    return {
        name: value + 1
        for name in ("slot", "target_slot")
        if isinstance(value := fields.get(name), int)
    }


def known(card: str) -> str:
    """A move's note on the card it involves, when the view shows it."""
    return "" if card in ("hidden", "empty") else f" ({face(card)})"


RENDERER = CactusRenderer()

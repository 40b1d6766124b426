"""Last Card in the terminal: your hand in the four colours, the others' hand sizes.

Numbers show their digit; Skip, Reverse and +2 show ``⊘``, ``⇄`` and ``+2`` on their
colour; Wild (``W``) and +4 are striped in all four colours. The top card is shown
with the colour to follow, which for a Wild or +4 is the colour its player named.
Under the house rules the centre also says what may be jumped in on, who may be
caught and whose +4 may be challenged; the moves name them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from cardtable.engine.actions import Action
from cardtable.engine.events import Event

from .renderer import GameRenderer, Seats, View, by_seat, describe_with, phrase

#: Each colour's initial in card names, its name and its chip style.
COLORS = {
    "R": ("red", "bold white on red3"),
    "G": ("green", "bold black on green3"),
    "B": ("blue", "bold white on blue3"),
    "Y": ("yellow", "bold black on yellow3"),
}
STYLE_OF = {name: style for name, style in COLORS.values()}
STRIPES = [style for _, style in COLORS.values()]
SYMBOLS = {"skip": "⊘", "reverse": "⇄", "+2": "+2", "wild": "W", "+4": "+4"}
WORDS = {"skip": "Skip", "reverse": "Reverse", "+2": "+2", "wild": "Wild", "+4": "+4"}
#: Cards per line in your hand; card backs shown per other player before a count.
HAND_ROW, FAN = 9, 10

PROMPTS = {
    "turn": "Play a {color} card or one matching the {top_words}",
    "pending": "A draw of {pending} is pending: answer it or draw",
    "play_drawn": "You drew the {drawn_words}: play it or keep it",
    "keep_drawn": "You drew the {drawn_words}, which does not fit: keep it",
    "swap": "You played a 7: choose whom to swap hands with",
    "window": "Out of turn: jump in, catch or let it go",
    "challenge": "A +4 from {challenger}: draw {pending}, or challenge it",
}
MOVES = {
    "play": "Play the {card_words}{naming}{calling}",
    "draw": "{draw_words}",
    "keep": "Keep the drawn card",
    "challenge": "Challenge the +4 of {challenged_name}",
    "catch": "Catch {caught_name}, who forgot to call Last Card",
    "pass": "Let it go",
    "swap_with": "Swap hands with {target_name}",
}
NARRATION = {
    "round_start": "Round {round} begins on the {top_words}; first to play: {starter_name}.",
    "play": "{who} played the {card_words}{naming}{called}",
    "draw": "{who} drew {count} card{plural}{why}.",
    "drawn": "You drew: {cards_words}.",
    "keep": "{who} kept the drawn card.",
    "reshuffle": "The discard pile was shuffled into a new draw pile.",
    "round_end": "Round {round} is over: {winner_name} went out.",
    "jump_in": "{who} jumped in with the {card_words}.",
    "catch": "{who} caught {caught_name}, who forgot to call Last Card.",
    "challenge": "{who} challenged the +4 of {target_name}: {verdict}.",
    "challenged_hand": "{who} showed you their hand: {cards_words}.",
    "swap": "{who} swapped hands with {with_name}.",
    "hands_passed": "Every hand passed to the next player.",
    "hand": "Your hand is now: {cards_words}.",
}
#: Why cards were drawn: the engine's ``penalty`` is the pending draw of the +2 and +4
#: cards played, an ordinary part of play; only a missed call is a penalty.
REASONS = {
    "draw": "",
    "penalty": " for the +2/+4 played",
    "missed_call": " for not calling Last Card",
    "challenge": " after the +4 challenge",
}


def split(card: str) -> tuple[str | None, str]:
    """A card name's colour initial (``None`` for the wild cards) and its rank."""
    if card in ("wild", "+4"):
        return None, card
    return card[0], card[1:]


def words(card: str) -> str:
    """A card in words: ``red 7``, ``green Skip``, ``Wild``."""
    color, rank = split(card)
    rank_words = WORDS.get(rank, rank)
    return rank_words if color is None else f"{COLORS[color][0]} {rank_words}"


def chip(card: str, pad: str = " ") -> Text:
    """One card: its symbol on its colour; the wild cards striped in all four."""
    color, rank = split(card)
    label = f"{pad}{SYMBOLS.get(rank, rank):>2}{pad}"
    if color is not None:
        return Text(label, COLORS[color][1])
    text = Text()
    for i, char in enumerate(label):
        text.append(char, STRIPES[i % len(STRIPES)])
    return text


def backs(count: int) -> Text:
    """Another player's hand: a card back per card, then the count."""
    fan = Text("▒" * min(count, FAN), "grey62 on grey23")
    return fan.append(f" {count}", "bold")


def hand(cards: Sequence[str]) -> Text:
    """A hand left at the end of a round (or the word that it is empty)."""
    return Text(" ").join(chip(c, "") for c in cards) if cards else Text("out!", "bold")


#: A play's fields in words (the coach's table): ``red 7, calling Last Card``.
FIELD_WORDS: dict[str, Callable[[Any], str]] = {
    "card": lambda card: words(str(card)),
    "call": lambda call: "calling Last Card",
    "color": lambda color: f"naming {color}",
}


class LastCardRenderer(GameRenderer):
    def field_words(self, name: str, value: Any) -> str | None:
        return FIELD_WORDS[name](value) if name in FIELD_WORDS else None

    def seat(self, view: View, seat: int, seats: Seats) -> RenderableType:
        count = view["hand_sizes"][seat]
        lines: list[RenderableType] = [backs(count)]
        if count == 1:
            lines.append(Text("Last card!", "bold magenta"))
        return Group(*lines)

    def own(self, view: View, seats: Seats) -> RenderableType:
        hand = view["hand"]
        rows = [hand[i : i + HAND_ROW] for i in range(0, len(hand), HAND_ROW)]
        return Text("\n").join(Text(" ").join(chip(c) for c in row) for row in rows)

    def centre(self, view: View, seats: Seats) -> RenderableType:
        line = Text("Draw ")
        line.append("▒▒▒▒", "grey62 on grey23")
        line.append(f" {view['draw_size']:<3} Top ")
        line.append_text(chip(view["top"]))
        line.append(" colour ")
        line.append(f" {view['color']} ", STYLE_OF[view["color"]])
        turn = "↻ clockwise" if view["direction"] == 1 else "↺ counter-clockwise"
        lines: list[RenderableType] = [line, Text(f"Play goes {turn}", "dim")]
        if view["pending"]:
            lines.append(Text(f"A draw of {view['pending']} is pending!", "bold magenta"))
        if view.get("jump"):
            lines.append(Text(f"The {words(view['jump'])} may be jumped in on", "bold"))
        if view.get("catch") is not None:
            lines.append(Text(f"{seats.name(view['catch'])} forgot to call!", "bold magenta"))
        return Group(*lines)

    def prompt(self, view: View, seats: Seats) -> str:
        if view["phase"] == "swap":
            return PROMPTS["swap"]
        if view["current"] != seats.you:
            return PROMPTS["window"]
        if view.get("challenge") is not None:
            challenger = seats.name(view["challenge"])
            return PROMPTS["challenge"].format(challenger=challenger, pending=view["pending"])
        if view["phase"] == "play_drawn":
            asked = "play_drawn" if view["drawn_playable"] else "keep_drawn"
            return PROMPTS[asked].format(drawn_words=words(view["drawn"]))
        if view["pending"]:
            return PROMPTS["pending"].format(pending=view["pending"])
        return PROMPTS["turn"].format(color=view["color"], top_words=words(view["top"]))

    def describe(self, action: Action, view: View, seats: Seats) -> str:
        fields = action.to_json()
        card = fields.get("card")
        pending = view["pending"]
        call_possible = view["hand"] is not None and len(view["hand"]) == 2
        return describe_with(
            MOVES,
            action,
            card_words=words(card) if card else "",
            naming=f", naming {fields['color']}" if fields.get("color") else "",
            calling=", calling Last Card!"
            if fields.get("call")
            else (", without calling" if call_possible else ""),
            draw_words=f"Draw the {pending} pending cards" if pending else "Draw a card",
            challenged_name=_name(seats, view.get("challenge")),
            caught_name=_name(seats, view.get("catch")),
            target_name=_name(seats, fields.get("seat")),
        )

    def narrate(self, event: Event, seats: Seats) -> str | None:
        d = event.data
        if event.type == "draw" and (d["seat"] == seats.you and d["reason"] == "draw"):
            return None  # the private "drawn" event names the card
        card = d.get("card")
        return phrase(
            NARRATION,
            event,
            seats,
            top_words=words(d["top"]) if "top" in d else "",
            starter_name=seats.name(d["starter"]) if "starter" in d else "",
            card_words=words(card) if card else "",
            naming=f", naming {d['color']}" if card in ("wild", "+4") else "",
            called=" and called Last Card!" if d.get("call") else ".",
            plural="" if d.get("count") == 1 else "s",
            why=REASONS.get(d.get("reason", "draw"), ""),
            cards_words=", ".join(words(c) for c in d.get("cards", ())),
            winner_name=seats.name(d["winner"]) if "winner" in d else "",
            caught_name=_name(seats, d.get("caught")),
            target_name=_name(seats, d.get("target")),
            with_name=_name(seats, d.get("with")),
            verdict="it was a bluff" if d.get("guilty") else "it was fair",
        )

    def final(self, end: Event, seats: Seats) -> RenderableType:
        return Group(
            Text("Cards left in hand:"), by_seat(seats, lambda s: hand(end.data["hands"][s]))
        )


def _name(seats: Seats, seat: int | None) -> str:
    return "" if seat is None else seats.name(seat)


RENDERER = LastCardRenderer()

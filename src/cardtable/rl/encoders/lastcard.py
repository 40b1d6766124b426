"""Last Card observations from a seat's view.

A card is one of the 54 types of ``games/lastcard/cards.py`` (colour * 13 + rank for
the coloured ones, then ``wild`` and ``+4``). The hand is a count per type divided by
4 (the most copies a type has in the deck). Hand sizes are divided by 20 and may pass 1.
The house rules' blocks (an open window, the card to jump in on, the seat that may be
caught, the +4 that may be challenged) are all zero at a table without them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.games.lastcard.cards import CODE, COLOR_INDEX, COLORS, DECK, TYPES
from cardtable.games.lastcard.state import PHASES
from cardtable.rl.features import FeatureWriter, relative, rotated, scaled_totals


def encode_lastcard(w: FeatureWriter, view: Mapping[str, Any], players: int) -> None:
    you = view["you"]
    deck = len(DECK)
    w.one_hot("phase", len(PHASES), PHASES.index(view["phase"]))
    w.one_hot("current", players, relative(view["current"], you, players))
    w.one_hot("starter", players, relative(view["starter"], you, players))
    w.values("direction", [float(view["direction"])])
    w.one_hot("top", TYPES, CODE[view["top"]])
    w.one_hot("color", len(COLORS), COLOR_INDEX[view["color"]])
    w.values("pending", [view["pending"] / 20])
    w.values("hand_sizes", [n / 20 for n in rotated(view["hand_sizes"], you)])
    w.values("pile_sizes", [view["draw_size"] / deck, view["discard_size"] / deck])
    counts = [0.0] * TYPES
    for name in view["hand"]:
        counts[CODE[name]] += 0.25
    w.values("hand", counts)
    drawn = view["drawn"]
    w.one_hot("drawn", TYPES, None if drawn is None else CODE[drawn])
    window = set(view.get("window", ()))
    w.values("window", [1.0 if seat in window else 0.0 for seat in rotated(range(players), you)])
    jump = view.get("jump")
    w.one_hot("jump", TYPES, None if jump is None else CODE[jump])
    w.one_hot("catch", players, relative(view.get("catch"), you, players))
    w.one_hot("challenge", players, relative(view.get("challenge"), you, players))
    w.values("totals", scaled_totals(view))

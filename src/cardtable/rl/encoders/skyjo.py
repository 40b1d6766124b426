"""Skyjo observations from a seat's view.

A card value is one of 15 classes, -2..12 (class = value + 2). A position is
``empty`` (cleared), ``hidden`` or a face-up value. Each seat also gets the sum of its
face-up cards divided by 100, the figure the round's scoring starts from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.games.skyjo.actions import SLOTS
from cardtable.games.skyjo.state import DECK, PHASES
from cardtable.rl.encoding import Encoding
from cardtable.rl.features import FeatureWriter, relative, rotated, scaled_totals

VALUE_CLASSES = 15


def value_class(value: int | None) -> int | None:
    return None if value is None else value + 2


def encode_skyjo(w: FeatureWriter, view: Mapping[str, Any], players: int) -> None:
    you = view["you"]
    deck = len(DECK)
    w.one_hot("phase", len(PHASES), PHASES.index(view["phase"]))
    w.flags("to_act", players, [(s - you) % players for s in view["to_act"]])
    w.one_hot("current", players, relative(view["current"], you, players))
    w.one_hot("finisher", players, relative(view["finisher"], you, players))
    w.values("reveals_left", [r / SLOTS for r in rotated(view["reveals_left"], you)])
    w.values("pile_sizes", [view["draw_size"] / deck, view["discard_size"] / deck])
    w.one_hot("discard_top", VALUE_CLASSES, value_class(view["discard_top"]))
    layouts = rotated(view["layouts"], you)
    for k, layout in enumerate(layouts):
        for pos, cell in enumerate(layout):
            w.one_hot(f"layout[{k}][{pos}].empty_hidden", 2, _cell_state(cell))
            face_up = cell if isinstance(cell, int) else None
            w.one_hot(f"layout[{k}][{pos}].value", VALUE_CLASSES, value_class(face_up))
    w.values("face_up_sums", [sum(c for c in row if isinstance(c, int)) / 100 for row in layouts])
    holding = view["holding"] or {}
    w.one_hot("holding.seat", players, relative(holding.get("seat"), you, players))
    source = holding.get("source")
    w.one_hot("holding.source", 2, None if source is None else ("draw", "discard").index(source))
    w.one_hot("holding.card", VALUE_CLASSES, value_class(holding.get("card")))
    w.values("totals", scaled_totals(view))


def _cell_state(cell: int | str) -> int | None:
    if cell == "empty":
        return 0
    if cell == "hidden":
        return 1
    return None


ENCODING = Encoding(encode_skyjo)

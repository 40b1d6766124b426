"""Cactus observations from a seat's view.

A card is one of 14 classes: the ranks A to Q (0..11), a red king (12, worth 0) and a
black king (13, worth 15); suits matter for nothing else. A slot is ``empty``,
``hidden`` or a card class; slots a layout does not have (it has 4 plus any penalty
cards, at most 16) are all zero. Without the memory aid a view shows no face-down card,
not even those the seat has looked at, which is why the environments turn the memory
aid on unless told otherwise. The ``giving`` block (the slot a right snap of another
player's card emptied, which its thrower fills) is all zero at a table without
``snap_opponent``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.games.cactus.actions import MAX_SLOTS
from cardtable.games.cactus.cards import RANKS
from cardtable.games.cactus.state import PHASES
from cardtable.rl.encoding import Encoding
from cardtable.rl.features import FeatureWriter, relative, rotated, scaled_totals

CARD_CLASSES = 14
DECK_SIZE = 52
_RANK = {rank: i for i, rank in enumerate(RANKS)}


def card_class(name: str | None) -> int | None:
    """The class of a card name such as ``"10h"`` or ``"Ks"``; None for no card."""
    if name is None:
        return None
    rank, suit = name[:-1], name[-1]
    if rank == "K":
        return 13 if suit in "cs" else 12
    return _RANK[rank]


def encode_cactus(w: FeatureWriter, view: Mapping[str, Any], players: int) -> None:
    you = view["you"]

    def rel(seat: int | None) -> int | None:
        return relative(seat, you, players)

    w.one_hot("phase", len(PHASES), PHASES.index(view["phase"]))
    w.flags("to_act", players, [(s - you) % players for s in view["to_act"]])
    w.one_hot("current", players, rel(view["current"]))
    w.one_hot("starter", players, rel(view["starter"]))
    w.one_hot("caller", players, rel(view["caller"]))
    w.values("turns_left", [(view["turns_left"] or 0) / players])
    w.flags("locked", players, [(s - you) % players for s in view["locked"]])
    w.values("pile_sizes", [view["draw_size"] / DECK_SIZE, view["discard_size"] / DECK_SIZE])
    w.one_hot("discard_top", CARD_CLASSES, card_class(view["discard_top"]))
    for k, layout in enumerate(rotated(view["layouts"], you)):
        for slot in range(MAX_SLOTS):
            name = layout[slot] if slot < len(layout) else None
            w.one_hot(f"layout[{k}][{slot}].empty_hidden", 2, _slot_state(name))
            known = None if name in (None, "empty", "hidden") else name
            w.one_hot(f"layout[{k}][{slot}].card", CARD_CLASSES, card_class(known))
    holding = view["holding"] or {}
    w.one_hot("holding.seat", players, rel(holding.get("seat")))
    source = holding.get("source")
    w.one_hot("holding.source", 2, None if source is None else ("draw", "discard").index(source))
    w.one_hot("holding.card", CARD_CLASSES, card_class(holding.get("card")))
    effect = view["effect"] or {}
    w.one_hot("effect.card", CARD_CLASSES, card_class(effect.get("card")))
    target = effect.get("target")
    w.one_hot("effect.target_seat", players, None if target is None else rel(target[0]))
    w.one_hot("effect.target_slot", MAX_SLOTS, None if target is None else target[1])
    w.one_hot("effect.looking_at", CARD_CLASSES, card_class(effect.get("looking_at")))
    window = view["window"] or {}
    rank = window.get("rank")
    w.one_hot("window.rank", len(RANKS), None if rank is None else _RANK[rank])
    w.flags("window.seats", players, [(s - you) % players for s in window.get("seats", ())])
    w.flags("window.waiting", players, [(s - you) % players for s in window.get("waiting", ())])
    giving = view.get("giving") or {}
    given_to = giving.get("target")
    w.one_hot("giving.target_seat", players, None if given_to is None else rel(given_to[0]))
    w.one_hot("giving.target_slot", MAX_SLOTS, None if given_to is None else given_to[1])
    w.values("totals", scaled_totals(view))


def _slot_state(name: str | None) -> int | None:
    if name == "empty":
        return 0
    if name == "hidden":
        return 1
    return None


#: Without the memory aid a Cactus view shows no face-down card at all, not even the
#: two a player looked at when the round began, and an observation built from the view
#: would forget everything it has seen. A person remembers; the memory aid is the
#: rules' way of showing what they remember (cards seen that have not moved since), so
#: the environments turn it on (``memory_aid=False`` gives the strict view back).
ENCODING = Encoding(encode_cactus, {"memory_aid": True})

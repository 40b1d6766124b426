"""Which key picks which move in the terminal: keys that mean the same thing every time.

A player learns keys by use, so a move keeps its key: a kind of move has its own key in
every game (``d`` draws, ``t`` takes the discard), a move on one of your own cards (a
Cactus slot, a place in your Skyjo layout) is that card's number as the screen shows it,
counted from 1 (cards 1 to 9 by their digit, card 10 by ``0``, as on a keyboard's number
row), and any other move (a card to play, Skyjo's cards 11 and 12) takes the first free
key of ``POOL`` and keeps it for as long as it stays offered.
Moves beyond the pool have no key; the move list still reaches them with the arrow
keys and Enter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from cardtable.engine.actions import Action

#: The keys of the kinds of move every game shares.
COMMON_KIND_KEYS: Mapping[str, str] = {
    "draw": "d",
    "take_discard": "t",
    "discard": "x",
    "keep": "k",
    "pass": "p",
}

#: The keys handed out to moves with no key of their own, in order ("q" quits).
POOL = "1234567890abcefghijlmnorsuvwyz"

#: A move's own key, or ``None`` when it has none.
OwnKey = Callable[[Action], str | None]


def own_key(kind_keys: Mapping[str, str]) -> OwnKey:
    """A move's own key: its kind's key, or the number (from 1) of the card of yours it
    acts on (a Cactus ``slot``, a Skyjo ``pos``; a field with a ``seat`` is another
    player's card)."""

    def key(action: Action) -> str | None:
        if action.kind in kind_keys:
            return kind_keys[action.kind]
        fields = action.to_json()
        place = fields.get("slot", fields.get("pos"))
        if isinstance(place, int) and "seat" not in fields and 0 <= place <= 9:
            return str((place + 1) % 10)
        return None

    return key


def assign_keys(
    moves: Sequence[Action],
    own: OwnKey,
    reserved: str,
    previous: Mapping[Action, str],
) -> list[str | None]:
    """One key per move (``None`` once the pool runs out), all different.

    Each move with a key of its own takes it (a game never offers two moves with the
    same one); a move offered at the last prompt keeps the key it had there; the rest
    take free keys of ``POOL``, never one in ``reserved`` (the game's kind keys, so that
    ``d`` never stands for anything but drawing).
    """
    keys: list[str | None] = [own(move) for move in moves]
    used = {key for key in keys if key is not None}
    for index, move in enumerate(moves):
        kept = previous.get(move)
        if keys[index] is None and kept is not None and kept not in used:
            keys[index] = kept
            used.add(kept)
    free = (k for k in POOL if k not in reserved)
    for index in range(len(moves)):
        if keys[index] is None:
            spare = next((k for k in free if k not in used), None)
            if spare is None:
                break
            keys[index] = spare
            used.add(spare)
    return keys


def in_kind_order(moves: Sequence[Action], order: Sequence[str]) -> list[Action]:
    """The moves with the kinds of ``order`` first, in that order; the rest after them
    as the engine listed them."""
    rank = {kind: i for i, kind in enumerate(order)}
    return sorted(moves, key=lambda move: rank.get(move.kind, len(rank)))

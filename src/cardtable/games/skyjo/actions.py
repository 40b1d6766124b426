"""Skyjo's actions, and their fixed integer indices for RL action masks.

Layout positions are numbered row by row: ``pos = row * 4 + column`` for 3 rows and
4 columns, so column ``c`` is positions ``c, c + 4, c + 8``.
"""

from dataclasses import dataclass

from cardtable.engine.actions import Action, ActionCodec

SLOTS = 12


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Turn a face-down card face up (setup, or after discarding a drawn card)."""

    kind = "reveal"
    pos: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the draw pile (only the drawer sees it)."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """Take the top card of the discard pile; it must replace a layout card."""

    kind = "take_discard"


@dataclass(frozen=True, slots=True)
class Replace(Action):
    """Put the card in hand at ``pos``; the card there goes face up on the discard pile."""

    kind = "replace"
    pos: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard the drawn card; a face-down card must then be revealed."""

    kind = "discard"


REVEAL = tuple(Reveal(p) for p in range(SLOTS))
REPLACE = tuple(Replace(p) for p in range(SLOTS))
DRAW = Draw()
TAKE_DISCARD = TakeDiscard()
DISCARD = Discard()

CODEC = ActionCodec("skyjo", (Reveal, Draw, TakeDiscard, Replace, Discard))

_BY_INDEX: tuple[Action, ...] = (*REVEAL, *REPLACE, DRAW, TAKE_DISCARD, DISCARD)
_INDEX = {action: i for i, action in enumerate(_BY_INDEX)}
ACTION_SPACE_SIZE = len(_BY_INDEX)


def action_index(action: Action) -> int:
    return _INDEX[action]


def action_from_index(index: int) -> Action:
    return _BY_INDEX[index]

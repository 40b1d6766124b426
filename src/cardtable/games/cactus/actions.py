"""Cactus's actions, and their fixed integer indices for RL action masks.

Every choice of a turn is its own action, so a person and a bot make the same
decisions one at a time: draw, then discard or replace; a discarded effect card then
asks for its target (and, for a swap, for the own card to give). Slots are numbered
from 0 in the order they were dealt; a penalty card opens a new slot at the end, and
an emptied slot keeps its number. ``seat`` fields are absolute seat numbers.
"""

from dataclasses import dataclass

from cardtable.engine.actions import Action, ActionCodec

#: The most slots a layout may have (4 dealt plus penalty cards): bounds the index space.
MAX_SLOTS = 16
MAX_PLAYERS = 8


@dataclass(frozen=True, slots=True)
class Look(Action):
    """At the start of a round: look once at your own slots 0 and 1."""

    kind = "look"


@dataclass(frozen=True, slots=True)
class CallCactus(Action):
    """Call "Cactus" instead of playing: everyone else gets one more turn."""

    kind = "call_cactus"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the draw pile (only the drawer sees it)."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """Take the top discard; it must replace one of your cards."""

    kind = "take_discard"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard the drawn card face up, using its effect if it has one."""

    kind = "discard"


@dataclass(frozen=True, slots=True)
class Replace(Action):
    """Put the card in hand face down at ``slot``; the card there is discarded face up."""

    kind = "replace"
    slot: int


@dataclass(frozen=True, slots=True)
class PeekOwn(Action):
    """Effect of a 7 or 8: look at one of your own cards."""

    kind = "peek_own"
    slot: int


@dataclass(frozen=True, slots=True)
class PeekOpponent(Action):
    """Effect of a 9, 10 or black king: look at one card of another player."""

    kind = "peek_opponent"
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class ChooseOpponent(Action):
    """Effect of a jack or queen, first step: the opponent's card to swap, unseen."""

    kind = "choose_opponent"
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Second step of a swap effect: give your card at ``slot`` for the chosen card."""

    kind = "swap"
    slot: int


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Decline a black king's swap (with ``black_king_swap_optional``)."""

    kind = "keep"


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """Quick discard: throw your card at ``slot``, claiming it has the top card's rank."""

    kind = "throw"
    slot: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Quick discard: let this window go without throwing."""

    kind = "pass"
    is_pass = True


@dataclass(frozen=True, slots=True)
class ThrowOpponent(Action):
    """Quick discard with ``snap_opponent``: throw the card at ``seat``'s ``slot``,
    claiming it has the top card's rank."""

    kind = "throw_opponent"
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class Give(Action):
    """After a right throw of another player's card: give them your card at ``slot``
    in its place."""

    kind = "give"
    slot: int


@dataclass(frozen=True, slots=True)
class CloseWindow(Action):
    """System action: the quick-discard window's time has run out."""

    kind = "close_window"


LOOK = Look()
CALL_CACTUS = CallCactus()
DRAW = Draw()
TAKE_DISCARD = TakeDiscard()
DISCARD = Discard()
KEEP = Keep()
PASS = Pass()
CLOSE_WINDOW = CloseWindow()
REPLACE = tuple(Replace(s) for s in range(MAX_SLOTS))
PEEK_OWN = tuple(PeekOwn(s) for s in range(MAX_SLOTS))
SWAP = tuple(Swap(s) for s in range(MAX_SLOTS))
THROW = tuple(Throw(s) for s in range(MAX_SLOTS))
GIVE = tuple(Give(s) for s in range(MAX_SLOTS))
PEEK_OPPONENT = tuple(
    tuple(PeekOpponent(p, s) for s in range(MAX_SLOTS)) for p in range(MAX_PLAYERS)
)
CHOOSE_OPPONENT = tuple(
    tuple(ChooseOpponent(p, s) for s in range(MAX_SLOTS)) for p in range(MAX_PLAYERS)
)
THROW_OPPONENT = tuple(
    tuple(ThrowOpponent(p, s) for s in range(MAX_SLOTS)) for p in range(MAX_PLAYERS)
)

CODEC = ActionCodec(
    "cactus",
    (
        Look,
        CallCactus,
        Draw,
        TakeDiscard,
        Discard,
        Replace,
        PeekOwn,
        PeekOpponent,
        ChooseOpponent,
        Swap,
        Keep,
        Throw,
        Pass,
        CloseWindow,
        ThrowOpponent,
        Give,
    ),
)

_BY_INDEX: tuple[Action, ...] = (
    LOOK,
    CALL_CACTUS,
    DRAW,
    TAKE_DISCARD,
    DISCARD,
    KEEP,
    PASS,
    CLOSE_WINDOW,
    *REPLACE,
    *PEEK_OWN,
    *SWAP,
    *THROW,
    *(a for row in PEEK_OPPONENT for a in row),
    *(a for row in CHOOSE_OPPONENT for a in row),
    # The options' actions come last, so that the indices above never move.
    *(a for row in THROW_OPPONENT for a in row),
    *GIVE,
)
#: The actions the compiled core knows (every one before the options' actions).
CORE_ACTION_COUNT = len(_BY_INDEX) - MAX_PLAYERS * MAX_SLOTS - MAX_SLOTS
_INDEX = {action: i for i, action in enumerate(_BY_INDEX)}
ACTION_SPACE_SIZE = len(_BY_INDEX)


def action_index(action: Action) -> int:
    return _INDEX[action]


def action_from_index(index: int) -> Action:
    return _BY_INDEX[index]

"""Last Card's actions, their pre-built instances and their fixed integer indices.

Every action a player can ever take exists once, built at import: ``legal_actions``
hands out these shared immutable values instead of allocating new ones. The legal
actions of a turn depend only on which card types the player can play and on two
flags, so they are memoized by that single int.

``Play.color`` is the colour named with a Wild or +4 and ``None`` for every other
card. ``Play.call`` is the "Last Card" call: it may be true only on the play of the
second-to-last card, where both values are legal (so a missed call can happen).
"""

from dataclasses import dataclass

from cardtable.engine.actions import Action, ActionCodec

from .cards import COLORS, NAMES, TYPES, WILD


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` (naming ``color`` for a Wild or +4), calling "Last Card" or not."""

    kind = "play"
    card: str
    color: str | None
    call: bool


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw: one card, or the whole pending amount while a +2/+4 draw is pending."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the card just drawn instead of playing it; the turn ends."""

    kind = "keep"
    is_pass = True


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """Challenge the +4 you face (option ``challenge_plus_four``)."""

    kind = "challenge"


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """Catch the player who went to one card without calling (``catch_missed_call``)."""

    kind = "catch"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let an open window (jump-in, catch) go without acting in it."""

    kind = "pass"
    is_pass = True


@dataclass(frozen=True, slots=True)
class SwapWith(Action):
    """After playing a 7 (option ``seven_zero``): swap hands with ``seat``."""

    kind = "swap_with"
    seat: int


@dataclass(frozen=True, slots=True)
class CloseWindow(Action):
    """System action: an open window's time has run out."""

    kind = "close_window"


DRAW = Draw()
KEEP = Keep()
CHALLENGE = Challenge()
CATCH = Catch()
PASS = Pass()
CLOSE_WINDOW = CloseWindow()
#: ``SWAP_WITH[seat]`` for every seat of the largest table.
SWAP_WITH = tuple(SwapWith(seat) for seat in range(10))


def _plays(t: int, call: bool) -> tuple[Play, ...]:
    if t >= WILD:
        return tuple(Play(NAMES[t], color, call) for color in COLORS)
    return (Play(NAMES[t], None, call),)


#: ``PLAYS[call_allowed][t]``: the plays of type ``t`` (call=false, then call=true).
PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = (
    tuple(_plays(t, False) for t in range(TYPES)),
    tuple(_plays(t, False) + _plays(t, True) for t in range(TYPES)),
)
#: ``WIDTHS[call_allowed][t]``: how many plays of type ``t`` there are: one, or one per
#: colour for the wild types, twice over when the call is allowed.
WIDTHS: tuple[tuple[int, ...], ...] = tuple(tuple(len(plays) for plays in table) for table in PLAYS)
#: ``DRAWN_CHOICES[call_allowed][t]``: play the drawn card of type ``t``, or keep it.
DRAWN_CHOICES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple((*plays, KEEP) for plays in table) for table in PLAYS
)

#: Flags beside the 54 type bits of a turn key.
CALL_FLAG = 1 << TYPES
DRAW_FLAG = 1 << (TYPES + 1)
_TYPE_BITS = (1 << TYPES) - 1
#: Bound on the memo (a few MB). Hands that grow long in random play make the set of
#: keys a long tail; the memo keeps the frequent ones and a miss costs a microsecond.
_MEMO_LIMIT = 1 << 15
TURN_MEMO: dict[int, tuple[Action, ...]] = {}


def turn_actions(key: int) -> tuple[Action, ...]:
    """The legal actions of a turn: the playable type bits of ``key``, then Draw if flagged.

    ``key`` is the playable types' bitmask, plus ``CALL_FLAG`` when the play would be
    of the second-to-last card and ``DRAW_FLAG`` when drawing is allowed.
    """
    found = TURN_MEMO.get(key)
    if found is None:
        if len(TURN_MEMO) >= _MEMO_LIMIT:
            TURN_MEMO.clear()
        table = PLAYS[1 if key & CALL_FLAG else 0]
        actions: list[Action] = []
        types = key & _TYPE_BITS
        while types:
            low = types & -types
            actions += table[low.bit_length() - 1]
            types ^= low
        if key & DRAW_FLAG:
            actions.append(DRAW)
        found = TURN_MEMO[key] = tuple(actions)
    return found


CODEC = ActionCodec("lastcard", (Play, Draw, Keep, Challenge, Catch, Pass, SwapWith, CloseWindow))

#: The house rules' actions come after the first 122, so that the original indices stay.
_BY_INDEX: tuple[Action, ...] = (
    *(a for plays in PLAYS[1] for a in plays),
    DRAW,
    KEEP,
    CHALLENGE,
    CATCH,
    PASS,
    *SWAP_WITH,
)
_INDEX = {action: i for i, action in enumerate(_BY_INDEX)}
ACTION_SPACE_SIZE = len(_BY_INDEX)


def action_index(action: Action) -> int:
    return _INDEX[action]


def action_from_index(index: int) -> Action:
    return _BY_INDEX[index]

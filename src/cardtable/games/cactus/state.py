"""Cactus's rules (the Cactus rules page, web/rules/cactus.md, "A round" 1-8) as an
engine ``State``.

Encoding, chosen for speed: a card is an int 0..51 (see ``cards``); each seat's layout
is a list of cards with ``EMPTY`` for a slot emptied by a right throw, so slot numbers
never shift and memory stays meaningful. Beside each slot is a bitmask of the seats
that know its card: set by the deal peek, effects, taking the top discard and throws,
cleared when another card takes the slot. A swap moves the bits with the cards, since
a player who knew a card and watched it being swapped (the swap's slots are public)
still knows where it is; a second bitmask marks those seats, whose memory aid leaves
the card out (rule 8 shows only cards that have not moved since they were seen).
Determinization and bots read the first; views read both.

``_apply`` validates an action (``_check``) and then runs its rule step, which
reports events into the list it is given; ``apply_legal`` (playouts, search) runs the
same step with ``events=None``, which builds none. Where the compiled core is built,
``random_playout`` and the greedy bot's rollouts run in C
(``cardtable/_core/cactus*.c``: the same steps, the same draws, the same final state).

A quick-discard window is a phase of its own in which every eligible seat is in
``to_act``; actions are applied in the order the server rules on them (a race judged
by estimated send time), so the first throw applied wins. The server closes a window
whose time ran out with the system action ``close_window``. With ``snap_opponent`` a
throw may name another player's card; a right one leaves its thrower alone in
``to_act``, in the ``give`` phase, to fill the emptied slot with a card of their own.

The compiled core plays the default penalty and no snaps of other players' cards
(``CactusOptions.core_rules``): a state with either option is played out by the
engine's generic loop, in Python.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

from cardtable._core import native
from cardtable.engine.actions import Action
from cardtable.engine.errors import StateFormatError
from cardtable.engine.events import Event, private, public
from cardtable.engine.piles import reshuffle
from cardtable.engine.state import SYSTEM, State, shuffle, weighted_index

from .actions import (
    CALL_CACTUS,
    CHOOSE_OPPONENT,
    CLOSE_WINDOW,
    CODEC,
    CORE_ACTION_COUNT,
    DISCARD,
    DRAW,
    GIVE,
    KEEP,
    LOOK,
    MAX_SLOTS,
    PASS,
    PEEK_OPPONENT,
    PEEK_OWN,
    REPLACE,
    SWAP,
    TAKE_DISCARD,
    THROW,
    THROW_OPPONENT,
    CallCactus,
    ChooseOpponent,
    CloseWindow,
    Discard,
    Draw,
    Give,
    Keep,
    Look,
    Pass,
    PeekOpponent,
    PeekOwn,
    Replace,
    Swap,
    TakeDiscard,
    Throw,
    ThrowOpponent,
    action_from_index,
)
from .cards import (
    DECK,
    EIGHT,
    EMPTY,
    JACK,
    NAMES,
    NINE,
    QUEEN,
    RANK,
    RANKS,
    SEVEN,
    TEN,
    VALUES,
    card,
    is_black_king,
)
from .options import CactusOptions

(
    LOOK_PHASE,
    TURN,
    DRAWN,
    TAKEN,
    PEEK_OWN_PHASE,
    PEEK_OPPONENT_PHASE,
    CHOOSE_PHASE,
    SWAP_PHASE,
    KING_PEEK,
    KING_SWAP,
    WINDOW,
    OVER,
    GIVE_PHASE,
) = range(13)
PHASES = (
    "look",
    "turn",
    "drawn",
    "taken",
    "peek_own",
    "peek_opponent",
    "choose_opponent",
    "swap",
    "king_peek",
    "king_swap",
    "quick_discard",
    "over",
    "give",
)
#: What the player to act is expected to do in each phase, for error messages.
HINTS = (
    "look at your slots 0 and 1",
    "call Cactus, draw, or take the top discard",
    "discard the drawn card or replace one of your cards with it",
    "replace one of your cards with the taken card",
    "look at one of your own cards (peek_own)",
    "look at one card of another player (peek_opponent)",
    "choose the other player's card to swap (choose_opponent)",
    "choose your own card to give (swap)",
    "look at one card of another player (peek_opponent)",
    "choose your own card to give (swap)",
    "throw a card or pass",
    "nothing: the match is over",
    "give one of your cards in place of the card you threw (give)",
)
EFFECT_PHASES = frozenset(
    (PEEK_OWN_PHASE, PEEK_OPPONENT_PHASE, CHOOSE_PHASE, SWAP_PHASE, KING_PEEK, KING_SWAP)
)
#: The card values, in the order of each row of ``KEPT_RATIOS``.
RATIO_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15)
#: The stages of a round for the informed re-deal, by how many cards the discard pile
#: holds when it begins: the longer a round runs, the more high cards players have
#: replaced, so the lower the cards they still know.
STAGE_STARTS = (0, 3, 7)
#: For each stage, how much likelier a card of each value is in a slot whose owner
#: knows it (and has kept it) than among the other cards an observer has not seen:
#: the ratio of its shares among the two, at the turns of 1200 heuristic-against-
#: heuristic rounds (``bench/cactus_kept_cards.py --games 1200`` measures them, with the
#: heuristic's defaults). Players keep the low cards they know and replace the high
#: ones. Each row follows ``RATIO_VALUES``.
KEPT_RATIOS = (
    (1.36, 1.45, 1.31, 1.34, 1.38, 1.37, 1.37, 1.03, 0.81, 0.67, 0.48, 0.36),
    (1.79, 1.99, 1.94, 1.83, 1.82, 1.89, 1.66, 0.46, 0.25, 0.15, 0.05, 0.06),
    (1.73, 2.01, 2.11, 2.08, 2.04, 1.82, 1.10, 0.16, 0.09, 0.07, 0.03, 0.04),
)  # fmt: skip
#: The same ratios for the cards a player knows once they have called Cactus, at the
#: other players' last turns: a player calls when the cards it knows add up to little,
#: so its known cards are lower still than ``KEPT_RATIOS`` says at that stage (2.52
#: points on average against 6.36 unseen; measured by the same benchmark). A value never
#: seen there keeps a weight of 0.01, so that a re-deal can always fill the slot.
CALLER_RATIOS = (2.56, 2.75, 2.68, 2.42, 2.29, 1.43, 0.18, 0.02, 0.01, 0.01, 0.01, 0.01)


def per_card(ratios: Sequence[float]) -> tuple[float, ...]:
    """A row of ratios by value (``RATIO_VALUES``) as a weight for each card."""
    return tuple(ratios[RATIO_VALUES.index(VALUES[c])] for c in DECK)


#: ``KEPT_RATIOS`` per card, for each stage.
KEPT_WEIGHTS = tuple(per_card(ratios) for ratios in KEPT_RATIOS)
#: ``CALLER_RATIOS`` per card.
CALLER_WEIGHTS = per_card(CALLER_RATIOS)


def round_stage(state: CactusState) -> int:
    """The stage of the round ``state`` is in (an index into ``STAGE_STARTS``)."""
    return bisect_right(STAGE_STARTS, len(state.discard)) - 1


TOO_LATE = "too late: the quick-discard window has closed"
NO_SEAT = -1
START_SLOTS = 4
SEAT_TUPLES = tuple((p,) for p in range(8))
#: The log entries the compiled playouts append: by action index, then by seat, up to 8
#: (the core knows no option's action: ``CORE_ACTION_COUNT``).
CORE_LOG_ENTRIES = tuple(
    (seat, action_from_index(index)) for index in range(CORE_ACTION_COUNT) for seat in range(8)
)
if native is not None:
    native.cactus_setup(CORE_LOG_ENTRIES)


def _window_rank(saved: object, phase: int) -> int:
    """A saved ``window_rank``, checked: the discarded rank while a quick-discard window
    is open, ``NO_SEAT`` at any other time (a view reads it only in a window)."""
    fits = range(len(RANKS)) if phase == WINDOW else (NO_SEAT,)
    if type(saved) is not int or saved not in fits:
        raise StateFormatError(f"window_rank {saved!r} does not fit the phase {PHASES[phase]!r}")
    return saved


class CactusState(State):
    game = "cactus"
    options_type = CactusOptions
    codec = CODEC
    options: CactusOptions

    cards: list[list[int]]
    #: Per slot, the bitmask of seats that know the card there.
    seen: list[list[int]]
    #: Per slot, the seats of ``seen`` that know the card only from before a swap
    #: moved it there (the memory aid does not show it to them).
    followed: list[list[int]]
    draw_pile: list[int]
    discard: list[int]
    phase: int
    current: int
    #: The card in the current player's hand (drawn or taken), or EMPTY.
    holding: int
    #: The opponent's card chosen by a swap or looked at by a black king.
    target_seat: int
    target_slot: int
    caller: int
    #: Turns still to be played after a Cactus call.
    turns_left: int
    #: Turns begun in this round, the current one included (0 during the deal's look).
    #: Public: anyone at the table can count them.
    turn_number: int
    starter: int
    #: Seats yet to act in a simultaneous phase (the start-of-round look, a window).
    waiting: tuple[int, ...]
    #: Quick-discard window: the seats eligible at its opening and the rank to match.
    window_seats: tuple[int, ...]
    window_rank: int

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int, options: CactusOptions, seed: int) -> CactusState:
        state = cls.__new__(cls)
        state._init_match(players, options, seed)
        state.starter = NO_SEAT
        opening: list[Event] = []
        state._start_round(opening)
        state.opening = tuple(opening)
        return state

    @classmethod
    def from_deal(
        cls,
        layouts: Sequence[Sequence[str | None]],
        draw_pile: Sequence[str],
        discard: Sequence[str] = (),
        *,
        options: CactusOptions | dict[str, Any] | None = None,
        seed: int = 0,
        current: int = 0,
        known: Sequence[Sequence[int]] | None = None,
        caller: int | None = None,
        totals: Sequence[int] | None = None,
        round: int = 1,
    ) -> CactusState:
        """A state built from an explicit deal (scenario tests, bug reports).

        Cards are named (``"7h"``, ``"10s"``, ``"Kd"``); ``None`` in a layout is an
        emptied slot. Piles list cards bottom to top (the last is drawn or taken
        first). ``known`` lists the slots each seat knows of its own layout (default:
        slots 0 and 1, as after the deal). ``current`` is to play; with ``caller``, a
        Cactus call was made and the round ends before the caller's next turn.
        """
        n = len(layouts)
        if not 2 <= n <= 8:
            raise StateFormatError(f"Cactus is for 2 to 8 players, not {n}")
        if any(not 1 <= len(row) <= MAX_SLOTS for row in layouts):
            raise StateFormatError(f"each layout must have 1 to {MAX_SLOTS} slots")
        rows = [[EMPTY if c is None else card(c) for c in row] for row in layouts]
        piles = [[card(c) for c in draw_pile], [card(c) for c in discard]]
        every = [c for row in rows for c in row if c != EMPTY] + piles[0] + piles[1]
        if len(set(every)) != len(every):
            dupes = sorted({NAMES[c] for c in every if every.count(c) > 1})
            raise StateFormatError(f"cards dealt twice: {', '.join(dupes)}")
        if not 0 <= current < n or (caller is not None and not 0 <= caller < n):
            raise StateFormatError(f"seats are 0..{n - 1}")
        if caller == current:
            raise StateFormatError("the caller does not play again in the round")
        if totals is not None and len(totals) != n:
            raise StateFormatError(f"totals must give a score for each of the {n} seats")
        state = cls.__new__(cls)
        state._init_match(n, CactusOptions.from_dict(options), seed)
        state.round = round
        if totals is not None:
            state.totals = list(totals)
        state.cards = rows
        state.seen = [[0] * len(row) for row in rows]
        state.followed = [[0] * len(row) for row in rows]
        dealt_known = [[i for i in (0, 1) if i < len(row) and row[i] != EMPTY] for row in rows]
        own_known = dealt_known if known is None else known
        if len(own_known) != n:
            raise StateFormatError(f"known must list the known slots of each of the {n} seats")
        for seat, slots in enumerate(own_known):
            for slot in slots:
                if not 0 <= slot < len(rows[seat]) or rows[seat][slot] == EMPTY:
                    raise StateFormatError(f"seat {seat} has no card in slot {slot} to know")
                state.seen[seat][slot] = 1 << seat
        state.draw_pile, state.discard = piles
        state._clear_turn()
        state.caller = NO_SEAT if caller is None else caller
        state.turns_left = 0 if caller is None else (caller - current) % n
        state.starter = current
        state.current = current
        state.turn_number = 1
        return state

    def _clear_turn(self) -> None:
        """Forget the turn's hand, effect target and window."""
        self.holding = EMPTY
        self.target_seat = self.target_slot = NO_SEAT
        self.window_seats = self.waiting = ()
        self.window_rank = NO_SEAT
        self.phase = TURN

    def _start_round(self, events: list[Event] | None) -> None:
        """Rule 1: shuffle, deal four cards each; everyone then looks at slots 0 and 1.

        The look is an action of its own (a simultaneous phase), so that each seat is
        told its two cards by an event even in a match's first round, which starts
        before anyone is connected.
        """
        n = self.num_players
        self.round += 1
        deck = list(DECK)
        shuffle(self.rng, deck)
        self.cards = [deck[START_SLOTS * p : START_SLOTS * (p + 1)] for p in range(n)]
        self.draw_pile = deck[START_SLOTS * n :]
        self.discard = []
        self.seen = [[0] * START_SLOTS for _ in range(n)]
        self.followed = [[0] * START_SLOTS for _ in range(n)]
        self._clear_turn()
        self.caller = NO_SEAT
        self.turns_left = 0
        self.turn_number = 0
        self.starter = 0 if self.starter == NO_SEAT else (self.starter + 1) % n
        self.current = self.starter
        self.phase = LOOK_PHASE
        self.waiting = tuple(range(n))
        if events is not None:
            events.append(public("round_start", round=self.round, starter=self.starter))

    def _look(self, seat: int, action: Action, events: list[Event] | None) -> None:
        row = self.cards[seat]
        for slot in (0, 1):
            if row[slot] != EMPTY:
                self._see(seat, seat, slot, "deal", events)
        self.waiting = tuple(p for p in self.waiting if p != seat)
        if self.waiting:
            return
        self.phase = TURN
        self.turn_number = 1
        if events is not None:
            events.append(public("turn", seat=self.current))

    # ------------------------------------------------------------ the contract
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == WINDOW or self.phase == LOOK_PHASE or self.phase == GIVE_PHASE:
            return self.waiting
        if self.phase == OVER:
            return ()
        return SEAT_TUPLES[self.current]

    def system_actions(self) -> list[Action]:
        return [CLOSE_WINDOW] if self.phase == WINDOW else []

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == WINDOW:
            if seat not in self.waiting:
                return []
            row = self.cards[seat]
            throws: list[Action] = [THROW[i] for i in range(len(row)) if row[i] != EMPTY]
            if self.options.snap_opponent:
                throws += [THROW_OPPONENT[p][i] for p, i in self._opponent_cards(seat, swap=True)]
            return [*throws, PASS]
        if phase == GIVE_PHASE:
            if seat not in self.waiting:
                return []
            row = self.cards[seat]
            return [GIVE[i] for i in range(len(row)) if row[i] != EMPTY]
        if phase == LOOK_PHASE:
            return [LOOK] if seat in self.waiting else []
        if phase == OVER or seat != self.current:
            return []
        row = self.cards[seat]
        if phase == TURN:
            out: list[Action] = [CALL_CACTUS] if self.caller == NO_SEAT else []
            if self._can_draw():
                out.append(DRAW)
            if self._can_take(seat):
                out.append(TAKE_DISCARD)
            return out
        if phase in (PEEK_OPPONENT_PHASE, KING_PEEK):
            return [PEEK_OPPONENT[p][i] for p, i in self._opponent_cards(seat, swap=False)]
        if phase == CHOOSE_PHASE:
            return [CHOOSE_OPPONENT[p][i] for p, i in self._opponent_cards(seat, swap=True)]
        own = [i for i in range(len(row)) if row[i] != EMPTY]
        if phase in (DRAWN, TAKEN):
            return [REPLACE[i] for i in own] + ([DISCARD] if phase == DRAWN else [])
        if phase == PEEK_OWN_PHASE:
            return [PEEK_OWN[i] for i in own]
        swaps: list[Action] = [SWAP[i] for i in own]
        if phase == KING_SWAP and self.options.black_king_swap_optional:
            swaps.append(KEEP)
        return swaps

    def _apply(self, seat: int, action: Action) -> list[Event]:
        phase = self.phase
        kind = type(action)
        if kind is CloseWindow and seat != SYSTEM:
            raise self.illegal(seat, action, "only the server closes a window")
        if phase != WINDOW and (kind is Throw or kind is Pass or kind is ThrowOpponent):
            raise self.illegal(seat, action, TOO_LATE)
        handler = _HANDLERS.get((phase, kind))
        if handler is None:
            raise self.illegal(seat, action, f"now you may {HINTS[phase]}")
        self._check(seat, action)
        events: list[Event] = []
        handler(self, seat, action, events)
        return events

    def apply_legal(self, seat: int, action: Action) -> None:
        """Log and apply a legal action with its rule step alone: no validation, no events."""
        self.log.append((seat, action))
        _HANDLERS[self.phase, type(action)](self, seat, action, None)

    def random_playout(self, rng: random.Random, until_round_end: bool = False) -> int:
        """The engine's random playout, in C where the compiled core is built.

        The core draws from these very generators (a subclass of ``random.Random``
        might draw differently: it gets the Python loop), and leaves a state it cannot
        hold (one no rule step leads to) to the Python loop as well.
        """
        if (
            native is not None
            and self.options.core_rules
            and type(rng) is random.Random
            and type(self.rng) is random.Random
        ):
            applied: int | None = native.cactus_random_playout(self, self.rng, rng, until_round_end)
            if applied is not None:
                return applied
        return super().random_playout(rng, until_round_end)

    def _check(self, seat: int, action: Action) -> None:
        """Raise ``IllegalActionError`` unless ``action``, which the phase accepts, is
        possible now: its slot holds a card, its target may be chosen, and so on."""
        kind = type(action)
        if kind is Replace or kind is PeekOwn or kind is Swap or kind is Throw or kind is Give:
            self._own_slot(seat, action, action.slot)  # type: ignore[attr-defined]
        elif kind is ThrowOpponent:
            if not self.options.snap_opponent:
                raise self.illegal(seat, action, "this table plays no snaps of others' cards")
            self._opponent_card(seat, action, swap=True)  # type: ignore[arg-type]
        elif kind is PeekOpponent or kind is ChooseOpponent:
            self._opponent_card(seat, action, swap=kind is ChooseOpponent)  # type: ignore[arg-type]
        elif kind is CallCactus and self.caller != NO_SEAT:
            raise self.illegal(seat, action, f"seat {self.caller} has already called Cactus")
        elif kind is Draw and not self._can_draw():
            raise self.illegal(seat, action, "no card is left to draw")
        elif kind is TakeDiscard and not self.discard:
            raise self.illegal(seat, action, "the discard pile is empty")
        elif kind is TakeDiscard and not self._has_cards(seat):
            raise self.illegal(seat, action, "you have no card to replace")
        elif kind is Keep and not self.options.black_king_swap_optional:
            raise self.illegal(seat, action, "the black king's swap is part of its effect")

    def not_your_move(self, seat: int, action: Action) -> str:
        """Name a late or repeated quick-discard action for what it is."""
        base = super().not_your_move(seat, action)
        if isinstance(action, Look) and self.phase == LOOK_PHASE:
            return f"{base}: seat {seat} has already looked"
        if not isinstance(action, Throw | Pass | ThrowOpponent):
            return base
        if self.phase != WINDOW:
            return f"{base}: {TOO_LATE}"
        if seat in self.window_seats:
            return f"{base}: seat {seat} has already thrown or passed in this window"
        return f"{base}: seat {seat} may not take part in this window"

    # ------------------------------------------------------------ helpers
    def _can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def _can_take(self, seat: int) -> bool:
        return bool(self.discard) and self._has_cards(seat)

    def _has_cards(self, seat: int) -> bool:
        row = self.cards[seat]
        return row.count(EMPTY) != len(row)

    def locked(self, seat: int) -> bool:
        """Rule 5 (``lock_caller``): the caller's cards cannot be swapped."""
        return self.options.lock_caller and seat == self.caller

    def _opponent_cards(self, seat: int, swap: bool) -> list[tuple[int, int]]:
        """Other seats' cards that ``seat``'s effect may target (unlocked ones to swap)."""
        return [
            (p, i)
            for p in range(self.num_players)
            if p != seat and not (swap and self.locked(p))
            for i, c in enumerate(self.cards[p])
            if c != EMPTY
        ]

    def _own_slot(self, seat: int, action: Action, slot: int) -> None:
        row = self.cards[seat]
        if not 0 <= slot < len(row):
            raise self.illegal(seat, action, f"you have no slot {slot} (slots 0..{len(row) - 1})")
        if row[slot] == EMPTY:
            raise self.illegal(seat, action, f"your slot {slot} is empty")

    def _opponent_card(
        self, seat: int, action: PeekOpponent | ChooseOpponent | ThrowOpponent, swap: bool
    ) -> None:
        p, slot = action.seat, action.slot
        if p == seat or not 0 <= p < self.num_players:
            raise self.illegal(seat, action, "choose a card of another player")
        row = self.cards[p]
        if not 0 <= slot < len(row) or row[slot] == EMPTY:
            raise self.illegal(seat, action, f"seat {p} has no card in slot {slot}")
        if swap and self.locked(p):
            raise self.illegal(seat, action, f"seat {p} called Cactus: their cards are locked")

    def _see(
        self, seat: int, owner: int, slot: int, source: str, events: list[Event] | None
    ) -> None:
        """``seat`` learns the card at ``owner``'s ``slot``: record it and tell them."""
        self.seen[owner][slot] |= 1 << seat
        self.followed[owner][slot] &= ~(1 << seat)
        if events is not None:
            name = NAMES[self.cards[owner][slot]]
            events.append(private(seat, "see", seat=owner, slot=slot, card=name, source=source))

    def _all_seats(self) -> int:
        return (1 << self.num_players) - 1

    # ------------------------------------------------------------ rule 2: the turn
    # The rule steps apply actions already known to be legal (``_check``); each
    # reports its events into ``events``, or builds none when it is ``None``.
    def _call(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self.caller = seat
        self.turns_left = self.num_players - 1
        if events is not None:
            events.append(public("cactus", seat=seat))
        self._end_turn(events)

    def _draw(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if not self.draw_pile:
            shuffled = reshuffle(self)
            if events is not None:
                events.append(shuffled)
        self.holding = self.draw_pile.pop()
        self.phase = DRAWN
        if events is not None:
            events.append(public("draw", seat=seat))
            events.append(private(seat, "drawn", seat=seat, card=NAMES[self.holding]))

    def _take(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self.holding = self.discard.pop()
        self.phase = TAKEN
        if events is not None:
            events.append(public("take_discard", seat=seat, card=NAMES[self.holding]))

    def _replace(self, seat: int, action: Replace, events: list[Event] | None) -> None:
        slot = action.slot
        row = self.cards[seat]
        old = row[slot]
        row[slot] = self.holding
        taken = self.phase == TAKEN
        self.seen[seat][slot] = self._all_seats() if taken else 1 << seat
        self.followed[seat][slot] = 0
        self.discard.append(old)
        self.holding = EMPTY
        if events is not None:
            source = "discard" if taken else "draw"
            events.append(public("replace", seat=seat, slot=slot, card=NAMES[old], source=source))
        self._open_window(events)

    def _discard(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """Case A: the drawn card goes face up; rule 3 asks for its effect."""
        played = self.holding
        self.discard.append(played)
        self.holding = EMPTY
        rank = RANK[played]
        if rank in (SEVEN, EIGHT):
            phase, possible = PEEK_OWN_PHASE, self._has_cards(seat)
        elif rank in (NINE, TEN):
            phase, possible = PEEK_OPPONENT_PHASE, bool(self._opponent_cards(seat, swap=False))
        elif rank in (JACK, QUEEN):
            phase = CHOOSE_PHASE
            possible = self._has_cards(seat) and bool(self._opponent_cards(seat, swap=True))
        elif is_black_king(played):
            phase, possible = KING_PEEK, bool(self._opponent_cards(seat, swap=False))
        else:
            if events is not None:
                events.append(public("discard", seat=seat, card=NAMES[played], effect=None))
            self._open_window(events)
            return
        effect = PHASES[phase]
        if events is not None:
            events.append(public("discard", seat=seat, card=NAMES[played], effect=effect))
        if possible:
            self.phase = phase
            return
        if events is not None:
            events.append(public("effect_skipped", seat=seat, effect=effect))
        self._open_window(events)

    # ------------------------------------------------------------ rule 3: effects
    def _peek_own(self, seat: int, action: PeekOwn, events: list[Event] | None) -> None:
        slot = action.slot
        if events is not None:
            events.append(public("peek", seat=seat, target_seat=seat, slot=slot))
        self._see(seat, seat, slot, "peek", events)
        self._open_window(events)

    def _peek_opponent(self, seat: int, action: PeekOpponent, events: list[Event] | None) -> None:
        p, slot = action.seat, action.slot
        if events is not None:
            events.append(public("peek", seat=seat, target_seat=p, slot=slot))
        self._see(seat, p, slot, "peek", events)
        if self.phase == KING_PEEK and not self.locked(p) and self._has_cards(seat):
            self.target_seat, self.target_slot = p, slot
            self.phase = KING_SWAP
            return
        self._open_window(events)

    def _choose(self, seat: int, action: ChooseOpponent, events: list[Event] | None) -> None:
        self.target_seat, self.target_slot = action.seat, action.slot
        self.phase = SWAP_PHASE
        if events is not None:
            chosen = public("choose_opponent", seat=seat, target_seat=action.seat, slot=action.slot)
            events.append(chosen)

    def _swap(self, seat: int, action: Swap, events: list[Event] | None) -> None:
        """Exchange the cards. Whoever knew either card still knows it, in its new slot,
        as the swapper does the card a black king showed it; the others follow it from
        memory alone."""
        slot = action.slot
        p, t = self.target_seat, self.target_slot
        mine, theirs = self.cards[seat], self.cards[p]
        mine[slot], theirs[t] = theirs[t], mine[slot]
        looked = self.phase == KING_SWAP
        given, taken = self.seen[seat][slot], self.seen[p][t]
        self.seen[seat][slot], self.seen[p][t] = taken, given
        self.followed[seat][slot] = taken & ~(1 << seat) if looked else taken
        self.followed[p][t] = given
        if events is not None:
            swap = public("swap", seat=seat, slot=slot, target_seat=p, target_slot=t, looked=looked)
            events.append(swap)
        self._open_window(events)

    def _keep(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if events is not None:
            events.append(public("keep", seat=seat))
        self._open_window(events)

    # ------------------------------------------------------------ rule 4: quick discard
    def _can_throw(self, seat: int) -> bool:
        """Has a card to throw, and room for the penalty cards should the throw be wrong."""
        room = len(self.cards[seat]) + self.options.wrong_throw_penalty <= MAX_SLOTS
        return room and self._has_cards(seat)

    def _open_window(self, events: list[Event] | None) -> None:
        """A card landed on the pile: open a window for the eligible seats, if any."""
        self.target_seat = self.target_slot = NO_SEAT
        snap = self.options.self_snap
        seats = tuple(
            p for p in range(self.num_players) if (snap or p != self.current) and self._can_throw(p)
        )
        if not seats:
            self._end_turn(events)
            return
        self.phase = WINDOW
        self.window_seats = self.waiting = seats
        self.window_rank = RANK[self.discard[-1]]
        if events is not None:
            events.append(public("window_open", rank=RANKS[self.window_rank], seats=list(seats)))

    def _throw(self, seat: int, action: Throw, events: list[Event] | None) -> None:
        slot = action.slot
        row = self.cards[seat]
        thrown = row[slot]
        right = RANK[thrown] == self.window_rank
        if events is not None:
            events.append(public("throw", seat=seat, slot=slot, card=NAMES[thrown], right=right))
        if right:
            row[slot] = EMPTY
            self.seen[seat][slot] = self.followed[seat][slot] = 0
            self.discard.append(thrown)
            self._close_window("right_throw", events)
            return
        self._wrong(seat, seat, slot, events)

    def _throw_opponent(self, seat: int, action: ThrowOpponent, events: list[Event] | None) -> None:
        """``snap_opponent``: a right throw of another player's card puts it on the pile
        and closes the window; its thrower then gives a card into the emptied slot."""
        p, slot = action.seat, action.slot
        row = self.cards[p]
        thrown = row[slot]
        right = RANK[thrown] == self.window_rank
        if events is not None:
            name = NAMES[thrown]
            snap = public(
                "throw_opponent", seat=seat, target_seat=p, slot=slot, card=name, right=right
            )
            events.append(snap)
        if not right:
            self._wrong(seat, p, slot, events)
            return
        row[slot] = EMPTY
        self.seen[p][slot] = self.followed[p][slot] = 0
        self.discard.append(thrown)
        self.window_seats = ()
        self.window_rank = NO_SEAT
        if events is not None:
            events.append(public("window_closed", reason="right_throw"))
        self.phase = GIVE_PHASE
        self.waiting = SEAT_TUPLES[seat]
        self.target_seat, self.target_slot = p, slot

    def _give(self, seat: int, action: Give, events: list[Event] | None) -> None:
        """The given card moves face down, as in a swap: whoever knew it follows it to
        its new slot (the slots are public), and nobody looks at it."""
        slot = action.slot
        p, t = self.target_seat, self.target_slot
        mine = self.cards[seat]
        self.cards[p][t], mine[slot] = mine[slot], EMPTY
        self.seen[p][t] = self.followed[p][t] = self.seen[seat][slot]
        self.seen[seat][slot] = self.followed[seat][slot] = 0
        if events is not None:
            events.append(public("give", seat=seat, slot=slot, target_seat=p, target_slot=t))
        self._end_turn(events)  # which clears the turn's waiting seat, the giver

    def _wrong(self, seat: int, owner: int, slot: int, events: list[Event] | None) -> None:
        """A wrong throw: everyone has seen the card, which goes back; its thrower
        takes the penalty cards and stays out of the rest of the window."""
        self.seen[owner][slot] = self._all_seats()
        self.followed[owner][slot] = 0
        for _ in range(self.options.wrong_throw_penalty):
            self._penalty(seat, events)
        self._acted(seat, events)

    def _penalty(self, seat: int, events: list[Event] | None) -> None:
        """One penalty card: the top draw-pile card goes unseen into a new slot."""
        if not self.draw_pile and len(self.discard) >= 2:
            shuffled = reshuffle(self)
            if events is not None:
                events.append(shuffled)
        if not self.draw_pile:
            if events is not None:
                events.append(public("penalty_skipped", seat=seat))
            return
        self.cards[seat].append(self.draw_pile.pop())
        self.seen[seat].append(0)
        self.followed[seat].append(0)
        if events is not None:
            events.append(public("penalty", seat=seat, slot=len(self.cards[seat]) - 1))

    def _pass(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if events is not None:
            events.append(public("pass", seat=seat))
        self._acted(seat, events)

    def _acted(self, seat: int, events: list[Event] | None) -> None:
        self.waiting = tuple(p for p in self.waiting if p != seat)
        if not self.waiting:
            self._close_window("all_acted", events)

    def _time_out(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._close_window("time", events)

    def _close_window(self, reason: str, events: list[Event] | None) -> None:
        self.window_seats = self.waiting = ()
        self.window_rank = NO_SEAT
        if events is not None:
            events.append(public("window_closed", reason=reason))
        self._end_turn(events)

    # ------------------------------------------------------------ rules 5-7
    def _end_turn(self, events: list[Event] | None) -> None:
        """Count the last turns after a call, then start the next playable turn.

        A player who can neither draw nor take a card, after a call, has their turn
        skipped (before a call they can always call).
        """
        seat = self.current
        while True:
            if self.caller != NO_SEAT and seat != self.caller:
                self.turns_left -= 1
                if self.turns_left == 0:
                    self._end_round(events)
                    return
            seat = (seat + 1) % self.num_players
            self._clear_turn()
            self.current = seat
            if self.caller == NO_SEAT or self._can_draw() or self._can_take(seat):
                self.turn_number += 1
                if events is not None:
                    events.append(public("turn", seat=seat))
                return
            if events is not None:
                events.append(public("turn_skipped", seat=seat))

    def layout_score(self, seat: int) -> int:
        return sum(VALUES[c] for c in self.cards[seat] if c != EMPTY)

    def _end_round(self, events: list[Event] | None) -> None:
        """Rules 6-7: reveal, score, add the caller penalty, end the match or deal again."""
        n = self.num_players
        scores = [self.layout_score(p) for p in range(n)]
        c = self.caller
        penalized = self.options.caller_penalty > 0 and any(
            scores[p] <= scores[c] for p in range(n) if p != c
        )
        if penalized:
            scores[c] += self.options.caller_penalty
        self.round_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self._clear_turn()
        if events is not None:
            end = public(
                "round_end",
                round=self.round,
                layouts=[[None if x == EMPTY else NAMES[x] for x in row] for row in self.cards],
                scores=scores,
                caller=c,
                caller_penalized=penalized,
                totals=self.totals.copy(),
            )
            events.append(end)
        if self._match_done():
            low = min(self.totals)
            self.winners = [p for p, t in enumerate(self.totals) if t == low]
            self.is_over = True
            self.phase = OVER
            if events is not None:
                events.append(public("match_end", totals=self.totals.copy(), winners=self.winners))
            return
        self._start_round(events)

    def _match_done(self) -> bool:
        """Rule 7: ``rounds`` rounds played, or else a total reached ``target_score``."""
        if self.options.rounds is not None:
            return self.round >= self.options.rounds
        return max(self.totals) >= self.options.target_score

    # ------------------------------------------------------------ knowledge and views
    def knows(self, seat: int, owner: int, slot: int) -> bool:
        """Whether ``seat`` knows the card at ``owner``'s ``slot``: it saw the card there,
        or saw it before a swap moved it there."""
        return bool(self.seen[owner][slot] >> seat & 1) and self.cards[owner][slot] != EMPTY

    def known_cards(self, seat: int) -> dict[tuple[int, int], int]:
        """Every layout card ``seat`` knows, by (owner, slot)."""
        bit = 1 << seat
        return {
            (p, i): c
            for p, (row, seen) in enumerate(zip(self.cards, self.seen, strict=True))
            for i, c in enumerate(row)
            if c != EMPTY and seen[i] & bit
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self.match_view()
        over = self.phase == OVER
        shown = 0 if seat is None or not self.options.memory_aid else 1 << seat
        layouts = [
            [
                "empty"
                if c == EMPTY
                else (NAMES[c] if over or seen[i] & ~moved[i] & shown else "hidden")
                for i, c in enumerate(row)
            ]
            for row, seen, moved in zip(self.cards, self.seen, self.followed, strict=True)
        ]
        out.update(
            phase=PHASES[self.phase],
            current=None if over else self.current,
            starter=self.starter,
            caller=None if self.caller == NO_SEAT else self.caller,
            turns_left=self.turns_left if self.caller != NO_SEAT else None,
            locked=[p for p in range(self.num_players) if self.locked(p)],
            draw_size=len(self.draw_pile),
            discard_top=NAMES[self.discard[-1]] if self.discard else None,
            discard_size=len(self.discard),
            layouts=layouts,
            holding=self._holding_view(seat),
            effect=self._effect_view(seat),
            window=self._window_view(),
            giving=self._giving_view(),
            you=seat,
        )
        return out

    def _holding_view(self, seat: int | None) -> dict[str, Any] | None:
        """The card in hand: public if taken from the discard pile, else the drawer's."""
        if self.holding == EMPTY:
            return None
        taken = self.phase == TAKEN
        return {
            "seat": self.current,
            "source": "discard" if taken else "draw",
            "card": NAMES[self.holding] if taken or seat == self.current else None,
        }

    def _effect_view(self, seat: int | None) -> dict[str, Any] | None:
        """The pending effect; a black king's user sees the card looked at while deciding."""
        if self.phase not in EFFECT_PHASES:
            return None
        target = None if self.target_seat == NO_SEAT else [self.target_seat, self.target_slot]
        looking = self.phase == KING_SWAP and seat == self.current
        return {
            "phase": PHASES[self.phase],
            "card": NAMES[self.discard[-1]],
            "target": target,
            "looking_at": NAMES[self.cards[self.target_seat][self.target_slot]]
            if looking
            else None,
        }

    def _giving_view(self) -> dict[str, Any] | None:
        """After a right snap of another player's card: who gives, and into which slot."""
        if self.phase != GIVE_PHASE:
            return None
        return {"seat": self.waiting[0], "target": [self.target_seat, self.target_slot]}

    def _window_view(self) -> dict[str, Any] | None:
        if self.phase != WINDOW:
            return None
        return {
            "rank": RANKS[self.window_rank],
            "seats": list(self.window_seats),
            "waiting": list(self.waiting),
        }

    # ------------------------------------------------------------ copies
    def clone(self, seed: int | None = None) -> CactusState:
        other = CactusState.__new__(CactusState)
        self._copy_match_into(other, seed)
        other.cards = [row.copy() for row in self.cards]
        other.seen = [row.copy() for row in self.seen]
        other.followed = [row.copy() for row in self.followed]
        other.draw_pile = self.draw_pile.copy()
        other.discard = self.discard.copy()
        other.phase = self.phase
        other.current = self.current
        other.holding = self.holding
        other.target_seat = self.target_seat
        other.target_slot = self.target_slot
        other.caller = self.caller
        other.turns_left = self.turns_left
        other.turn_number = self.turn_number
        other.starter = self.starter
        other.window_seats = self.window_seats
        other.waiting = self.waiting
        other.window_rank = self.window_rank
        return other

    def _determinize(self, seat: int, rng: random.Random) -> CactusState:
        return self._redeal(seat, rng, kept=None)

    def _informed_determinize(self, seat: int, rng: random.Random) -> CactusState:
        stage = KEPT_WEIGHTS[round_stage(self)]
        kept = [CALLER_WEIGHTS if p == self.caller else stage for p in range(self.num_players)]
        return self._redeal(seat, rng, kept)

    def _redeal(
        self, seat: int, rng: random.Random, kept: Sequence[Sequence[float]] | None
    ) -> CactusState:
        """Re-deal the draw pile, every layout card ``seat`` does not know, a hidden hand.

        The pool is sorted before dealing so the result does not depend on where the
        unknown cards really are. With ``kept`` (a weight per card for each owner),
        each card whose owner knows it, and ``seat`` does not, is drawn from the pool
        with its owner's weights first (``KEPT_WEIGHTS``: players keep the low cards
        they know; ``CALLER_WEIGHTS`` for a caller); the rest is shuffled. (After a
        reshuffle a player with perfect memory knows which cards make up the draw
        pile; that refinement is left out.)
        """
        other = self.clone(rng.getrandbits(64))
        bit = 1 << seat
        hidden_hand = self.holding != EMPTY and self.phase == DRAWN and seat != self.current
        owners_know: list[tuple[list[int], int, Sequence[float]]] = []
        unknown: list[tuple[list[int], int]] = []
        for owner, (row, seen) in enumerate(zip(other.cards, other.seen, strict=True)):
            for i, c in enumerate(row):
                if c != EMPTY and not seen[i] & bit:
                    if kept is not None and seen[i] >> owner & 1:
                        owners_know.append((row, i, kept[owner]))
                    else:
                        unknown.append((row, i))
        pool = other.draw_pile + [row[i] for row, i, _ in owners_know]
        pool += [row[i] for row, i in unknown]
        if hidden_hand:
            pool.append(other.holding)
        pool.sort()
        for row, i, weights in owners_know:
            row[i] = pool.pop(weighted_index(rng, pool, weights))
        shuffle(rng, pool)
        k = len(other.draw_pile)
        other.draw_pile = pool[:k]
        for j, (row, i) in enumerate(unknown, start=k):
            row[i] = pool[j]
        if hidden_hand:
            other.holding = pool[-1]
        return other

    # ------------------------------------------------------------ JSON
    def _payload(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "seen": self.seen,
            "followed": self.followed,
            "draw_pile": self.draw_pile,
            "discard": self.discard,
            "phase": PHASES[self.phase],
            "current": self.current,
            "holding": self.holding,
            "target": [self.target_seat, self.target_slot],
            "caller": self.caller,
            "turns_left": self.turns_left,
            "turn_number": self.turn_number,
            "starter": self.starter,
            "window_seats": list(self.window_seats),
            "waiting": list(self.waiting),
            "window_rank": self.window_rank,
        }

    @classmethod
    def _from_payload(cls, state: CactusState, payload: dict[str, Any]) -> None:
        state.cards = [list(row) for row in payload["cards"]]
        state.seen = [list(row) for row in payload["seen"]]
        # Records saved before swaps kept their cards' knowers have none followed.
        followed = payload.get("followed") or [[0] * len(row) for row in state.seen]
        state.followed = [list(row) for row in followed]
        state.draw_pile = list(payload["draw_pile"])
        state.discard = list(payload["discard"])
        if payload["phase"] not in PHASES:
            raise StateFormatError(f"unknown Cactus phase {payload['phase']!r}")
        state.phase = PHASES.index(payload["phase"])
        state.current = payload["current"]
        state.holding = payload["holding"]
        state.target_seat, state.target_slot = payload["target"]
        state.caller = payload["caller"]
        state.turns_left = payload["turns_left"]
        # Records saved before turns were counted start counting from their turn.
        state.turn_number = payload.get("turn_number", 1)
        state.starter = payload["starter"]
        state.window_seats = tuple(payload["window_seats"])
        state.waiting = tuple(payload["waiting"])
        state.window_rank = _window_rank(payload["window_rank"], state.phase)

    def card_count(self) -> int:
        """Every card in play, wherever it is (52 in a full deck)."""
        in_layouts = sum(1 for row in self.cards for c in row if c != EMPTY)
        in_hand = self.holding != EMPTY
        return in_layouts + len(self.draw_pile) + len(self.discard) + in_hand


#: The rule step of each action each phase accepts.
_HANDLERS: dict[
    tuple[int, type[Action]], Callable[[CactusState, int, Any, list[Event] | None], None]
] = {
    (LOOK_PHASE, Look): CactusState._look,
    (TURN, CallCactus): CactusState._call,
    (TURN, Draw): CactusState._draw,
    (TURN, TakeDiscard): CactusState._take,
    (DRAWN, Discard): CactusState._discard,
    (DRAWN, Replace): CactusState._replace,
    (TAKEN, Replace): CactusState._replace,
    (PEEK_OWN_PHASE, PeekOwn): CactusState._peek_own,
    (PEEK_OPPONENT_PHASE, PeekOpponent): CactusState._peek_opponent,
    (KING_PEEK, PeekOpponent): CactusState._peek_opponent,
    (CHOOSE_PHASE, ChooseOpponent): CactusState._choose,
    (SWAP_PHASE, Swap): CactusState._swap,
    (KING_SWAP, Swap): CactusState._swap,
    (KING_SWAP, Keep): CactusState._keep,
    (WINDOW, Throw): CactusState._throw,
    (WINDOW, Pass): CactusState._pass,
    (WINDOW, CloseWindow): CactusState._time_out,
    (WINDOW, ThrowOpponent): CactusState._throw_opponent,
    (GIVE_PHASE, Give): CactusState._give,
}

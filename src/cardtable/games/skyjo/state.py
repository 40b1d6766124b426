"""Skyjo's rules (the Skyjo rules page, web/rules/skyjo.md, "A round" 1-8) as an
engine ``State``.

Encoding, chosen for speed: a card is its int value (-2..12); each seat's layout is a
list of 12 values plus a parallel list of statuses (face down, face up, gone), and a
per-seat count of face-down cards makes the "finished?" test O(1). Piles are lists
whose top is the last element. Actions that take a position are pre-built, so
``legal_actions`` allocates only the list it returns.

``_apply`` validates an action (``_check``) and then applies it (``_step``), collecting
the events the steps report. Random playouts call ``_step`` directly with
``events=None``, which builds none, so both run the same rule code. Where the compiled
core is built, ``random_playout`` runs in C (``cardtable/_core/skyjo.c``: the same
steps, the same draws, the same final state).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable._core import native
from cardtable.engine.actions import Action
from cardtable.engine.errors import StateFormatError
from cardtable.engine.events import Event, private, public
from cardtable.engine.piles import reshuffle
from cardtable.engine.state import State, shuffle

from .actions import (
    CODEC,
    DISCARD,
    DRAW,
    REPLACE,
    REVEAL,
    SLOTS,
    TAKE_DISCARD,
    Discard,
    Draw,
    Replace,
    Reveal,
    TakeDiscard,
)
from .options import SkyjoOptions

DOWN, UP, GONE = 0, 1, 2
SETUP, TURN, PLACE_DRAWN, PLACE_TAKEN, REVEAL_AFTER_DISCARD, OVER = range(6)
PHASES = ("setup", "turn", "place_drawn", "place_taken", "reveal_after_discard", "over")

#: The 150-card deck.
DECK: tuple[int, ...] = (
    (-2,) * 5 + (-1,) * 10 + (0,) * 15 + tuple(v for v in range(1, 13) for _ in range(10))
)
CARD_VALUES = frozenset(DECK)
COPIES = Counter(DECK)
COLUMNS = tuple((c, c + 4, c + 8) for c in range(4))
ROWS = tuple(tuple(range(4 * r, 4 * r + 4)) for r in range(3))
NO_SEAT = -1
#: The log entries the compiled playout appends: by move (draw, take, discard, the
#: reveals, the replaces) and then by seat, up to 8.
CORE_LOG_ENTRIES = tuple(
    (seat, action)
    for action in (DRAW, TAKE_DISCARD, DISCARD, *REVEAL, *REPLACE)
    for seat in range(8)
)
if native is not None:
    native.skyjo_setup(CORE_LOG_ENTRIES)


def check_copies(cards: Sequence[int]) -> None:
    """A deal may hold at most as many cards of a value as the deck has."""
    for value, n in sorted(Counter(cards).items()):
        if n > COPIES[value]:
            raise StateFormatError(
                f"the deck has {COPIES[value]} cards of value {value}, the deal has {n}"
            )


class SkyjoState(State):
    game = "skyjo"
    options_type = SkyjoOptions
    codec = CODEC
    options: SkyjoOptions

    cards: list[list[int]]
    status: list[list[int]]
    down: list[int]
    draw_pile: list[int]
    discard: list[int]
    phase: int
    current: int
    holding: int | None
    reveals_left: list[int]
    finisher: int
    turns_left: int
    #: Who plays first once setup ends; NO_SEAT lets rule 3 decide (first round).
    starter: int

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int, options: SkyjoOptions, seed: int) -> SkyjoState:
        state = cls.__new__(cls)
        state._init_match(players, options, seed)
        state.finisher = NO_SEAT
        events: list[Event] = []
        state._start_round(events)
        state.opening = tuple(events)
        return state

    @classmethod
    def from_deal(
        cls,
        layouts: Sequence[Sequence[int]],
        discard: Sequence[int],
        draw_pile: Sequence[int],
        *,
        options: SkyjoOptions | dict[str, Any] | None = None,
        seed: int = 0,
        face_up: Sequence[Sequence[int]] | None = None,
        setup: bool = True,
        current: int = 0,
        totals: Sequence[int] | None = None,
    ) -> SkyjoState:
        """A state built from an explicit deal (scenario tests, bug reports).

        ``draw_pile`` lists cards bottom to top (its last card is drawn first). With
        ``setup=False`` the setup phase is skipped and ``current`` is to play;
        ``face_up`` lists each seat's face-up positions.
        """
        n = len(layouts)
        if not 2 <= n <= 8:
            raise StateFormatError(f"Skyjo is for 2 to 8 players, not {n}")
        for cards in (*layouts, discard, draw_pile):
            bad = [c for c in cards if type(c) is not int or c not in CARD_VALUES]
            if bad:
                raise StateFormatError(f"not Skyjo card values: {bad}")
        if any(len(layout) != SLOTS for layout in layouts):
            raise StateFormatError("each layout must have 12 cards")
        check_copies([c for cards in (*layouts, discard, draw_pile) for c in cards])
        if not 0 <= current < n:
            raise StateFormatError(f"current must be a seat (0..{n - 1}), not {current}")
        if face_up is not None and len(face_up) > n:
            raise StateFormatError(f"face_up lists {len(face_up)} seats, the deal has {n}")
        for seat, positions in enumerate(face_up or ()):
            if any(type(p) is not int or not 0 <= p < SLOTS for p in positions):
                raise StateFormatError(f"face-up positions of seat {seat} must be 0..11")
        if totals is not None and len(totals) != n:
            raise StateFormatError(f"totals must give a score for each of the {n} seats")
        state = cls.__new__(cls)
        state._init_match(n, SkyjoOptions.from_dict(options), seed)
        state.round = 1
        if totals is not None:
            state.totals = list(totals)
        state.cards = [list(layout) for layout in layouts]
        state.status = [[DOWN] * SLOTS for _ in range(n)]
        for seat, positions in enumerate(face_up or ()):
            for pos in positions:
                state.status[seat][pos] = UP
        state.down = [row.count(DOWN) for row in state.status]
        state.discard = list(discard)
        state.draw_pile = list(draw_pile)
        state.holding = None
        state.finisher = NO_SEAT
        state.turns_left = 0
        state.current = current
        state.starter = NO_SEAT
        if setup and state.options.initial_reveals:
            state.phase = SETUP
            state.reveals_left = [state.options.initial_reveals] * n
        else:
            state.phase = TURN
            state.reveals_left = [0] * n
        return state

    def _start_round(self, events: list[Event] | None) -> None:
        """Shuffle and deal a round; the previous finisher (if any) will start."""
        n = self.num_players
        self.round += 1
        deck = list(DECK)
        shuffle(self.rng, deck)
        self.cards = [deck[-SLOTS * (p + 1) : len(deck) - SLOTS * p] for p in range(n)]
        del deck[len(deck) - SLOTS * n :]
        self.status = [[DOWN] * SLOTS for _ in range(n)]
        self.down = [SLOTS] * n
        self.discard = [deck.pop()]
        self.draw_pile = deck
        self.holding = None
        self.starter = self.finisher
        self.finisher = NO_SEAT
        self.turns_left = 0
        self.current = NO_SEAT
        if events is not None:
            events.append(public("round_start", round=self.round, discard_top=self.discard[-1]))
        if self.options.initial_reveals:
            self.phase = SETUP
            self.reveals_left = [self.options.initial_reveals] * n
        else:
            self.reveals_left = [0] * n
            self._begin_turns(events)

    def _begin_turns(self, events: list[Event] | None) -> None:
        """End the setup phase: rule 3 picks the first player."""
        starter = self.starter
        if starter == NO_SEAT:
            sums = [
                sum(c for c, s in zip(cards, st, strict=True) if s == UP)
                for cards, st in zip(self.cards, self.status, strict=True)
            ]
            starter = sums.index(max(sums))
        self.current = starter
        self.phase = TURN
        if events is not None:
            events.append(public("turn", seat=starter))

    # ------------------------------------------------------------ the contract
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == SETUP:
            return tuple(p for p, left in enumerate(self.reveals_left) if left)
        if self.phase == OVER:
            return ()
        return (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == SETUP:
            if not (0 <= seat < self.num_players) or not self.reveals_left[seat]:
                return []
            st = self.status[seat]
            return [REVEAL[p] for p in range(SLOTS) if st[p] == DOWN]
        if phase == OVER or seat != self.current:
            return []
        st = self.status[seat]
        if phase == TURN:
            if self.draw_pile or len(self.discard) > 1:
                return [DRAW, TAKE_DISCARD]
            return [TAKE_DISCARD]
        if phase == REVEAL_AFTER_DISCARD:
            return [REVEAL[p] for p in range(SLOTS) if st[p] == DOWN]
        replaces: list[Action] = [REPLACE[p] for p in range(SLOTS) if st[p] != GONE]
        if phase == PLACE_DRAWN and self.down[seat]:
            replaces.append(DISCARD)
        return replaces

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._check(seat, action)
        events: list[Event] = []
        self._step(seat, action, events)
        return events

    def apply_legal(self, seat: int, action: Action) -> None:
        self.log.append((seat, action))
        self._step(seat, action, None)

    def random_playout(self, rng: random.Random, until_round_end: bool = False) -> int:
        """The engine's random playout, in C where the compiled core is built.

        The core draws from these very generators (a subclass of ``random.Random``
        might draw differently: it gets the Python loop).
        """
        if native is not None and type(rng) is random.Random and type(self.rng) is random.Random:
            applied: int = native.skyjo_random_playout(self, self.rng, rng, until_round_end)
            return applied
        return super().random_playout(rng, until_round_end)

    def _check(self, seat: int, action: Action) -> None:
        """Raise ``IllegalActionError`` unless ``seat`` may take ``action`` now."""
        phase = self.phase
        if phase == SETUP:
            if not isinstance(action, Reveal):
                raise self.illegal(seat, action, "the setup phase only allows reveals")
            self._check_pos(seat, action, action.pos, DOWN, "is not face down")
        elif phase == TURN:
            if isinstance(action, Draw):
                if not self.draw_pile and len(self.discard) <= 1:
                    raise self.illegal(seat, action, "no card is left to draw")
            elif not isinstance(action, TakeDiscard):
                raise self.illegal(seat, action, "first draw or take the top discard")
        elif isinstance(action, Replace) and phase in (PLACE_DRAWN, PLACE_TAKEN):
            self._check_pos(seat, action, action.pos, GONE, "is empty", negate=True)
        elif isinstance(action, Discard) and phase == PLACE_DRAWN:
            if not self.down[seat]:
                raise self.illegal(seat, action, "no face-down card is left to reveal")
        elif isinstance(action, Reveal) and phase == REVEAL_AFTER_DISCARD:
            self._check_pos(seat, action, action.pos, DOWN, "is not face down")
        else:
            raise self.illegal(seat, action, f"not allowed in phase {PHASES[phase]}")

    # ------------------------------------------------------------ the rules' steps
    # They apply actions already known to be legal; ``events=None`` builds no events.

    def _step(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """Apply a legal action: which step it is follows from the phase and its type."""
        phase = self.phase
        kind = type(action)
        if phase == SETUP:
            self.reveals_left[seat] -= 1
            self._flip(seat, action.pos, events)  # type: ignore[attr-defined]
            if not any(self.reveals_left):
                self._begin_turns(events)
        elif kind is Draw:
            self._draw(seat, events)
        elif kind is TakeDiscard:
            self.holding = self.discard.pop()
            self.phase = PLACE_TAKEN
            if events is not None:
                events.append(public("take_discard", seat=seat, card=self.holding))
        elif kind is Replace:
            self._replace(seat, action.pos, events)  # type: ignore[attr-defined]
        elif kind is Discard:
            card = self.holding
            assert card is not None
            self.discard.append(card)
            self.holding = None
            self.phase = REVEAL_AFTER_DISCARD
            if events is not None:
                events.append(public("discard", seat=seat, card=card))
        else:  # the reveal after a discard
            self._flip(seat, action.pos, events)  # type: ignore[attr-defined]
            self._end_turn(seat, events)

    def _check_pos(
        self, seat: int, action: Action, pos: int, status: int, why: str, negate: bool = False
    ) -> int:
        if not 0 <= pos < SLOTS:
            raise self.illegal(seat, action, f"position {pos} is not 0..11")
        if (self.status[seat][pos] == status) == negate:
            raise self.illegal(seat, action, f"position {pos} {why}")
        return pos

    def _draw(self, seat: int, events: list[Event] | None) -> None:
        if not self.draw_pile:
            shuffled = reshuffle(self)
            if events is not None:
                events.append(shuffled)
        card = self.draw_pile.pop()
        self.holding = card
        self.phase = PLACE_DRAWN
        if events is not None:
            events.append(public("draw", seat=seat))
            events.append(private(seat, "drawn", seat=seat, card=card))

    def _replace(self, seat: int, pos: int, events: list[Event] | None) -> None:
        cards, st = self.cards[seat], self.status[seat]
        old = cards[pos]
        new = self.holding
        assert new is not None
        if st[pos] == DOWN:
            self.down[seat] -= 1
        cards[pos] = new
        st[pos] = UP
        self.discard.append(old)
        self.holding = None
        if events is not None:
            events.append(public("replace", seat=seat, pos=pos, card=new, old=old))
        self._clear_lines(seat, pos, events)
        self._end_turn(seat, events)

    def _flip(self, seat: int, pos: int, events: list[Event] | None) -> None:
        self.status[seat][pos] = UP
        self.down[seat] -= 1
        if events is not None:
            events.append(public("reveal", seat=seat, pos=pos, card=self.cards[seat][pos]))
        self._clear_lines(seat, pos, events)

    def _clear_lines(self, seat: int, pos: int, events: list[Event] | None) -> None:
        """Rule 5: remove the column (and, with the option, the row) through ``pos``.

        Only a change at ``pos`` can complete a line, so only its lines are checked.
        """
        cards, st = self.cards[seat], self.status[seat]
        lines: list[tuple[int, ...]] = []
        if self.options.clear_columns:
            lines.append(COLUMNS[pos & 3])
        if self.options.clear_rows:
            lines.append(ROWS[pos >> 2])
        cleared = [
            line
            for line in lines
            if all(st[p] == UP for p in line) and len({cards[p] for p in line}) == 1
        ]
        for line in cleared:
            still_there = [p for p in line if st[p] == UP]  # a row and column may share
            for p in still_there:
                st[p] = GONE
                self.discard.append(cards[p])
            if events is not None:
                clear = public("clear", seat=seat, positions=list(line), card=cards[line[0]])
                events.append(clear)

    def _end_turn(self, seat: int, events: list[Event] | None) -> None:
        """Rule 6: detect the finisher and count the other players' last turns."""
        if self.finisher == NO_SEAT:
            if not self.down[seat]:
                self.finisher = seat
                self.turns_left = self.num_players - 1
                if events is not None:
                    events.append(public("finish", seat=seat))
        else:
            self.turns_left -= 1
        if self.finisher != NO_SEAT and self.turns_left == 0:
            self._end_round(events)
            return
        self.current = (seat + 1) % self.num_players
        self.phase = TURN
        if events is not None:
            events.append(public("turn", seat=self.current))

    def layout_score(self, seat: int) -> int:
        return sum(c for c, s in zip(self.cards[seat], self.status[seat], strict=True) if s != GONE)

    def _end_round(self, events: list[Event] | None) -> None:
        """Rules 6-8: reveal everything, score, apply the finisher penalty."""
        for seat in range(self.num_players):
            st = self.status[seat]
            for p in range(SLOTS):
                if st[p] == DOWN:
                    st[p] = UP
            self.down[seat] = 0
        scores = [self.layout_score(p) for p in range(self.num_players)]
        f = self.finisher
        penalized = scores[f] > 0 and any(
            scores[p] <= scores[f] for p in range(self.num_players) if p != f
        )
        if penalized:
            scores[f] *= self.options.finisher_multiplier
        self.round_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        if events is not None:
            end = public(
                "round_end",
                round=self.round,
                layouts=[c.copy() for c in self.cards],
                removed=[[s == GONE for s in st] for st in self.status],
                scores=scores,
                finisher=f,
                finisher_penalized=penalized,
                totals=self.totals.copy(),
            )
            events.append(end)
        if max(self.totals) >= self.options.target_score:
            low = min(self.totals)
            self.winners = [p for p, t in enumerate(self.totals) if t == low]
            self.is_over = True
            self.phase = OVER
            if events is not None:
                events.append(public("match_end", totals=self.totals.copy(), winners=self.winners))
        else:
            self._start_round(events)

    # ------------------------------------------------------------ views
    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self.match_view()
        out.update(
            phase=PHASES[self.phase],
            current=self.current if self.phase not in (SETUP, OVER) else None,
            finisher=None if self.finisher == NO_SEAT else self.finisher,
            reveals_left=self.reveals_left.copy(),
            draw_size=len(self.draw_pile),
            discard_top=self.discard[-1] if self.discard else None,
            discard_size=len(self.discard),
            layouts=[self._public_layout(p) for p in range(self.num_players)],
            holding=self._holding_view(seat),
            you=seat,
        )
        return out

    def _public_layout(self, seat: int) -> list[int | str]:
        return [
            c if s == UP else ("hidden" if s == DOWN else "empty")
            for c, s in zip(self.cards[seat], self.status[seat], strict=True)
        ]

    def _holding_view(self, seat: int | None) -> dict[str, Any] | None:
        """The card in hand: its value is public if taken from the discard pile."""
        if self.holding is None:
            return None
        known = self.phase == PLACE_TAKEN or seat == self.current
        return {
            "seat": self.current,
            "source": "discard" if self.phase == PLACE_TAKEN else "draw",
            "card": self.holding if known else None,
        }

    # ------------------------------------------------------------ copies
    def clone(self, seed: int | None = None) -> SkyjoState:
        other = SkyjoState.__new__(SkyjoState)
        self._copy_match_into(other, seed)
        other.cards = [c.copy() for c in self.cards]
        other.status = [s.copy() for s in self.status]
        other.down = self.down.copy()
        other.draw_pile = self.draw_pile.copy()
        other.discard = self.discard.copy()
        other.phase = self.phase
        other.current = self.current
        other.holding = self.holding
        other.reveals_left = self.reveals_left.copy()
        other.finisher = self.finisher
        other.turns_left = self.turns_left
        other.starter = self.starter
        return other

    def _determinize(self, seat: int, rng: random.Random) -> SkyjoState:
        """Re-deal the draw pile, every face-down card and a hidden drawn card.

        The pool is sorted before shuffling so the result does not depend on where
        the hidden cards really are. (After a reshuffle a player with perfect memory
        could still tell the draw pile's cards from the face-down ones; that
        refinement is left out.)
        """
        other = self.clone(rng.getrandbits(64))
        hidden_holding = (
            other.holding is not None and self.phase == PLACE_DRAWN and (seat != self.current)
        )
        pool = other.draw_pile.copy()
        for cards, st in zip(other.cards, other.status, strict=True):
            pool.extend(c for c, s in zip(cards, st, strict=True) if s == DOWN)
        if hidden_holding:
            pool.append(other.holding)  # type: ignore[arg-type]
        pool.sort()
        shuffle(rng, pool)
        k = len(other.draw_pile)
        other.draw_pile = pool[:k]
        i = k
        for cards, st in zip(other.cards, other.status, strict=True):
            for p in range(SLOTS):
                if st[p] == DOWN:
                    cards[p] = pool[i]
                    i += 1
        if hidden_holding:
            other.holding = pool[i]
        return other

    # ------------------------------------------------------------ JSON
    def _payload(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "status": self.status,
            "draw_pile": self.draw_pile,
            "discard": self.discard,
            "phase": PHASES[self.phase],
            "current": self.current,
            "holding": self.holding,
            "reveals_left": self.reveals_left,
            "finisher": self.finisher,
            "turns_left": self.turns_left,
            "starter": self.starter,
        }

    @classmethod
    def _from_payload(cls, state: SkyjoState, payload: dict[str, Any]) -> None:
        state.cards = [list(c) for c in payload["cards"]]
        state.status = [list(s) for s in payload["status"]]
        rows = (*state.cards, *state.status)
        seats = {len(state.cards), len(state.status)}
        if seats != {state.num_players} or any(len(row) != SLOTS for row in rows):
            raise StateFormatError(
                f"a Skyjo state has 12 cards and 12 statuses for each of its"
                f" {state.num_players} seats"
            )
        state.down = [s.count(DOWN) for s in state.status]
        state.draw_pile = list(payload["draw_pile"])
        state.discard = list(payload["discard"])
        if payload["phase"] not in PHASES:
            raise StateFormatError(f"unknown Skyjo phase {payload['phase']!r}")
        state.phase = PHASES.index(payload["phase"])
        state.current = payload["current"]
        state.holding = payload["holding"]
        state.reveals_left = list(payload["reveals_left"])
        state.finisher = payload["finisher"]
        state.turns_left = payload["turns_left"]
        state.starter = payload["starter"]

    def card_count(self) -> int:
        """Every card in play, wherever it is (150 in a full deck)."""
        in_layouts = sum(1 for st in self.status for s in st if s != GONE)
        return in_layouts + len(self.draw_pile) + len(self.discard) + (self.holding is not None)

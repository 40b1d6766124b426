"""Cactus's greedy bot: quick rules of thumb, for search rollouts.

The heuristic bot works out exact win chances and takes about a millisecond a
decision, too slow to play thousands of rounds out inside one search. This bot reads
the same things (its seat's memory of the layouts, its own hand, the discard pile)
and decides in a few microseconds from one figure per layout: the known cards at
their value, an unknown card at the deck's mean.

- call Cactus when its estimate is low, or well below every opponent's, or once the
  round has lasted ``PATIENCE`` turns a seat (from a position where every layout has
  grown to nine cards no estimate is ever low enough, and rollouts must end);
- take the discard when it is low enough to replace the highest known card or an
  unknown one; otherwise draw;
- keep a drawn card in place of the highest known card it beats, or of an unknown
  card when it is low; otherwise discard it for its effect;
- look at unknown cards (own first for a 7 or 8, an opponent's for a 9, 10 or black
  king), swap the highest own card for the lowest known opponent card;
- throw a card in a quick-discard window only when it is known to match (with
  ``snap_opponent``, another player's known match when it has none of its own, then
  give its highest card in its place).

Where the compiled core is built, its rollouts (``playout``) run in C, making the
same moves and draws (``cardtable/_core/cactus*.c``).
"""

from __future__ import annotations

import random

from cardtable._core import native
from cardtable.bots.base import Bot, register_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State, seeded_rng

from .actions import (
    CALL_CACTUS,
    CHOOSE_OPPONENT,
    DISCARD,
    DRAW,
    GIVE,
    KEEP,
    LOOK,
    PASS,
    PEEK_OPPONENT,
    PEEK_OWN,
    REPLACE,
    SWAP,
    TAKE_DISCARD,
    THROW,
    ChooseOpponent,
    PeekOpponent,
    ThrowOpponent,
)
from .cards import DECK, EMPTY, RANK, VALUES
from .state import (
    CHOOSE_PHASE,
    DRAWN,
    GIVE_PHASE,
    KING_PEEK,
    KING_SWAP,
    LOOK_PHASE,
    PEEK_OPPONENT_PHASE,
    PEEK_OWN_PHASE,
    SWAP_PHASE,
    TAKEN,
    TURN,
    WINDOW,
    CactusState,
)

#: What an unknown card is worth: the mean of the deck.
MEAN = sum(VALUES[c] for c in DECK) / len(DECK)
#: Call when the own estimate is at most this...
CALL_AT = 6.0
#: ...or at least this much below every opponent's.
CALL_LEAD = 12.0
#: Keep a card in place of an unknown one when it is worth at most this.
LOW = 3
#: Call at the latest once the round has lasted this many turns a seat. Played from
#: the deal, greedy players call by turn 13 a seat with 2 players and by turn 9 with
#: 4 or 8 (300 rounds each), so only rounds that would otherwise never end reach it.
PATIENCE = 20


class CactusGreedy(Bot):
    """The rules of thumb in the module docstring."""

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, CactusState):
            raise TypeError("the Cactus greedy bot plays Cactus only")
        phase = state.phase
        if phase == LOOK_PHASE:
            return LOOK
        if phase == WINDOW:
            return self._throw(state, seat)
        own = _Layout(state, seat, seat)
        if phase == GIVE_PHASE:
            return GIVE[own.highest_slot()]
        if phase == TURN:
            return self._turn(state, seat, own)
        if phase in (DRAWN, TAKEN):
            value = VALUES[state.holding]
            slot = own.slot_for(value)
            if slot is not None:
                return REPLACE[slot]
            return DISCARD if phase == DRAWN else REPLACE[own.highest_slot()]
        if phase == PEEK_OWN_PHASE:
            return PEEK_OWN[own.unknown[0] if own.unknown else own.slots[0]]
        if phase in (PEEK_OPPONENT_PHASE, KING_PEEK, CHOOSE_PHASE):
            legal = state.legal_actions(seat)
            targets = [
                (a.seat, a.slot) for a in legal if isinstance(a, PeekOpponent | ChooseOpponent)
            ]
            pick = _lowest_known(state, seat, targets) if phase == CHOOSE_PHASE else None
            if pick is None:
                pick = next((t for t in targets if not state.knows(seat, *t)), targets[0])
            table = CHOOSE_OPPONENT if phase == CHOOSE_PHASE else PEEK_OPPONENT
            return table[pick[0]][pick[1]]
        if phase not in (SWAP_PHASE, KING_SWAP):
            raise ValueError(f"seat {seat} has nothing to do in phase {state.phase}")
        give = own.highest_slot()
        if phase == KING_SWAP and state.options.black_king_swap_optional:
            taken = VALUES[state.cards[state.target_seat][state.target_slot]]  # seen
            if taken >= own.worth(give):
                return KEEP
        return SWAP[give]

    def playout(self, state: State, luck: int) -> None:
        """``Bot.playout``, in C where the compiled core is built and can hold ``state``."""
        if (
            native is not None
            and type(self) is CactusGreedy
            and isinstance(state, CactusState)
            and state.options.core_rules
            and type(state.rng) is random.Random
            and type(self.rng) is random.Random
            and type(luck) is int
            and not state.is_over
        ):
            self.rng = seeded_rng(luck)  # as Bot.playout leaves it (this bot draws nothing)
            if native.cactus_greedy_playout(state, state.rng, seeded_rng(luck)) is not None:
                return
        super().playout(state, luck)

    def _turn(self, state: CactusState, seat: int, own: _Layout) -> Action:
        legal = state.legal_actions(seat)
        if CALL_CACTUS in legal:
            rivals = [
                _Layout(state, seat, p).estimate for p in range(state.num_players) if p != seat
            ]
            if (
                own.estimate <= CALL_AT
                or own.estimate + CALL_LEAD <= min(rivals, default=0)
                or state.turn_number >= PATIENCE * state.num_players
            ):
                return CALL_CACTUS
        if TAKE_DISCARD in legal and own.slot_for(VALUES[state.discard[-1]]) is not None:
            return TAKE_DISCARD
        return DRAW if DRAW in legal else legal[0]

    def _throw(self, state: CactusState, seat: int) -> Action:
        row = state.cards[seat]
        for slot, card in enumerate(row):
            if card != EMPTY and RANK[card] == state.window_rank and state.knows(seat, seat, slot):
                return THROW[slot]
        for action in state.legal_actions(seat) if state.options.snap_opponent else ():
            if isinstance(action, ThrowOpponent):
                p, slot = action.seat, action.slot
                if RANK[state.cards[p][slot]] == state.window_rank and state.knows(seat, p, slot):
                    return action
        return PASS


class _Layout:
    """One layout as ``seat`` knows it: each card's value, or the mean where unknown."""

    __slots__ = ("estimate", "known", "slots", "unknown")

    def __init__(self, state: CactusState, seat: int, owner: int) -> None:
        row, seen = state.cards[owner], state.seen[owner]
        bit = 1 << seat
        self.slots = [i for i, c in enumerate(row) if c != EMPTY]
        self.known = {i: VALUES[row[i]] for i in self.slots if seen[i] & bit}
        self.unknown = [i for i in self.slots if i not in self.known]
        self.estimate = sum(self.known.values()) + MEAN * len(self.unknown)

    def worth(self, slot: int) -> float:
        return self.known.get(slot, MEAN)

    def highest_slot(self) -> int:
        return max(self.slots, key=self.worth)

    def slot_for(self, value: int) -> int | None:
        """Where a card worth ``value`` is worth keeping, if anywhere."""
        if self.known:
            slot = max(self.known, key=self.known.__getitem__)
            if value < self.known[slot] and (self.known[slot] >= MEAN or not self.unknown):
                return slot
        if self.unknown and value <= LOW:
            return self.unknown[0]
        return None


def _lowest_known(
    state: CactusState, seat: int, targets: list[tuple[int, int]]
) -> tuple[int, int] | None:
    """The lowest opponent card among ``targets`` that ``seat`` knows, if any."""
    known = [(VALUES[state.cards[p][i]], (p, i)) for p, i in targets if state.knows(seat, p, i)]
    return min(known)[1] if known else None


register_bot("greedy", CactusGreedy, game="cactus")

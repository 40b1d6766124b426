"""Cactus's heuristic bot: plays from its own memory, never from hidden cards.

It reads only what its seat may know: the engine's knowledge record for its seat
(``CactusState.known_cards``), the card in its own hand, and public facts (the discard
pile, layout sizes, the caller). A card it does not know counts as the mean value of
the cards it has not seen, so every layout has an estimated total. With those
estimates it keeps low cards, uses effects for information or a good swap, throws
only cards it knows to match, and calls Cactus when its estimate is low and clearly
below every opponent's.
"""

from __future__ import annotations

from cardtable.bots.base import Bot, register_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .actions import (
    CALL_CACTUS,
    CHOOSE_OPPONENT,
    DISCARD,
    DRAW,
    KEEP,
    LOOK,
    PASS,
    PEEK_OPPONENT,
    PEEK_OWN,
    REPLACE,
    SWAP,
    TAKE_DISCARD,
    THROW,
)
from .cards import DECK, EIGHT, EMPTY, JACK, NINE, QUEEN, RANK, SEVEN, TEN, VALUES, is_black_king
from .state import (
    CHOOSE_PHASE,
    DRAWN,
    KING_PEEK,
    KING_SWAP,
    LOOK_PHASE,
    NO_SEAT,
    PEEK_OPPONENT_PHASE,
    PEEK_OWN_PHASE,
    SWAP_PHASE,
    TAKEN,
    TURN,
    WINDOW,
    CactusState,
)

#: What looking at an unknown own card is worth, in points of expected improvement.
PEEK_OWN_WORTH = 2.0


class Estimate:
    """One seat's picture of the table: known cards, and the mean of the unseen ones."""

    def __init__(self, state: CactusState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.known = state.known_cards(seat)
        self.hand = state.holding if state.current == seat else EMPTY
        visible = set(self.known.values()) | set(state.discard)
        if self.hand != EMPTY:
            visible.add(self.hand)
        self.unseen = [c for c in DECK if c not in visible]
        values = [VALUES[c] for c in self.unseen]
        self.mean = sum(values) / len(values) if values else 0.0
        #: After a call this is the seat's last turn, so information is worth nothing.
        self.last_turn = state.caller != NO_SEAT

    def value(self, owner: int, slot: int) -> float:
        c = self.known.get((owner, slot))
        return self.mean if c is None else VALUES[c]

    def slots(self, owner: int) -> list[int]:
        return [i for i, c in enumerate(self.state.cards[owner]) if c != EMPTY]

    def total(self, owner: int) -> float:
        return sum(self.value(owner, i) for i in self.slots(owner))

    def unknown(self, owner: int) -> list[int]:
        return [i for i in self.slots(owner) if (owner, i) not in self.known]

    def worst_own(self) -> int:
        """The own slot whose card is (expected to be) highest; unknown wins ties."""
        me = self.seat
        return max(self.slots(me), key=lambda i: (self.value(me, i), (me, i) not in self.known))

    def worst_value(self) -> float:
        """What the worst own card is expected to be worth (0 with no card left)."""
        return self.value(self.seat, self.worst_own()) if self.slots(self.seat) else 0.0

    def opponents(self, unlocked: bool) -> list[int]:
        state = self.state
        return [
            p
            for p in range(state.num_players)
            if p != self.seat and not (unlocked and state.locked(p)) and self.slots(p)
        ]

    def lowest_opponent_card(self) -> tuple[int, int]:
        """The unlocked opponent card expected lowest; known cards win ties."""
        cards = [(p, i) for p in self.opponents(unlocked=True) for i in self.slots(p)]
        return min(cards, key=lambda pi: (self.value(*pi), pi not in self.known))


class CactusHeuristic(Bot):
    """Memory-based play; ``call_limit`` and ``call_margin`` tune when it calls Cactus.

    After ``patience`` turns in a round without calling, both conditions loosen by a
    point per turn, so a round among bots always ends (even when every layout has
    been thrown away and all estimates are equal).
    """

    def __init__(
        self,
        seed: int | None = None,
        call_limit: float = 10.0,
        call_margin: float = 4.0,
        patience: int = 8,
    ) -> None:
        super().__init__(seed)
        self.call_limit = float(call_limit)
        self.call_margin = float(call_margin)
        self.patience = int(patience)
        self._round: tuple[int, int] = (-1, -1)
        self._turns = 0

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, CactusState):
            raise TypeError("the Cactus heuristic plays Cactus only")
        phase = state.phase
        if phase == LOOK_PHASE:
            return LOOK
        est = Estimate(state, seat)
        if phase == WINDOW:
            return self._quick_discard(est)
        if phase == TURN:
            return self._turn(est)
        if phase == DRAWN:
            return self._drawn(est)
        if phase == TAKEN:
            return REPLACE[est.worst_own()]
        if phase == PEEK_OWN_PHASE:
            unknown = est.unknown(seat)
            return PEEK_OWN[unknown[0] if unknown else est.slots(seat)[0]]
        if phase == PEEK_OPPONENT_PHASE:
            p, i = self._card_to_learn(est)
            return PEEK_OPPONENT[p][i]
        if phase == CHOOSE_PHASE:
            p, i = est.lowest_opponent_card()
            return CHOOSE_OPPONENT[p][i]
        if phase == KING_PEEK:
            p, i = self._king_look(est)
            return PEEK_OPPONENT[p][i]
        if phase in (SWAP_PHASE, KING_SWAP):
            return self._swap(est, phase == KING_SWAP)
        raise ValueError(f"seat {seat} has nothing to do in phase {state.phase}")

    # ------------------------------------------------------------ decisions
    def _turn(self, est: Estimate) -> Action:
        state, seat = est.state, est.seat
        legal = state.legal_actions(seat)
        if (state.seed, state.round) != self._round:
            self._round, self._turns = (state.seed, state.round), 0
        self._turns += 1
        if CALL_CACTUS in legal and self._should_call(est):
            return CALL_CACTUS
        if TAKE_DISCARD in legal:
            gain = est.worst_value() - VALUES[state.discard[-1]]
            if DRAW not in legal or gain > self._draw_worth(est):
                return TAKE_DISCARD
        return DRAW if DRAW in legal else legal[0]

    def _draw_worth(self, est: Estimate) -> float:
        """Expected gain of drawing: over the unseen cards, keep it or use its effect."""
        if not est.unseen:
            return 0.0
        worst = est.worst_value()
        total = sum(max(worst - VALUES[c], self._effect_worth(est, c), 0.0) for c in est.unseen)
        return total / len(est.unseen)

    def _should_call(self, est: Estimate) -> bool:
        mine = est.total(est.seat)
        others = [est.total(p) for p in range(est.state.num_players) if p != est.seat]
        overdue = max(0, self._turns - self.patience)
        return mine <= self.call_limit + overdue and mine + self.call_margin - overdue <= min(
            others
        )

    def _drawn(self, est: Estimate) -> Action:
        """Keep the drawn card if it beats its best slot by more than its effect is worth."""
        seat, card = est.seat, est.hand
        slots = est.slots(seat)
        if not slots:
            return DISCARD
        slot = est.worst_own()
        gain = est.value(seat, slot) - VALUES[card]
        if gain > 0 and gain > self._effect_worth(est, card):
            return REPLACE[slot]
        return DISCARD

    def _effect_worth(self, est: Estimate, card: int) -> float:
        rank = RANK[card]
        if rank in (SEVEN, EIGHT):
            return PEEK_OWN_WORTH if est.unknown(est.seat) and not est.last_turn else 0.0
        if rank in (NINE, TEN):
            return 0.0 if est.last_turn else 1.0
        swappable = bool(est.slots(est.seat)) and bool(est.opponents(unlocked=True))
        if rank in (JACK, QUEEN) and swappable:
            p, i = est.lowest_opponent_card()
            return est.worst_value() - est.value(p, i)
        if is_black_king(card) and swappable and est.unseen:
            worst = est.worst_value()
            return sum(max(worst - VALUES[c], 0) for c in est.unseen) / len(est.unseen)
        return 0.0

    def _card_to_learn(self, est: Estimate) -> tuple[int, int]:
        """An opponent card worth knowing: unknown, and swappable if possible."""
        for unlocked in (True, False):
            for p in est.opponents(unlocked):
                unknown = est.unknown(p)
                if unknown:
                    return p, unknown[0]
        p = est.opponents(unlocked=False)[0]
        return p, est.slots(p)[0]

    def _king_look(self, est: Estimate) -> tuple[int, int]:
        """Look at a known low card to take it, else learn an unknown swappable card."""
        if est.opponents(unlocked=True):
            p, i = est.lowest_opponent_card()
            if (p, i) in est.known and est.value(p, i) < est.worst_value():
                return p, i
        return self._card_to_learn(est)

    def _swap(self, est: Estimate, looked: bool) -> Action:
        state, seat = est.state, est.seat
        slot = est.worst_own()
        target = est.value(state.target_seat, state.target_slot)
        legal = state.legal_actions(seat)
        if looked and KEEP in legal and est.value(seat, slot) <= target:
            return KEEP
        return SWAP[slot]

    def _quick_discard(self, est: Estimate) -> Action:
        """Throw a card known to match the window's rank; otherwise pass."""
        rank = est.state.window_rank
        for slot in est.slots(est.seat):
            c = est.known.get((est.seat, slot))
            if c is not None and RANK[c] == rank:
                return THROW[slot]
        return PASS


register_bot("heuristic", CactusHeuristic, game="cactus")

__all__ = ["CactusHeuristic", "Estimate"]

"""Skyjo's greedy bot: quick rules of thumb, for search rollouts.

The heuristic bot works out the distribution of the cards it has not seen and the
gain of every placement at every decision, about 25 microseconds a decision: a search
can play only some 170 rounds out with it in 200 ms. This bot reads the same things
(the face-up cards, the top discard, the card in its hand) and decides in a few
microseconds from one figure per position: a face-up card at its value, a hidden one
at the deck's mean. Its thresholds make it choose as the heuristic does in most
positions, since in a search it stands in for the heuristic, the opponent's play
included:

- keep a card where it gains most: over a face-up card it beats (never an equal
  trade), over a hidden card when it is at most 4, or where it clears a column;
- take the discard when keeping it gains at least 3, otherwise draw; discard a drawn
  card it would not keep and turn a hidden card;
- end the round (its last hidden card) only when its total is then likely lowest,
  otherwise keep the card hidden while a face-up card can still be improved.

Every turn turns a hidden card, clears a column or lowers a face-up card, so every
round it plays ends. Where the compiled core is built, its playout runs in C
(``cardtable/_core/skyjo_greedy.c``: the same choices and draws, the same final state)."""

from __future__ import annotations

import math
import random

from cardtable._core import native
from cardtable.bots.base import Bot, register_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State, seeded_rng

from .actions import DISCARD, DRAW, REPLACE, REVEAL, TAKE_DISCARD
from .state import COLUMNS, DECK, DOWN, GONE, NO_SEAT, PLACE_DRAWN, TURN, UP, SkyjoState

#: What a hidden card is worth: the mean of the deck.
MEAN = sum(DECK) / len(DECK)
#: The highest card kept over a hidden card (over a face-up one: any lower card).
KEEP_ON_HIDDEN = 4
#: Take the discard when keeping it gains at least this much.
TAKE = 3.0
#: What turning a hidden card is worth beside its value: progress toward the end.
TEMPO = 0.3
#: What an opponent is expected to gain in the one turn a finish leaves them.
LAST_TURN_GAIN = 1.5
#: Each position's column partners: the other two positions of its column.
_PARTNERS = tuple(tuple(q for q in COLUMNS[p % 4] if q != p) for p in range(12))


class SkyjoGreedy(Bot):
    """The rules of thumb in the module docstring."""

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, SkyjoState):
            raise TypeError("the Skyjo greedy bot plays Skyjo only")
        phase = state.phase
        cards, status = state.cards[seat], state.status[seat]
        if phase == TURN:
            if not state.draw_pile and len(state.discard) <= 1:
                return TAKE_DISCARD
            gain, _ = self._best(state, seat, state.discard[-1])
            return TAKE_DISCARD if gain >= TAKE else DRAW
        if state.holding is None:  # setup, or the reveal after a discard
            hidden = [p for p in range(12) if status[p] == DOWN]
            return REVEAL[hidden[self.rng.randrange(len(hidden))]]
        card = state.holding
        assert card is not None
        gain, pos = self._best(state, seat, card)
        if pos != NO_SEAT:
            return REPLACE[pos]
        if phase == PLACE_DRAWN and state.down[seat]:
            if state.down[seat] == 1 and state.finisher == NO_SEAT and card < MEAN:
                return REPLACE[status.index(DOWN)]  # the round ends either way: end it low
            return DISCARD
        # a taken card that gains nothing, or no hidden card left: the least bad place
        places = [p for p in range(12) if status[p] != GONE]
        return REPLACE[max(places, key=lambda p: _worth(cards[p], status[p]) - card)]

    def playout(self, state: State, luck: int) -> None:
        """``Bot.playout``: in C where the compiled core is built, with the same two
        generators seeded with ``luck`` (who acts in the setup, this bot's reveals)."""
        if (
            native is None
            or not isinstance(state, SkyjoState)
            or type(state.rng) is not random.Random
            or type(self.rng) is not random.Random
        ):
            super().playout(state, luck)
            return
        if state.is_over:
            return
        self.rng = seeded_rng(luck)
        native.skyjo_greedy_playout(state, state.rng, seeded_rng(luck), self.rng)

    def _best(self, state: SkyjoState, seat: int, card: int) -> tuple[float, int]:
        """The best gain from keeping ``card``, and where; (-inf, NO_SEAT) if no
        position is worth it (a face-up card it beats, a hidden card when it is at most
        ``KEEP_ON_HIDDEN``, or one that clears a column).

        Putting the card on the last hidden position ends the round, which counts only
        when this seat's total is then likely lowest.
        """
        cards, status = state.cards[seat], state.status[seat]
        clear = state.options.clear_columns
        last = state.finisher == NO_SEAT and state.down[seat] == 1
        best, where = -math.inf, NO_SEAT
        for p in range(12):
            st = status[p]
            if st == GONE:
                continue
            j, k = _PARTNERS[p]
            if clear and status[j] == UP == status[k] and cards[j] == cards[k] == card:
                gain = _worth(cards[p], st) + 2 * card  # the column clears
            elif st == UP:
                gain = cards[p] - card
                if gain <= 0:
                    continue  # never an equal or worse trade: every round must end
            elif card <= KEEP_ON_HIDDEN:
                gain = MEAN + TEMPO - card
            else:
                continue
            if last and st == DOWN and not _finish_wins(state, seat, p, card):
                continue
            if gain > best:
                best, where = gain, p
        return best, where


def _worth(card: int, status: int) -> float:
    return card if status == UP else MEAN


def _finish_wins(state: SkyjoState, seat: int, pos: int, card: int) -> bool:
    """Whether ending the round with ``card`` at ``pos`` likely leaves this seat lowest."""
    total = sum(
        c if p != pos else card
        for p, (c, st) in enumerate(zip(state.cards[seat], state.status[seat], strict=True))
        if st == UP or p == pos
    )
    if total <= 0:
        return True  # the finisher's penalty doubles positive totals only
    for other in range(state.num_players):
        if other == seat:
            continue
        shown = sum(
            c for c, st in zip(state.cards[other], state.status[other], strict=True) if st == UP
        )
        if total >= shown + state.down[other] * MEAN - LAST_TURN_GAIN:
            return False
    return True


register_bot("greedy", SkyjoGreedy, game="skyjo")

"""Skyjo's heuristic bot: plays as a careful human does, from what its seat can see.

It prices every card it cannot see at the mean of the cards it has not seen (the deck
less every face-up card, the top discard and a card in hand it knows), and values its
layout as the estimated sum of its columns, less a share of each pair of equal
positive face-up cards in a column (the chance to clear that column later). Every
choice is the one that lowers this estimate most:

- take the discard when placing it gains more than drawing is expected to (the mean,
  over the unseen cards, of the best use of a drawn card, discarding included), and
  never when it gains nothing: two bots stalling near the end could otherwise hand
  the same two cards back and forth for ever;
- put a card where it gains most: over a high or hidden card, or beside its pair;
- discard a drawn card that helps nowhere and reveal where a match is likeliest;
- turning a hidden card earns a small bonus, which keeps the round moving;
- turning the last hidden card ends the round, so that choice is priced with the
  finisher penalty: the chance that some opponent ends at or below the bot's sum is
  estimated from their face-up cards and hidden counts (a normal approximation), and
  the bot finishes when it is likely lowest, otherwise keeps a card hidden if it can,
  but never by making its layout worse;
- a card taken from the discard never replaces a face-up card where it gains nothing (it
  goes on a hidden card instead). Every turn therefore either turns a hidden card or
  lowers the layout's estimate, so every round it plays ends.

It reads only what ``view(seat)`` shows (face-up cards, the top discard, the pile and
hidden-card counts) and the card in its own hand, never a hidden card.
"""

from __future__ import annotations

import math
import operator

from cardtable.bots.base import Bot, register_bot
from cardtable.bots.slip import SlipBound, register_slip_bound
from cardtable.engine.actions import Action
from cardtable.engine.errors import CardtableError
from cardtable.engine.state import State

from .actions import DISCARD, DRAW, REPLACE, REVEAL, TAKE_DISCARD, Reveal
from .state import (
    COLUMNS,
    DECK,
    DOWN,
    GONE,
    NO_SEAT,
    PLACE_DRAWN,
    PLACE_TAKEN,
    SETUP,
    TURN,
    UP,
    SkyjoState,
)

VALUES = tuple(range(-2, 13))
SQUARES = tuple(v * v for v in VALUES)
DECK_COUNTS = tuple(DECK.count(v) for v in VALUES)
#: Each column as its three positions, each followed by the other two of the column.
_COLUMN_ROLES = tuple(((a, b, c), (b, a, c), (c, a, b)) for a, b, c in COLUMNS)
_NONE: dict[int, float] = {}
#: Value of turning a hidden card face up: progress toward ending the round.
TEMPO = 0.3
#: Share of a positive pair's value counted as the chance to clear its column later.
PAIR = 0.5
#: How many hidden cards a pair's chance lasts: fewer left anywhere, less time to match.
PAIR_HORIZON = 4
#: What an opponent is expected to gain in the one turn a finish leaves them.
LAST_TURN_GAIN = 1.5
#: Weight of the chance of being lowest when deciding to end the round.
RACE = 6.0
#: The most points a lower level (``slip``, ``cardtable.bots.slip``) may show when it
#: ends the round, while it can play on: its face-up cards once the move is made, the
#: card it places included (a hidden card it must then turn is not known, so not
#: counted). A person who sees more than 20 points before them does not end the round:
#: the finisher is doubled unless strictly lowest, and finishers show 15 in the median
#: at 4 players. The heuristic ends the round at any total rather than spoil its
#: layout, which is what kept the levels built on it finishing at up to 47 (docs/bots.md,
#: "How long the rounds last"); a lower level spoils its layout a little instead.
CARELESS_FINISH_MAX = 20
#: The own turn of a round from which a lower level may finish at any total: rounds
#: last 12 to 13 turns a seat in the median, and every round must end, even for a
#: player that slips at every move and so might never bring its layout down.
CARELESS_FINISH_ANY_FROM = 20
_NEAR = 1e-9


class SkyjoHeuristic(Bot):
    """The heuristic described in the module docstring."""

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, SkyjoState):
            raise CardtableError(f"the Skyjo heuristic cannot play {state.game}")
        plan = _Plan(state, seat)
        phase = state.phase
        if phase == SETUP:
            return REVEAL[self._pick(plan.reveal_values)]
        if phase == TURN:
            if state.draw_pile or len(state.discard) > 1:
                take = plan.best_place(state.discard[-1])[0]
                if take <= 0 or take < plan.draw_value():
                    return DRAW
            return TAKE_DISCARD
        if phase in (PLACE_DRAWN, PLACE_TAKEN):
            card = state.holding
            assert card is not None
            value, pos = plan.best_place(card)
            if phase == PLACE_TAKEN:
                if value <= 0 and plan.down and plan.status[pos] == UP:
                    # Taking the card promised a gain, but holding it shifts the estimate
                    # of unseen cards: never trade it for a card as good (two bots could
                    # pass one card back and forth for ever); a hidden card takes it.
                    hidden = [p for p, st in enumerate(plan.status) if st == DOWN]
                    pos = max(hidden, key=lambda p: plan.place_value(card, p))
                return REPLACE[pos]
            last = plan.last_hidden
            if last != NO_SEAT and value <= 0 and pos != last:
                # Never spoil the layout to put off finishing: end the round instead.
                return (
                    REPLACE[last]
                    if plan.finish_value(last, card) >= plan.discard_value()
                    else DISCARD
                )
            return DISCARD if plan.down and plan.discard_value() > value else REPLACE[pos]
        return REVEAL[self._pick(plan.reveal_values)]

    def _pick(self, values: dict[int, float]) -> int:
        """The best position; near-ties broken at random so play is not predictable."""
        best = max(values.values())
        ties = [p for p, v in values.items() if v >= best - _NEAR]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)


class _Plan:
    """One seat's view of a Skyjo state, digested into the gain of each placement.

    The gain of putting value ``x`` face up at position ``p`` is the drop in the layout
    estimate (plus the bonus for turning a hidden card). For any ``x`` equal to no
    other face-up card of ``p``'s column it is ``generic[p] - x``; the few values that
    pair or clear are kept in ``special[p]``. Putting a card on the last hidden
    position ends the round, so that position is priced apart, by ``finish_value``.
    Bots built on search call this for every move of every playout, hence the plain
    arithmetic.
    """

    def __init__(self, state: SkyjoState, seat: int) -> None:
        self.state = state
        self.seat = seat
        cards = self.cards = state.cards[seat]
        status = self.status = state.status[seat]
        self.down = state.down[seat]
        self._unseen(state, seat)
        mean = self.mean
        last_turn = state.finisher != NO_SEAT
        tempo = 0.0 if last_turn else TEMPO
        clear = state.options.clear_columns
        share = 0.0 if last_turn or not clear else PAIR * min(1.0, min(state.down) / PAIR_HORIZON)
        finishing = not last_turn and self.down == 1
        self.last_hidden = status.index(DOWN) if finishing else NO_SEAT
        generic: dict[int, float] = {}
        special: dict[int, dict[int, float]] = {}
        estimate = 0.0
        for column in _COLUMN_ROLES:
            (a, _, _), (b, _, _), (c, _, _) = column
            sa, sb, sc = status[a], status[b], status[c]
            if sa == GONE and sb == GONE and sc == GONE:
                continue
            # a cleared column, or one broken by a cleared row, can no longer clear
            clear_here = clear and sa != GONE and sb != GONE and sc != GONE
            pot = share * _pair3(sa, cards[a], sb, cards[b], sc, cards[c]) if clear_here else 0.0
            before = -pot
            for p, st in ((a, sa), (b, sb), (c, sc)):
                if st == UP:
                    before += cards[p]
                elif st == DOWN:
                    before += mean
            estimate += before
            for p, j, k in column:
                st = status[p]
                if st == GONE:
                    continue
                base = (cards[p] if st == UP else mean + tempo) - pot
                up_j, up_k = status[j] == UP, status[k] == UP
                vj, vk = cards[j], cards[k]
                paired = up_j and up_k and vj == vk
                generic[p] = base + share * vj if paired and vj > 0 else base
                if not clear_here or not (up_j or up_k):
                    special[p] = _NONE
                elif paired:
                    special[p] = {vj: before + (0.0 if st == UP else tempo)}  # the column clears
                else:
                    gains = special[p] = {}
                    if up_j:
                        gains[vj] = base - vj + share * max(vj, 0)
                    if up_k:
                        gains[vk] = base - vk + share * max(vk, 0)
        self.estimate = estimate
        self.generic, self.special = generic, special
        self.order = sorted((p for p in generic if p != self.last_hidden), key=generic.__getitem__)
        self.order.reverse()
        self.best_special: dict[int, tuple[float, int]] = {}
        for p in self.order:
            for y, gain in special[p].items():
                if gain > self.best_special.get(y, (-math.inf, NO_SEAT))[0]:
                    self.best_special[y] = (gain, p)
        self._reveals: dict[int, float] | None = None
        self._rivals: list[tuple[float, float]] | None = None

    def _unseen(self, state: SkyjoState, seat: int) -> None:
        """The distribution of a card this seat cannot see: the deck less what it sees."""
        counts = list(DECK_COUNTS)
        for cards, status in zip(state.cards, state.status, strict=True):
            for card, st in zip(cards, status, strict=True):
                if st == UP:
                    counts[card + 2] -= 1
        if state.discard:
            counts[state.discard[-1] + 2] -= 1
        if state.holding is not None and (state.phase == PLACE_TAKEN or state.current == seat):
            counts[state.holding + 2] -= 1
        total = sum(counts)
        if total <= 0:
            counts, total = list(DECK_COUNTS), len(DECK)
        self.prob = [c / total for c in counts]
        self.mean = sum(map(operator.mul, self.prob, VALUES))
        self.var = sum(map(operator.mul, self.prob, SQUARES)) - self.mean**2

    def best_place(self, value: int) -> tuple[float, int]:
        """The best gain from placing ``value``, and where."""
        best, where = self.best_special.get(value, (-math.inf, NO_SEAT))
        for p in self.order:
            if value not in self.special[p]:
                if self.generic[p] - value > best:
                    best, where = self.generic[p] - value, p
                break
        if self.last_hidden != NO_SEAT:
            gain = self.finish_value(self.last_hidden, value)
            if gain > best:
                best, where = gain, self.last_hidden
        return best, where

    def place_value(self, value: int, pos: int) -> float:
        """The gain from placing ``value`` at ``pos``."""
        if pos == self.last_hidden:
            return self.finish_value(pos, value)
        return self.special[pos].get(value, self.generic[pos] - value)

    @property
    def reveal_values(self) -> dict[int, float]:
        """The expected gain of turning each hidden card."""
        if self._reveals is not None:
            return self._reveals
        out: dict[int, float] = {}
        for p, generic in self.generic.items():
            if self.status[p] != DOWN:
                continue
            if p == self.last_hidden:
                out[p] = sum(
                    prob * self.finish_value(p, v)
                    for prob, v in zip(self.prob, VALUES, strict=True)
                    if prob
                )
                continue
            gain = generic - self.mean
            for y, special in self.special[p].items():
                gain += self.prob[y + 2] * (special - generic + y)
            out[p] = gain
        self._reveals = out
        return out

    def discard_value(self) -> float:
        return max(self.reveal_values.values(), default=-math.inf)

    def draw_value(self) -> float:
        """The expected gain of drawing: the best use of each possible card, averaged."""
        keep_none = self.discard_value() if self.down else -math.inf
        return sum(
            prob * max(self.best_place(v)[0], keep_none)
            for prob, v in zip(self.prob, VALUES, strict=True)
            if prob
        )

    # ------------------------------------------------------------ ending the round
    @property
    def rivals(self) -> list[tuple[float, float]]:
        """Each opponent's final score if the round ended now: its mean and spread."""
        if self._rivals is not None:
            return self._rivals
        out = []
        state = self.state
        for other in range(state.num_players):
            if other == self.seat:
                continue
            hidden = state.down[other]
            shown = sum(
                c for c, st in zip(state.cards[other], state.status[other], strict=True) if st == UP
            )
            mean = shown + hidden * self.mean - LAST_TURN_GAIN
            out.append((mean, math.sqrt(hidden * self.var + LAST_TURN_GAIN**2)))
        self._rivals = out
        return out

    def finish_value(self, pos: int, value: int) -> float:
        """The gain of putting ``value`` on the last hidden card, which ends the round.

        The expected final score includes the finisher penalty, weighted by the chance
        that an opponent ends at or below this seat's sum; the chance of being lowest
        adds a bonus, since ending the round then denies the others time to catch up.
        """
        cards = self.cards.copy()
        cards[pos] = value
        column = COLUMNS[pos % 4]
        cleared = (
            self.state.options.clear_columns
            and len({cards[p] for p in column}) == 1
            and all(self.status[p] != GONE for p in column)
        )
        final = sum(
            c
            for p, (c, st) in enumerate(zip(cards, self.status, strict=True))
            if st != GONE and not (cleared and p in column)
        )
        alone = 1.0
        for mean, spread in self.rivals:
            alone *= 1.0 - _normal_cdf((final + 0.5 - mean) / spread)
        state = self.state
        multiplier = state.options.finisher_multiplier
        expected = final * (1.0 + (multiplier - 1) * (1.0 - alone)) if final > 0 else final
        return self.estimate - expected + RACE * (alone - 1.0 / state.num_players)


def finishing_total(state: SkyjoState, seat: int, action: Action) -> int | None:
    """The points ``seat`` shows once ``action`` has made it the round's finisher (a
    card placed on its last hidden one, or a drawn card discarded, which obliges it to
    turn that card blind); None when the action does not end the round."""
    if state.finisher != NO_SEAT or state.down[seat] != 1:
        return None
    if state.phase not in (PLACE_DRAWN, PLACE_TAKEN):
        return None
    after = state
    if action != DISCARD:
        if action != REPLACE[state.status[seat].index(DOWN)]:
            return None
        after = state.clone()
        after.apply_legal(seat, action)  # the placed card may clear its column
    return sum(c for c, st in zip(after.cards[seat], after.status[seat], strict=True) if st == UP)


def round_turns(state: SkyjoState, seat: int) -> int:
    """The turns ``seat`` has begun in this round: its draws and takes in the match's
    log back to the round's setup (the last reveal that follows no discard)."""
    if state.phase == SETUP:
        return 0
    log = state.log
    turns = 0
    for i in range(len(log) - 1, -1, -1):
        who, action = log[i]
        if isinstance(action, Reveal) and (i == 0 or log[i - 1] != (who, DISCARD)):
            break
        turns += who == seat and action in (DRAW, TAKE_DISCARD)
    return turns


def finish_allowed(state: State, seat: int, action: Action) -> bool:
    """The bound on a lower level: it does not end the round showing more than
    ``CARELESS_FINISH_MAX`` points before its ``CARELESS_FINISH_ANY_FROM``th turn."""
    if not isinstance(state, SkyjoState):
        raise CardtableError(f"the Skyjo slip bound cannot judge {state.game}")
    total = finishing_total(state, seat, action)
    if total is None or total <= CARELESS_FINISH_MAX:
        return True
    return round_turns(state, seat) >= CARELESS_FINISH_ANY_FROM


def play_on(state: State, seat: int) -> Action | None:
    """The move in place of a finish the bound rules out: the card in hand where it
    costs least among the face-up cards (None if there are none)."""
    assert isinstance(state, SkyjoState) and state.holding is not None
    card = state.holding
    plan = _Plan(state, seat)
    if not plan.order:
        return None
    return REPLACE[max(plan.order, key=lambda p: plan.place_value(card, p))]


def _pair3(sa: int, ca: int, sb: int, cb: int, sc: int, cc: int) -> int:
    """The highest positive value face up at least twice in a column (0 if none)."""
    best = 0
    if sa == UP and sb == UP and ca == cb:
        best = max(best, ca)
    if sa == UP and sc == UP and ca == cc:
        best = max(best, ca)
    if sb == UP and sc == UP and cb == cc:
        best = max(best, cb)
    return best


def _normal_cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


register_bot("heuristic", SkyjoHeuristic, game="skyjo")
register_slip_bound("skyjo", SlipBound(finish_allowed, play_on))

"""Cactus's heuristic bot: plays from its own memory, never from hidden cards.

It reads only what its seat may know: the engine's knowledge record for its seat
(``CactusState.known_cards``), the card in its own hand, and public facts (the discard
pile, layout sizes, the caller). A card it does not know is a draw from the cards it
has not seen, so every layout has a distribution of totals, and the chance that its
own total is the lowest can be worked out exactly under that model.

Every choice of a turn (call, draw or take, keep or discard, which slot, which effect
target) is scored by that win chance: on the last turn after a call, the chance if
the round ended now; before a call, the chance after one more turn, assuming the
round could end then. That look-ahead is what values a 7 or 8's peek: knowing a card
lets the next draw replace the right one.

A swap (jack, queen, black king) is scored on both sides: the card given away raises
the opponent's total as the card taken changes the own, so a known high card given
for an average one counts twice. The jack or queen's target and the black king's look
are the opponent cards whose swap scores best (a known card at its value, an unknown
one over the unseen cards); among cards it cannot tell apart it goes for one its owner
has looked at and kept, since a player keeps the low cards it knows. In a
quick-discard window it throws the most valuable card it knows to match; it never
guesses, since a wrong throw costs a penalty card (two with ``wrong_throw_penalty``).
With ``snap_opponent`` it may throw another player's card it knows to match instead,
when the card it would then give (its highest, an unknown one at the mean) is worth
more than its own match; it gives that card. In 100 three-player rounds among
heuristics it snapped 71 times, never wrongly, beside 216 right throws of its own.
"""

from __future__ import annotations

from copy import copy
from itertools import accumulate
from math import prod
from operator import mul

from cardtable.bots.base import Bot, register_bot
from cardtable.bots.slip import SlipBound, register_slip_bound
from cardtable.engine.actions import Action
from cardtable.engine.errors import CardtableError
from cardtable.engine.state import State

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
    THROW_OPPONENT,
)
from .cards import (
    DECK,
    EIGHT,
    EMPTY,
    JACK,
    NINE,
    QUEEN,
    RANK,
    SEVEN,
    TEN,
    VALUES,
    is_black_king,
)
from .state import (
    CHOOSE_PHASE,
    DRAWN,
    GIVE_PHASE,
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

#: The first of its own turns of a round on which a lower level (``slip``,
#: ``cardtable.bots.slip``) may call Cactus. A person calls once the first draws have
#: brought the layout down; a call on the first or second turn, on the two cards
#: looked at and little else, ends the round before it has begun. Unbounded, ``easy``
#: and ``normal`` called that early in about half and a third of their calls at 4
#: players (docs/bots.md, "How long the rounds last").
CARELESS_CALL_FROM = 3
#: The highest total a lower level may call on, as its seat estimates its layout (the
#: cards it knows at their values, the others at the mean of the cards it has not
#: seen). A person calls believing the layout low, and may be wrong about the others;
#: nobody calls on a layout they know to be high. The heuristic's own calls at 4
#: players come at estimates of 0 to 10 (5 in the median); unbounded, ``easy``'s
#: careless calls came at up to 55 (27 in the median).
CARELESS_CALL_MAX = 12.0
#: The own turn from which any call is allowed again: the heuristic's default
#: ``patience``, after which it calls too whatever its estimate. Every round ends,
#: even for a player that slips at every move.
CARELESS_CALL_ANY_FROM = 8

#: A summary of an own layout for scoring: the total of the known cards, how many
#: cards are unknown, and the highest known value (-1 with none known).
Hand = tuple[int, int, int]
#: The opponents' layouts for scoring, in seat order: (total of known cards, unknown cards).
Others = tuple[tuple[int, int], ...]
#: What discarding a drawn card does: look at an own card, look at an opponent's card,
#: swap blindly (jack, queen), look and swap (black king), or nothing.
PEEK, SPY, BLIND, KING, NOTHING = range(5)


def _hand(values: list[int | None]) -> Hand:
    """The summary of a layout given per card as a known value or None (unknown)."""
    known = [v for v in values if v is not None]
    return sum(known), len(values) - len(known), max(known, default=-1)


def effect_of(card: int) -> int:
    """The effect a drawn ``card`` has when discarded (web/rules/cactus.md, rule 3)."""
    rank = RANK[card]
    if rank in (SEVEN, EIGHT):
        return PEEK
    if rank in (NINE, TEN):
        return SPY
    if rank in (JACK, QUEEN):
        return BLIND
    return KING if is_black_king(card) else NOTHING


class Estimate:
    """One seat's picture of the table, and the win chances it implies.

    ``opponent_gain`` lowers every opponent's total by that many points: what they are
    expected to gain in the turn they still have after a call.
    """

    def __init__(self, state: CactusState, seat: int, opponent_gain: float = 0.0) -> None:
        self.state = state
        self.seat = seat
        self.opponent_gain = opponent_gain
        self.known = state.known_cards(seat)
        self.hand = state.holding if state.current == seat else EMPTY
        visible = set(self.known.values()) | set(state.discard)
        if self.hand != EMPTY:
            visible.add(self.hand)
        self.unseen = [c for c in DECK if c not in visible]
        values = [VALUES[c] for c in self.unseen] or [0]
        self.mean = sum(values) / len(values)
        #: The value of a card not yet seen: (points, chance) for each possible value.
        self.card_values = [(v, values.count(v) / len(values)) for v in sorted(set(values))]
        #: After a call this is the seat's last turn: no later draw to prepare for.
        self.last_turn = state.caller != NO_SEAT
        self.rivals = [p for p in range(state.num_players) if p != seat]
        #: The opponents' layouts as they stand.
        self.others: Others = tuple(
            (self._known_total(p), len(self.unknown(p))) for p in self.rivals
        )
        self._dists: dict[tuple[int, int], list[float]] = {}
        self._chances: dict[tuple[int, int, Others], float] = {}
        self._beats: dict[Others, list[float]] = {}
        self._outlooks: dict[tuple[Hand, Others], float] = {}

    def with_opponent_gain(self, gain: float) -> Estimate:
        """The same picture with the opponents expected to gain ``gain`` points. It
        shares the layouts and the distributions of totals, which the gain leaves alone;
        only the chances are worked out again."""
        other = copy(self)
        other.opponent_gain = gain
        other._chances, other._beats, other._outlooks = {}, {}, {}
        return other

    # ------------------------------------------------------------ the layouts
    def value(self, owner: int, slot: int) -> float:
        c = self.known.get((owner, slot))
        return self.mean if c is None else VALUES[c]

    def known_value(self, owner: int, slot: int) -> int | None:
        c = self.known.get((owner, slot))
        return None if c is None else VALUES[c]

    def slots(self, owner: int) -> list[int]:
        return [i for i, c in enumerate(self.state.cards[owner]) if c != EMPTY]

    def unknown(self, owner: int) -> list[int]:
        return [i for i in self.slots(owner) if (owner, i) not in self.known]

    def _known_total(self, owner: int) -> int:
        return sum(VALUES[c] for (p, _), c in self.known.items() if p == owner)

    def own_values(self) -> dict[int, int | None]:
        """Each own slot's known value, or None where the card is unknown."""
        return {i: self.known_value(self.seat, i) for i in self.slots(self.seat)}

    def own_hand(self, slot: int | None = None, value: int | None = None) -> Hand:
        """The own layout, with ``slot`` (if given) holding ``value`` (None: unknown)."""
        values = self.own_values()
        if slot is not None:
            values[slot] = value
        return _hand(list(values.values()))

    def exchanged(
        self, slot: int, owner: int, target: int, taken: int | None
    ) -> tuple[Hand, Others]:
        """The layouts after swapping the own ``slot`` with ``owner``'s ``target`` card,
        whose value is ``taken`` (None: unknown).

        Both sides count: the card given raises the opponent's total by as much as it
        lowers the own, so giving a known 10 for an average card is worth twice what
        the own layout alone shows.
        """
        given = self.known_value(self.seat, slot)
        before = self.known_value(owner, target)
        total, unknown = self.others[self.rivals.index(owner)]
        total += (given or 0) - (before or 0)
        unknown += (given is None) - (before is None)
        others = tuple(
            (total, unknown) if p == owner else o
            for p, o in zip(self.rivals, self.others, strict=True)
        )
        return self.own_hand(slot, taken), others

    def opponents(self, unlocked: bool) -> list[int]:
        locked = self.state.locked
        return [p for p in self.rivals if not (unlocked and locked(p)) and self.slots(p)]

    def targets(self) -> list[tuple[int, int]]:
        """The opponent cards a swap may take."""
        return [(p, i) for p in self.opponents(unlocked=True) for i in self.slots(p)]

    def kept_by_owner(self, owner: int, slot: int) -> bool:
        """Whether ``owner`` has seen its own card at ``slot`` (public: looks are
        announced). A card its owner knows and still keeps is more likely low."""
        return self.state.knows(owner, owner, slot)

    # ------------------------------------------------------------ the chances
    def _distribution(self, known_total: int, unknown: int) -> list[float]:
        """Chances of each layout total (index = points, at least 0).

        Each unknown card is an independent draw from the unseen cards: close enough
        to drawing without replacement for the few cards of a layout.
        """
        key = (known_total, unknown)
        if key in self._dists:
            return self._dists[key]
        dist = [0.0] * max(0, known_total) + [1.0]
        for _ in range(unknown):
            out = [0.0] * (len(dist) + self.card_values[-1][0])
            for t, p in enumerate(dist):
                if p:
                    for v, q in self.card_values:
                        out[t + v] += p * q
            dist = out
        self._dists[key] = dist
        return dist

    def win_chance(self, known_total: int, unknown: int, others: Others | None = None) -> float:
        """Chance that an own layout of ``known_total`` plus ``unknown`` unseen cards is
        strictly lowest if the round ended now (a tie with an opponent counts half)."""
        others = self.others if others is None else others
        key = (known_total, unknown, others)
        if key not in self._chances:
            mine = self._distribution(known_total, unknown)
            self._chances[key] = sum(map(mul, mine, self._beaten(others)))
        return self._chances[key]

    def _beaten(self, others: Others) -> list[float]:
        """For each own total (the index), the chance it is lower than every opponent's.

        The opponents' totals are independent given the own total, so the chances
        multiply per total; past the end of any opponent's distribution it is 0.
        """
        if others not in self._beats:
            lower = [self._lower_than(total, hidden) for total, hidden in others]
            self._beats[others] = [prod(chances) for chances in zip(*lower, strict=False)]
        return self._beats[others]

    def _lower_than(self, total: int, hidden: int) -> list[float]:
        """For each own total, the chance it is lower than an opponent's layout of
        ``total`` known points and ``hidden`` unknown cards (a tie counts half)."""
        theirs = self._lowered(self._distribution(total, hidden))
        below = accumulate(theirs, initial=0.0)
        return [1.0 - b - q / 2 for b, q in zip(below, theirs, strict=False)]

    def _lowered(self, dist: list[float]) -> list[float]:
        """An opponent's distribution of totals lowered by ``opponent_gain`` points,
        totals that would fall below 0 counted at 0.

        The gain is taken off the whole total, not off the known cards alone: most of
        what a player gains in a turn is an unknown card replaced, and early in a
        round the seat knows none of an opponent's cards.
        """
        shift = round(self.opponent_gain)
        if shift <= 0:
            return dist
        return [sum(dist[: shift + 1]), *dist[shift + 1 :]]

    def outlook(self, hand: Hand, others: Others | None = None) -> float:
        """The win chance of an own layout: now on the last turn, else after one more
        draw kept where it helps most (the round might end right after it)."""
        total, unknown, top = hand
        others = self.others if others is None else others
        if self.last_turn:
            return self.win_chance(total, unknown, others)
        key = (hand, others)
        if key not in self._outlooks:
            chance = 0.0
            for v, q in self.card_values:
                best = self.win_chance(total, unknown, others)
                if top >= 0:
                    best = max(best, self.win_chance(total - top + v, unknown, others))
                if unknown:
                    best = max(best, self.win_chance(total + v, unknown - 1, others))
                chance += q * best
            self._outlooks[key] = chance
        return self._outlooks[key]

    def revealed(self, hand: Hand) -> float:
        """The outlook of ``hand`` once one of its unknown cards has been looked at."""
        total, unknown, top = hand
        if not unknown:
            return self.outlook(hand)
        return sum(
            q * self.outlook((total + v, unknown - 1, max(top, v))) for v, q in self.card_values
        )


class CactusHeuristic(Bot):
    """Win-chance play; ``last_turn_gain`` is what an opponent is expected to gain in
    the turn they still have after a call (it makes calling more cautious), and
    ``play_on_gain`` what they are expected to gain besides while the bot plays on
    instead of calling (it makes calling sooner).

    It calls Cactus when calling is worth at least as much as playing on. Calling
    leaves the other players one turn; playing on leaves them that turn and at least
    one more before the bot can call, in which they lower their layouts too. The
    one-draw look-ahead of the playing-on choices leaves that out, so they are
    weighed with the opponents' totals lowered by ``play_on_gain``; with the default
    of 2 points the bot wins 53.9% of 6000 games against itself without it. After
    ``patience`` turns in a round without calling, calling gains ``1 / patience`` of
    chance per turn, so a round among bots always ends (even when every layout has
    been thrown away and all estimates are equal). The turns are counted from the
    state, not by the bot, so that a search's playouts of one position all play the
    same way.
    """

    def __init__(
        self,
        seed: int | None = None,
        last_turn_gain: float = 0.0,
        play_on_gain: float = 2.0,
        patience: int = 8,
    ) -> None:
        super().__init__(seed)
        self.last_turn_gain = float(last_turn_gain)
        self.play_on_gain = float(play_on_gain)
        self.patience = int(patience)

    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, CactusState):
            raise TypeError("the Cactus heuristic plays Cactus only")
        phase = state.phase
        if phase == LOOK_PHASE:
            return LOOK
        est = Estimate(state, seat, self.last_turn_gain)
        if phase == WINDOW:
            return self._quick_discard(est)
        if phase == GIVE_PHASE:
            return GIVE[max(est.slots(seat), key=lambda i: est.value(seat, i))]
        if phase == TURN:
            return self._turn(est)
        if phase in (DRAWN, TAKEN):
            return self._keep(est, est.hand, drawn=phase == DRAWN)[1]
        if phase == PEEK_OWN_PHASE:
            unknown = est.unknown(seat)
            return PEEK_OWN[unknown[0] if unknown else est.slots(seat)[0]]
        if phase == PEEK_OPPONENT_PHASE:
            p, i = self._card_to_learn(est)
            return PEEK_OPPONENT[p][i]
        if phase == CHOOSE_PHASE:
            p, i = self._blind_target(est)[1]
            return CHOOSE_OPPONENT[p][i]
        if phase == KING_PEEK:
            p, i = self._king_look(est)[1]
            return PEEK_OPPONENT[p][i]
        target = state.target_seat, state.target_slot
        if phase == SWAP_PHASE:
            return SWAP[self._swap(est, target, est.known_value(*target))[1]]
        if phase == KING_SWAP:
            return self._king_swap(est, target, VALUES[est.known[target]])[1]
        raise ValueError(f"seat {seat} has nothing to do in phase {state.phase}")

    # ------------------------------------------------------------ decisions
    def _turn(self, est: Estimate) -> Action:
        state, seat = est.state, est.seat
        legal = state.legal_actions(seat)
        can_call = CALL_CACTUS in legal
        # Playing on is judged with the opponents gaining in the turns it leaves them.
        play_on = est.with_opponent_gain(est.opponent_gain + self.play_on_gain) if can_call else est
        options: list[tuple[float, Action]] = []
        if DRAW in legal:
            kinds: dict[tuple[int, int], int] = {}
            for c in est.unseen:
                kind = (VALUES[c], effect_of(c))
                kinds[kind] = kinds.get(kind, 0) + 1
            draw = sum(n * self._use(play_on, *kind, drawn=True)[0] for kind, n in kinds.items())
            options.append((draw / max(1, len(est.unseen)), DRAW))
        if TAKE_DISCARD in legal:
            taken = self._keep(play_on, state.discard[-1], drawn=False)[0]
            options.append((taken, TAKE_DISCARD))
        if can_call:
            overdue = max(0, own_turn(state) - self.patience) / self.patience
            call = est.win_chance(*est.own_hand()[:2]) + overdue
            if not options or call >= max(v for v, _ in options):
                return CALL_CACTUS
        return max(options, key=lambda va: va[0])[1] if options else legal[0]

    def _keep(self, est: Estimate, card: int, drawn: bool) -> tuple[float, Action]:
        """The best use of ``card`` in hand, with the win chance it leads to."""
        return self._use(est, VALUES[card], effect_of(card), drawn)

    def _use(self, est: Estimate, value: int, effect: int, drawn: bool) -> tuple[float, Action]:
        """The best use of a card in hand worth ``value``: the slot to put it in, or (if
        drawn) discarding it for its ``effect``; with the win chance that choice leads to."""
        best: tuple[float, Action] = (-1.0, DISCARD)
        for slot in est.slots(est.seat):
            chance = est.outlook(est.own_hand(slot, value))
            if chance > best[0]:
                best = (chance, REPLACE[slot])
        if drawn:
            chance = self._effect(est, effect)
            if chance >= best[0]:
                best = (chance, DISCARD)
        return best

    def _effect(self, est: Estimate, effect: int) -> float:
        """The win chance after discarding a card with ``effect`` and using it well."""
        hand = est.own_hand()
        if effect == PEEK and est.slots(est.seat):
            return est.revealed(hand)
        swappable = bool(est.slots(est.seat)) and bool(est.targets())
        if effect == BLIND and swappable:
            return self._blind_target(est)[0]
        if effect == KING and swappable:
            return self._king_look(est)[0]
        return est.outlook(hand)

    def _swap(self, est: Estimate, target: tuple[int, int], taken: int | None) -> tuple[float, int]:
        """The own card to give for ``target`` (worth ``taken``, None: unknown)."""
        return max(
            (est.outlook(*est.exchanged(slot, *target, taken)), slot)
            for slot in est.slots(est.seat)
        )

    def _blind_target(self, est: Estimate) -> tuple[float, tuple[int, int]]:
        """The opponent card to take in a jack or queen swap, and the chance it gives."""
        score, _, target = max(
            (self._swap(est, t, est.known_value(*t))[0], est.kept_by_owner(*t), t)
            for t in est.targets()
        )
        return score, target

    def _king_swap(
        self, est: Estimate, target: tuple[int, int], taken: int
    ) -> tuple[float, Action]:
        """What to do with a black king's looked-at ``target`` worth ``taken``: the own
        card to give, or keeping the own cards where the rules allow it."""
        chance, slot = self._swap(est, target, taken)
        if est.state.options.black_king_swap_optional:
            keep = est.outlook(est.own_hand())
            if keep > chance:
                return keep, KEEP
        return chance, SWAP[slot]

    def _king_look(self, est: Estimate) -> tuple[float, tuple[int, int]]:
        """The opponent card a black king looks at, and the chance its swap gives: a
        known card counts at its value, an unknown one on average over the unseen cards."""
        if not est.targets() or not est.slots(est.seat):  # nothing to swap: just learn
            return est.outlook(est.own_hand()), self._card_to_learn(est)
        options = []
        for target in est.targets():
            v = est.known_value(*target)
            values = est.card_values if v is None else [(v, 1.0)]
            chance = sum(q * self._king_swap(est, target, w)[0] for w, q in values)
            options.append((chance, est.kept_by_owner(*target), target))
        chance, _, target = max(options)
        return chance, target

    def _card_to_learn(self, est: Estimate) -> tuple[int, int]:
        """An opponent card worth knowing: unknown, and swappable if possible."""
        for unlocked in (True, False):
            for p in est.opponents(unlocked):
                unknown = est.unknown(p)
                if unknown:
                    return p, unknown[0]
        p = est.opponents(unlocked=False)[0]
        return p, est.slots(p)[0]

    def _quick_discard(self, est: Estimate) -> Action:
        """Throw the most valuable card known to match the window's rank. With
        ``snap_opponent``, throwing another player's known match instead sheds the
        own card given in its place (the one worth most): whichever sheds more."""
        state, seat = est.state, est.seat
        rank = state.window_rank
        matches: list[tuple[float, Action]] = [
            (VALUES[c], THROW[slot])
            for (owner, slot), c in est.known.items()
            if owner == seat and RANK[c] == rank
        ]
        if state.options.snap_opponent:
            shed = max(est.value(seat, i) for i in est.slots(seat))
            matches += [
                (shed, THROW_OPPONENT[owner][slot])
                for (owner, slot), c in est.known.items()
                if owner != seat and RANK[c] == rank and not state.locked(owner)
            ]
        return max(matches, key=lambda m: m[0])[1] if matches else PASS


def own_turn(state: CactusState) -> int:
    """Which of its own turns of the round the player to move is on (1 for the first):
    every seat has one turn in each round of the table."""
    return (state.turn_number - 1) // state.num_players + 1


def call_allowed(state: State, seat: int, action: Action) -> bool:
    """The bound on a lower level: a Cactus call comes from the caller's
    ``CARELESS_CALL_FROM``th turn of the round on, on a layout it estimates at no more
    than ``CARELESS_CALL_MAX`` until its ``CARELESS_CALL_ANY_FROM``th turn."""
    if action != CALL_CACTUS:
        return True
    if not isinstance(state, CactusState):
        raise CardtableError(f"the Cactus slip bound cannot judge {state.game}")
    turn = own_turn(state)
    if turn < CARELESS_CALL_FROM:
        return False
    if turn >= CARELESS_CALL_ANY_FROM:
        return True
    est = Estimate(state, seat)
    known, unknown, _ = est.own_hand()
    return known + unknown * est.mean <= CARELESS_CALL_MAX


def play_on(state: State, seat: int) -> Action | None:
    """The move in place of a call the bound rules out: draw (or take the top discard
    when there is nothing to draw)."""
    others = [a for a in state.legal_actions(seat) if a != CALL_CACTUS]
    return others[0] if others else None


register_bot("heuristic", CactusHeuristic, game="cactus")
register_slip_bound("cactus", SlipBound(call_allowed, play_on))

__all__ = ["CactusHeuristic", "Estimate", "call_allowed", "own_turn"]

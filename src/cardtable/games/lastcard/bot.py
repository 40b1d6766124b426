"""Last Card's heuristic bot: plays like a careful human, from its own seat's knowledge.

It reads only its own hand and public facts (top card, colour, pending draw, direction,
hand sizes). Its rules of thumb:

- always call "Last Card";
- when a +2/+4 draw is pending, answer it if it can rather than draw;
- shed high-point cards early (action cards before low numbers), and stay in the
  colour it holds most of, so that it keeps having plays;
- keep Wild and +4 for when nothing else fits (they always fit), unless the next
  player is about to go out;
- when the next player holds two cards or fewer, attack: Skip, +2, +4 (and Reverse
  with two players) first;
- name the colour it holds most of (by count, then points) with a Wild or +4;
- play a card just drawn when it can; draw only when it must.

Under the house rules it also catches every missed call it may, jumps in whenever it
holds the identical card (shedding a card out of turn costs nothing), swaps hands after
a 7 with the player holding fewest cards (and plays a 7 first when that hand is at
least 2 cards shorter than its own), and challenges a +4 it cannot pass on when a
bluff is likely enough to be worth the risk (see ``_challenges``).

It chooses from the hand bitmasks (``_choice``), which searches need: they play
thousands of rounds with it per decision. Its ``playout`` makes those choices and
applies them with the state's rule steps, as the engine's random playout does: no
list of legal actions, no action objects, no second validation.
"""

from __future__ import annotations

import math
import random

from cardtable._core import native
from cardtable.bots.base import Bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .actions import CATCH, CHALLENGE, DRAW, KEEP, PASS, PLAYS, SWAP_WITH, Play
from .cards import (
    BIT,
    COLOR_OF,
    KIND,
    PLUS2,
    PLUS4CARD,
    POINTS,
    RANK_OF,
    REVERSE,
    SKIP,
    TYPES,
    WILD,
)
from .state import (
    DRAW_LOGGED,
    FIRST_WILD_BIT,
    KEEP_LOGGED,
    MOVES,
    NO_CARD,
    NO_SEAT,
    SWAP,
    TURN,
    LastCardState,
)

#: Weights of the play score: attack beats everything, a wild comes last.
_ATTACK = 200
_WILD_COST = 100
_COLOR_WEIGHT = 4
_ATTACK_WHEN_AT_MOST = 2


class LastCardHeuristicBot(Bot):
    def act(self, state: State, seat: int) -> Action:
        if not isinstance(state, LastCardState):
            raise TypeError(f"the Last Card heuristic cannot play {state.game}")
        legal = state.legal_actions(seat)
        if len(legal) < 2:  # a forced Draw or Keep (or nothing to do: IndexError, as ever)
            return legal[0]
        if state.rules.house:
            house = _house_choice(state, seat, legal)
            if house is not None:
                return house
        mine = state.playable_held if state.phase == TURN else BIT[state.drawn]
        t, call, i = _choice(state, seat, mine)
        return PLAYS[call][t][i]

    def playout(self, state: State, luck: int) -> None:
        """``act``'s choices in every seat to the end of the round, from the masks.

        The bot draws nothing at random, so ``luck`` is unused without the house rules:
        the state's own generator makes the draws. Under them, ``luck`` draws who acts
        first in a window, as ``Bot.playout`` does (``_house_playout``).
        """
        if not isinstance(state, LastCardState):
            raise TypeError(f"the Last Card heuristic cannot play {state.game}")
        if state.is_over:
            return
        if not state.rules.plain:
            self.rng.seed(luck)  # as ``Bot.playout`` does, though ``act`` draws nothing
            _house_playout(state, luck)
            return
        if (
            native is not None
            and type(state.rng) is random.Random
            and native.lastcard_heuristic_playout(state, state.rng) is not None
        ):
            return  # played in C; a state the core does not hold is played below
        sizes = state.sizes  # the round's list: only a new deal replaces it
        log = state.log
        while True:
            seat = state.current
            if state.phase == TURN:
                mine = state.playable_held
                if not mine:  # Draw is the only move
                    log.append(DRAW_LOGGED[seat])
                    state.draw_step(seat, None)
                    continue
            else:  # a card just drawn: the heuristic plays it when it can
                mine = BIT[state.drawn]
                if not state.playable & mine:  # Keep is the only move
                    log.append(KEEP_LOGGED[seat])
                    state.keep_step(seat, None)
                    continue
            t, call, i = _choice(state, seat, mine)
            color, called, logged = MOVES[call][t][i]
            log.append(logged[seat])
            state.play_step(seat, t, color, called, None)
            if not sizes[seat]:
                return  # only a play ends a round: the one that empties a hand


def _house_choice(state: LastCardState, seat: int, legal: list[Action]) -> Action | None:
    """The house rules' decisions, or None where the ordinary choice of a play decides."""
    if CATCH in legal:
        return CATCH
    if state.phase == SWAP:
        return _swap_target(state, seat)
    if seat != state.current:  # a window: jump in if it can, with the call when allowed
        jumps = [a for a in legal if isinstance(a, Play)]
        return jumps[-1] if jumps else PASS
    if CHALLENGE in legal and not any(isinstance(a, Play) for a in legal):
        return CHALLENGE if _challenges(state) else DRAW
    return None


def _swap_target(state: LastCardState, seat: int) -> Action:
    """After a 7: the player with fewest cards; on a tie the first in the direction of play."""
    sizes = state.sizes
    n = state.num_players
    target = min(
        (p for p in range(n) if p != seat),
        key=lambda p: (sizes[p], (p - seat) * state.direction % n),
    )
    return SWAP_WITH[target]


def _house_playout(state: LastCardState, luck: int) -> None:
    """``Bot.playout`` under the house rules, without listing legal actions: the same
    seat drawn among ``to_act`` from the same generator, the move ``act`` would make
    read from the masks (``_house_move``), applied and logged by ``apply_legal``."""
    chance = random.Random(luck)
    rounds = len(state.round_scores)
    while len(state.round_scores) == rounds:
        seats = state.to_act
        seat = seats[0] if len(seats) == 1 else seats[chance.randrange(len(seats))]
        state.apply_legal(seat, _house_move(state, seat))


def _house_move(state: LastCardState, seat: int) -> Action:
    """``act``'s move for ``seat``, in ``to_act``, from the masks (the playout's path)."""
    if seat != state.current:  # a window: catch, else jump in (calling if it may), else pass
        if state.offender != NO_SEAT:
            return CATCH
        jump = state.jump
        if jump != NO_CARD and state.masks[seat] & BIT[jump]:
            return PLAYS[1 if state.sizes[seat] == 2 else 0][jump][-1]
        return PASS
    if state.offender not in (NO_SEAT, seat):
        return CATCH
    if state.phase == SWAP:
        return _swap_target(state, seat)
    if state.phase == TURN:
        mine = state.playable_held
        if not mine:
            if state.challenged != NO_SEAT:
                return CHALLENGE if _challenges(state) else DRAW
            return DRAW
    else:
        if not state._drawn_fits():
            return KEEP
        mine = BIT[state.drawn]
    t, call, i = _choice(state, seat, mine)
    return PLAYS[call][t][i]


#: How likely a card in a hand is to be of one given colour: 25 of the 108 cards are.
_COLOR_SHARE = 25 / 108


def _challenges(state: LastCardState) -> bool:
    """Challenge when it costs fewer cards on average than drawing: a bluff is caught
    with the chance that the +4's player held the colour, which grows with their hand
    (each card of it being of that colour about once in four); a wrong challenge costs
    2 more cards than drawing."""
    if state.challenge_color == NO_SEAT:  # a strict +4: known not to be a bluff
        return False
    held = state.sizes[state.challenged]
    bluff = 1 - (1 - _COLOR_SHARE) ** held
    pending = state.pending
    return (1 - bluff) * (pending + 2) < pending


def _choice(state: LastCardState, seat: int, mine: int) -> tuple[int, int, int]:
    """The play among the playable types ``mine``: its type ``t``, whether the call is
    allowed, and its index in ``PLAYS[call][t]`` (the same in ``MOVES``).

    The best score wins, the lowest type on a tie; a wild names the favourite colour;
    the call is made whenever it may be.
    """
    sizes = state.sizes
    call = 1 if sizes[seat] == 2 else 0
    if state.rules.seven_zero and mine & _SEVENS and _swap_pays(sizes, seat):
        return (mine & _SEVENS).bit_length() - 1, call, call
    attack = sizes[state.after[seat]] <= _ATTACK_WHEN_AT_MOST
    hits = _HITS[state.num_players == 2]
    if mine < FIRST_WILD_BIT and not mine & ~_SAME_COLOR[mine.bit_length() - 1]:
        # Coloured plays of one colour: its count adds the same to every score, so
        # points and attack alone order them (the rest is the same sum in whole numbers).
        t = mine.bit_length() - 1
        if mine & (mine - 1):
            best = -1
            rest = mine
            while rest:
                low = rest & -rest
                u = low.bit_length() - 1
                rest ^= low
                points = POINTS[u] + _ATTACK if attack and hits[u] else POINTS[u]
                if points > best:
                    t, best = u, points
        return t, call, call
    held = _color_counts(state.counts[seat], state.masks[seat])
    favourite = held.index(max(held))
    t = -1
    most = -math.inf
    rest = mine
    while rest:  # lowest type first, so that the first of equal scores stays
        low = rest & -rest
        u = low.bit_length() - 1
        rest ^= low
        value = float(POINTS[u])
        if u >= WILD:
            value -= _WILD_COST  # naming the favourite colour; any other costs twice
        else:
            value += _COLOR_WEIGHT * (held[COLOR_OF[u]] - 1)
        if attack and hits[u]:
            value += _ATTACK
        if value > most:
            t, most = u, value
    # A wild's plays: each colour, without then with the call.
    return t, call, (4 * call + favourite if t >= WILD else call)


def _swap_pays(sizes: list[int], seat: int) -> bool:
    """With ``seven_zero``: another player holds at least 2 cards fewer, so a 7 (and the
    swap with the shortest hand that follows) sheds more than any other play."""
    return min(size for p, size in enumerate(sizes) if p != seat) + 2 <= sizes[seat]


def _hits(two_players: bool) -> tuple[bool, ...]:
    """Per type: does it stop or punish the next player? (A Reverse does with two.)"""
    attacks = (SKIP, PLUS2, PLUS4CARD, *((REVERSE,) if two_players else ()))
    return tuple(KIND[t] in attacks for t in range(TYPES))


#: The four 7s' types.
_SEVENS = sum(BIT[t] for t in range(WILD) if RANK_OF[t] == 7)
#: ``_HITS[two_players][t]``: whether playing type ``t`` attacks the next player.
_HITS = (_hits(False), _hits(True))
#: ``_SAME_COLOR[t]``: the coloured types of coloured type ``t``'s colour.
_SAME_COLOR = tuple(
    sum(BIT[u] for u in range(WILD) if COLOR_OF[u] == COLOR_OF[t]) for t in range(WILD)
)
#: ``_WEIGHT[t]``: what one card of coloured type ``t`` adds to its colour's count: one,
#: plus its points as a small tie-break.
_WEIGHT = tuple(1 + POINTS[t] / 1000 for t in range(WILD))


def _color_counts(counts: list[int], mask: int) -> list[float]:
    """Cards held per colour, points as a small tie-break; reads the hand's mask, so it
    visits the few types held rather than all of them (rollouts call it every turn)."""
    held = [0.0] * 4
    mask &= FIRST_WILD_BIT - 1
    while mask:  # lowest type first, the order the sums have always been made in
        low = mask & -mask
        t = low.bit_length() - 1
        held[COLOR_OF[t]] += counts[t] * _WEIGHT[t]
        mask ^= low
    return held

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

Searches play thousands of rounds with it per decision, so besides ``act`` it has a
``playout`` that makes the same choices straight from the hand bitmasks and applies
them with the state's rule steps, as the engine's random playout does: no list of
legal actions, no action objects, no second validation.
"""

from __future__ import annotations

import math

from cardtable.bots.base import Bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .actions import Play
from .cards import (
    BIT,
    CODE,
    COLOR_OF,
    COLORS,
    KIND,
    PLUS2,
    PLUS4CARD,
    POINTS,
    REVERSE,
    SKIP,
    TYPES,
    WILD,
)
from .state import DRAW_LOGGED, FIRST_WILD_BIT, MOVES, TURN, LastCardState

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
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) < 2:  # nothing to weigh: the one play, or Draw / Keep
            return plays[0] if plays else legal[0]
        if state.sizes[seat] == 2:  # every play may call "Last Card": always call
            plays = [a for a in plays if a.call]
        held = _colour_counts(state.counts[seat], state.masks[seat])
        favourite = COLORS[held.index(max(held))]
        attack = state.sizes[state.after[seat]] <= _ATTACK_WHEN_AT_MOST

        hits = _HITS[state.num_players == 2]

        def score(play: Play) -> float:
            t = CODE[play.card]
            value = float(POINTS[t])
            if t >= WILD:
                value -= _WILD_COST
                if play.color != favourite:
                    value -= _WILD_COST
            else:
                value += _COLOR_WEIGHT * (held[COLOR_OF[t]] - 1)
            if attack and hits[t]:
                value += _ATTACK
            return value

        return max(plays, key=score)

    def playout(self, state: State, luck: int) -> None:
        """``act``'s choices in every seat to the end of the round, from the masks.

        The bot draws nothing at random, so ``luck`` is unused: the state's own
        generator makes the draws. Its choice among the playable types is ``act``'s: the
        best score, the lowest type on a tie (``max`` keeps the first of the legal
        plays, which come type by type), a wild naming the favourite colour, a call
        whenever it may.
        """
        if not isinstance(state, LastCardState):
            raise TypeError(f"the Last Card heuristic cannot play {state.game}")
        if state.is_over:
            return
        sizes = state.sizes  # the round's list: only a new deal replaces it
        counts = state.counts
        masks = state.masks
        log = state.log
        hits = _HITS[state.num_players == 2]
        while True:
            seat = state.current
            call = 1 if sizes[seat] == 2 else 0
            if state.phase == TURN:
                mine = state.playable_held
                if not mine:  # Draw is the only move
                    log.append(DRAW_LOGGED[seat])
                    state.draw_step(seat, None)
                    continue
            else:  # a card just drawn and playable: the heuristic always plays it
                mine = BIT[state.drawn]
            attack = sizes[state.after[seat]] <= _ATTACK_WHEN_AT_MOST
            if mine < FIRST_WILD_BIT and not mine & ~_SAME_COLOUR[mine.bit_length() - 1]:
                # Coloured plays of one colour: its count adds the same to every score,
                # so points and attack alone order them, as they do in ``act``.
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
                color, called, logged = MOVES[call][t][call]
            else:
                held = _colour_counts(counts[seat], masks[seat])
                favourite = held.index(max(held))
                t = -1
                most = -math.inf
                rest = mine
                while rest:
                    low = rest & -rest
                    u = low.bit_length() - 1
                    rest ^= low
                    value = float(POINTS[u])
                    if u >= WILD:
                        value -= _WILD_COST
                    else:
                        value += _COLOR_WEIGHT * (held[COLOR_OF[u]] - 1)
                    if attack and hits[u]:
                        value += _ATTACK
                    if value > most:
                        t, most = u, value
                plays = MOVES[call][t]  # a wild's: each colour, without then with the call
                color, called, logged = plays[4 * call + favourite if t >= WILD else call]
            log.append(logged[seat])
            state.play_step(seat, t, color, called, None)
            if not sizes[seat]:
                return  # only a play ends a round: the one that empties a hand


def _hits(two_players: bool) -> tuple[bool, ...]:
    """Per type: does it stop or punish the next player? (A Reverse does with two.)"""
    attacks = (SKIP, PLUS2, PLUS4CARD, *((REVERSE,) if two_players else ()))
    return tuple(KIND[t] in attacks for t in range(TYPES))


#: ``_HITS[two_players][t]``: whether playing type ``t`` attacks the next player.
_HITS = (_hits(False), _hits(True))
#: ``_SAME_COLOUR[t]``: the coloured types of coloured type ``t``'s colour.
_SAME_COLOUR = tuple(
    sum(BIT[u] for u in range(WILD) if COLOR_OF[u] == COLOR_OF[t]) for t in range(WILD)
)
#: ``_WEIGHT[t]``: what one card of coloured type ``t`` adds to its colour's count: one,
#: plus its points as a small tie-break.
_WEIGHT = tuple(1 + POINTS[t] / 1000 for t in range(WILD))


def _colour_counts(counts: list[int], mask: int) -> list[float]:
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

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
"""

from __future__ import annotations

from cardtable.bots.base import Bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State

from .actions import Play
from .cards import CODE, COLOR_OF, COLORS, KIND, PLUS2, PLUS4CARD, POINTS, REVERSE, SKIP, WILD
from .state import FIRST_WILD_BIT, LastCardState

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
        nxt = (seat + state.direction) % state.num_players
        attack = state.sizes[nxt] <= _ATTACK_WHEN_AT_MOST
        two_players = state.num_players == 2

        def score(play: Play) -> float:
            t = CODE[play.card]
            effect = KIND[t]
            value = float(POINTS[t])
            if t >= WILD:
                value -= _WILD_COST
                if play.color != favourite:
                    value -= _WILD_COST
            else:
                value += _COLOR_WEIGHT * (held[COLOR_OF[t]] - 1)
            hits = effect in (SKIP, PLUS2, PLUS4CARD) or (effect == REVERSE and two_players)
            if attack and hits:
                value += _ATTACK
            return value

        return max(plays, key=score)


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

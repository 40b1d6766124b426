"""How well Cactus's informed re-deal prices the cards a player knows, layout by layout.

Run: ``.venv/bin/python research/cactus_redeal_fit.py [--games 1200] [--bots heuristic,heuristic]``.
It plays 2-player single rounds and, at the start of every turn before a call, looks
from the seat to act at the other player's layout: the cards there that their owner
knows and the seat does not. It adds up their real values and their values in one
informed re-deal from the seat (``determinize(seat, rng, informed=True)``), and prints
both totals' means and spreads for each stage of the round (``STAGE_STARTS``) and each
number of such cards. The re-deal draws every such card alone from its stage's
weights (``KEPT_RATIOS``), so its per-card figures are right on average
(``cactus_kept_cards.py``); this shows whether they are right for a layout of one,
two or three kept cards too, which is what a search's decision to call reads.
"""

from __future__ import annotations

import random
from collections import defaultdict
from statistics import mean, pstdev

from cactus_rounds import play_rounds, rounds_and_bots
from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.games.cactus.cards import VALUES
from cardtable.games.cactus.state import NO_SEAT, STAGE_STARTS, TURN, CactusState, round_stage

#: For each (stage, number of cards): the real totals and the re-dealt ones.
Totals = dict[tuple[int, int], tuple[list[int], list[int]]]


def owner_known_slots(state: CactusState, seat: int, owner: int) -> list[int]:
    """The slots of ``owner``'s layout whose card ``owner`` knows and ``seat`` does not."""
    return [
        i
        for i in range(len(state.cards[owner]))
        if state.knows(owner, owner, i) and not state.knows(seat, owner, i)
    ]


class Pricing(Bot):
    """Plays as ``inner`` does, noting at each turn before a call the real and the
    re-dealt total of the other player's cards that only their owner knows."""

    def __init__(self, inner: Bot, seed: int, totals: Totals) -> None:
        super().__init__()
        self.inner, self.totals = inner, totals
        self.rng = random.Random(seed)

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, CactusState)
        if state.phase == TURN and state.caller == NO_SEAT:
            other = 1 - seat
            slots = owner_known_slots(state, seat, other)
            if slots:
                world = state.determinize(seat, self.rng, informed=True)
                real, redealt = self.totals[round_stage(state), len(slots)]
                real.append(sum(VALUES[state.cards[other][i]] for i in slots))
                redealt.append(sum(VALUES[world.cards[other][i]] for i in slots))
        return self.inner.act(state, seat)


def measure(bots: list[str], games: int) -> Totals:
    """The real and re-dealt totals for each (stage, number of cards)."""
    totals: Totals = defaultdict(lambda: ([], []))
    play_rounds(
        games,
        lambda game: [
            Pricing(make_bot(spec, "cactus", game * 7 + i), game * 7 + i + 1, totals)
            for i, spec in enumerate(bots)
        ],
    )
    return totals


def main() -> None:
    games, bots = rounds_and_bots(__doc__.splitlines()[0], 1200)
    print("stage from  cards  looks  real mean (sd)  re-dealt mean (sd)  re-dealt - real")
    for (stage, count), (real, redealt) in sorted(measure(bots, games).items()):
        print(
            f"{STAGE_STARTS[stage]:10d} {count:6d} {len(real):6d}"
            f"  {mean(real):9.2f} ({pstdev(real):4.2f})"
            f"  {mean(redealt):12.2f} ({pstdev(redealt):4.2f})"
            f"  {mean(redealt) - mean(real):+15.2f}"
        )


if __name__ == "__main__":
    main()

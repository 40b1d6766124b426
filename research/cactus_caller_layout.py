"""How well Cactus's re-deals price a caller's layout at the other player's last turn.

Run: ``.venv/bin/python research/cactus_caller_layout.py [--games 300] [--deals 200]``.
It plays 2-player single rounds between two heuristics. At the last turn after a
call it re-deals the state ``--deals`` times from the seat to play, informed and
uniform, and prints the caller's real total beside the mean totals the re-deals
give it, overall and per stage of the round. That turn decides whether the other
player can still beat the caller, so a re-deal that prices the caller's cards too
high misjudges it (``docs/research/bot-strength.md``, the Cactus search:
``CALLER_RATIOS``).
It also counts how many of the caller's cards the caller did not know when calling.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from statistics import mean

from cactus_rounds import play_rounds
from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.games.cactus.actions import CALL_CACTUS
from cardtable.games.cactus.cards import EMPTY
from cardtable.games.cactus.state import NO_SEAT, STAGE_STARTS, TURN, CactusState, round_stage

#: Per last turn: the stage, the caller's real total, informed and uniform mean totals.
Sample = tuple[int, int, float, float]


class Pricing(Bot):
    """Plays as ``inner`` does; at a last turn after another seat's call, samples how
    the re-deals price the caller's layout, and at its own call notes how many of its
    cards it did not know."""

    def __init__(self, inner: Bot, deals: int, samples: list[Sample], unknown: Counter[int]):
        super().__init__()
        self.inner, self.deals, self.samples, self.unknown = inner, deals, samples, unknown

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, CactusState)
        action = self.inner.act(state, seat)
        if state.phase != TURN:
            return action
        caller = state.caller
        if caller not in (NO_SEAT, seat):
            rng = random.Random(1)
            priced = [
                mean(
                    state.determinize(seat, rng, informed).layout_score(caller)
                    for _ in range(self.deals)
                )
                for informed in (True, False)
            ]
            real = state.layout_score(caller)
            self.samples.append((round_stage(state), real, priced[0], priced[1]))
        elif action == CALL_CACTUS:
            slots = zip(state.cards[seat], state.seen[seat], strict=True)
            self.unknown[sum(card != EMPTY and not seen >> seat & 1 for card, seen in slots)] += 1
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    samples: list[Sample] = []
    unknown: Counter[int] = Counter()
    play_rounds(
        args.games,
        lambda game: [
            Pricing(make_bot("heuristic", "cactus", game * 7 + i), args.deals, samples, unknown)
            for i in range(2)
        ],
    )
    print(f"{args.games} rounds of heuristic vs heuristic, {len(samples)} last turns")
    print("stage          turns  caller holds  informed re-deal  uniform re-deal")
    for title, rows in [("all", samples)] + [
        (f"from {start} discards", [s for s in samples if s[0] == stage])
        for stage, start in enumerate(STAGE_STARTS)
    ]:
        if rows:
            real, informed, uniform = (mean(s[i] for s in rows) for i in (1, 2, 3))
            print(f"{title:14s} {len(rows):5d}  {real:12.2f}  {informed:16.2f}  {uniform:15.2f}")
    calls = sum(unknown.values())
    print(f"\n{calls} calls; cards the caller did not know when calling:")
    for count in sorted(unknown):
        print(f"  {count}: {unknown[count]} calls ({100 * unknown[count] / calls:.1f}%)")


if __name__ == "__main__":
    main()

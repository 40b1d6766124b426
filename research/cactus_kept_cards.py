"""How much lower the Cactus cards a player knows are than the cards nobody has seen.

Run: ``.venv/bin/python research/cactus_kept_cards.py [--games 400] [--bots heuristic,heuristic]``.
It plays 2-player single rounds and, at the start of every turn, looks from the seat
to act at each card it has not seen: a card its owner knows (and so has kept) counts
as *kept*, every other card it has not seen (the rest of the layouts and the draw
pile) as *unseen*. It prints, for each card value, its share among kept cards, its
share among unseen ones and their ratio: the weights of Cactus's informed re-deal
(``KEPT_RATIOS`` in ``cardtable.games.cactus.state``), one table for each stage of
the round (``STAGE_STARTS``: how many cards the discard pile holds), since the longer a
round runs the more high cards players have replaced. A last table counts, at the
other player's last turn after a call, the caller's kept cards against the unseen ones
(``CALLER_RATIOS``): a caller's known cards are lower still. Those turns count in their
stage's table too.
"""

from __future__ import annotations

from collections import Counter

from cactus_rounds import play_rounds, rounds_and_bots
from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.games.cactus.cards import EMPTY, VALUES
from cardtable.games.cactus.state import NO_SEAT, STAGE_STARTS, TURN, CactusState, round_stage


def count_cards(state: CactusState, seat: int, kept: Counter[int], unseen: Counter[int]) -> None:
    """Add the values of the cards ``seat`` has not seen to the two tallies."""
    bit = 1 << seat
    for owner, (row, seen) in enumerate(zip(state.cards, state.seen, strict=True)):
        for slot, card in enumerate(row):
            if card != EMPTY and not seen[slot] & bit:
                tally = kept if seen[slot] >> owner & 1 else unseen
                tally[VALUES[card]] += 1
    unseen.update(VALUES[card] for card in state.draw_pile)


Tallies = list[tuple[Counter[int], Counter[int]]]


class Counting(Bot):
    """Plays as ``inner`` does, tallying the cards unseen by the seat at each turn: in
    its stage's tallies, and after another player's call in the last ones too (between
    two players the kept cards are then the caller's)."""

    def __init__(self, inner: Bot, tallies: Tallies) -> None:
        super().__init__()
        self.inner = inner
        self.tallies = tallies

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, CactusState)
        if state.phase == TURN:
            count_cards(state, seat, *self.tallies[round_stage(state)])
            if state.caller not in (NO_SEAT, seat):
                count_cards(state, seat, *self.tallies[-1])
        return self.inner.act(state, seat)


def measure(bots: list[str], games: int) -> Tallies:
    """Kept and unseen tallies for each stage of the round, then after a call."""
    tallies: Tallies = [(Counter(), Counter()) for _ in range(len(STAGE_STARTS) + 1)]
    play_rounds(
        games,
        lambda game: [
            Counting(make_bot(spec, "cactus", game * 7 + i), tallies) for i, spec in enumerate(bots)
        ],
    )
    return tallies


def main() -> None:
    games, bots = rounds_and_bots(__doc__.splitlines()[0], 400)
    titles = [f"stage from {start} discards" for start in STAGE_STARTS] + ["after a call"]
    for title, (kept, unseen) in zip(titles, measure(bots, games), strict=True):
        total_kept, total_unseen = sum(kept.values()), sum(unseen.values())
        print(f"\n{title}: {total_kept} kept, {total_unseen} unseen")
        print("value  kept  unseen  ratio")
        for value in sorted(unseen):
            share_kept, share_unseen = kept[value] / total_kept, unseen[value] / total_unseen
            ratio = share_kept / share_unseen
            print(f"{value:5d} {share_kept:5.3f} {share_unseen:7.3f} {ratio:6.2f}")
        mean_kept = sum(v * n for v, n in kept.items()) / total_kept
        mean_unseen = sum(v * n for v, n in unseen.items()) / total_unseen
        print(f"mean   {mean_kept:5.2f} {mean_unseen:7.2f}")


if __name__ == "__main__":
    main()

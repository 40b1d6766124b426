"""CPU time of the ``neural`` bot's decisions, in the games that ship its weights.

Plays ``--matches`` single-round matches of the bot against the heuristic (2 players,
seed ``k`` for match ``k``) and times every decision of the bot's seat with the
process's CPU time (``time.process_time``), so that a busy machine distorts little.
The first decision of a process also loads the weights; it counts as the slowest.

    python research/neural_decision_time.py [--matches 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.neural import shipped_games

SINGLE_ROUND = {"lastcard": {"target_score": 1}, "skyjo": {"target_score": 1}}


def decision_times(game: str, matches: int) -> list[float]:
    """Milliseconds of CPU time of each of the neural seat's decisions."""
    times: list[float] = []
    for seed in range(matches):
        state = cardtable.make(game, 2, seed=seed, options=SINGLE_ROUND[game])
        bots = [make_bot("neural", game, seed), make_bot("hard", game, seed)]
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            start = time.process_time()
            action = bots[seat].act(state, seat)
            if seat == 0:
                times.append(1000 * (time.process_time() - start))
            state.apply(seat, action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    args = parser.parse_args()
    print(f"{'game':<10} {'decisions':>9} {'mean ms':>8} {'median':>8} {'p95':>8} {'max':>8}")
    for game in shipped_games():
        times = decision_times(game, args.matches)
        p95 = statistics.quantiles(times, n=20, method="inclusive")[-1]
        print(
            f"{game:<10} {len(times):>9} {statistics.fmean(times):>8.3f} "
            f"{statistics.median(times):>8.3f} {p95:>8.3f} {max(times):>8.3f}"
        )


if __name__ == "__main__":
    main()

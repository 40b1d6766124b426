"""CPU time a decision of each bot level takes, per game.

The expert level must keep a move under a second on one core. Wall-clock time on a
shared machine says little about that, so this measures the process's CPU time
(``time.process_time``) over decisions with a real choice (two or more legal
actions), at positions sampled from matches of heuristics, and prints the mean, the
95th percentile and the slowest decision per game and level.

    python bench/bot_levels.py [--positions 20] [--levels expert] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardtable
from cardtable.bots import LEVELS, make_bot
from cardtable.engine.state import State


def positions(game: str, count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` (state, seat) pairs where the seat has a choice, from heuristic play."""
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game, seed + seat) for seat in range(2)]
    found: list[tuple[State, int]] = []
    state = cardtable.make(game, 2, seed=seed)
    while len(found) < count:
        if state.is_over:
            state = cardtable.make(game, 2, seed=rng.getrandbits(32))
            continue
        seat = rng.choice(state.to_act)
        if len(state.legal_actions(seat)) > 1 and rng.random() < 0.2:
            found.append((state.clone(), seat))
        state.apply(seat, bots[seat].act(state, seat))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<10} {'level':<8} {'mean ms':>9} {'p95 ms':>9} {'max ms':>9}  (CPU time)")
    for game in (g.name for g in cardtable.games()):
        sample = positions(game, args.positions, args.seed)
        for level in args.levels.split(","):
            times = []
            for number, (state, seat) in enumerate(sample):
                bot = make_bot(level, game, args.seed + number)
                start = time.process_time()
                bot.act(state, seat)
                times.append(1000 * (time.process_time() - start))
            p95 = statistics.quantiles(times, n=20, method="inclusive")[-1]
            print(
                f"{game:<10} {level:<8} {statistics.fmean(times):>9.1f} {p95:>9.1f} "
                f"{max(times):>9.1f}"
            )


if __name__ == "__main__":
    main()

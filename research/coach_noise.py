"""How much the coach's verdict on one decision moves with the analysis seed.

For each game it plays short matches (the heuristic against random), takes decisions
of the random seat, analyses each with several seeds and prints: how often the seeds
agree on the suggested move and on the label, and the spread (standard deviation over
seeds) of the cost, next to its mean size. The coach's thresholds in
``cardtable.coach.PROFILES`` are set well above that spread.

Run: ``.venv/bin/python research/coach_noise.py [--decisions 20 --seeds 4]``.
"""

from __future__ import annotations

import argparse
import random
import statistics

from cardtable import coach
from cardtable.bots.base import make_bot
from cardtable.engine.registry import make
from cardtable.sim.runner import play_match

SHORT = {"skyjo": {"target_score": 1}, "cactus": {"rounds": 1}, "lastcard": {"target_score": 1}}


def decisions(game: str, wanted: int) -> list[tuple[int, object, object]]:
    found: list[tuple[int, object, object]] = []
    seed = 0
    while len(found) < wanted:
        seed += 1
        state = make(game, 2, seed=seed, options=SHORT[game])
        bots = [make_bot("heuristic", game, seed), make_bot("random", game, seed)]
        play_match(state, bots, random.Random(seed))
        found.extend(coach.decisions_of(state.record(), 1))
    return found[:wanted]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20, help="decisions per game")
    parser.add_argument("--seeds", type=int, default=4, help="analysis seeds per decision")
    parser.add_argument("--samples", type=int, help="re-deals (default: the game's own)")
    parser.add_argument("--games", default="skyjo,cactus,lastcard")
    args = parser.parse_args()
    print(f"{args.decisions} decisions a game, {args.seeds} seeds each")
    print(
        f"{'game':<9} {'re-deals':>8} {'same move':>9} {'same label':>10} {'cost sd':>8} "
        f"{'mean |cost|':>11}"
    )
    for game in args.games.split(","):
        samples = args.samples or coach.profile(game).samples
        same_move = same_label = 0
        spreads, sizes = [], []
        for index, state, played in decisions(game, args.decisions):
            runs = [
                coach.analyse_decision(state, 1, played, index, samples, seed)  # type: ignore[arg-type]
                for seed in range(1, args.seeds + 1)
            ]
            same_move += len({str(r.suggested) for r in runs}) == 1
            same_label += len({r.label for r in runs}) == 1
            costs = [r.cost for r in runs]
            spreads.append(statistics.pstdev(costs))
            sizes.append(statistics.fmean(abs(c) for c in costs))
        n = args.decisions
        print(
            f"{game:<9} {samples:>8} {same_move / n:>9.0%} {same_label / n:>10.0%} "
            f"{statistics.fmean(spreads):>8.2f} {statistics.fmean(sizes):>11.2f}"
        )


if __name__ == "__main__":
    main()

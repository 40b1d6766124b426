"""Random-playout throughput of the rules engine, for every registered game.

Run: ``make bench`` (or ``.venv/bin/python bench/engine.py [--games skyjo,...]``).
For each game and player count it plays whole matches with uniformly random legal
actions (bots and runner included, as a simulation runs them) and prints matches/s
and actions/s, the median of several runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardtable

PLAYER_COUNTS = {"skyjo": (2, 4), "lastcard": (2, 4), "cactus": (2, 4)}


def playout_rate(game: str, players: int, seconds: float, seed: int) -> tuple[float, float]:
    """Matches/s and actions/s of random playouts over about ``seconds``."""
    rng = random.Random(seed)
    matches = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardtable.make(game, players, seed=rng.getrandbits(63))
        while not state.is_over:
            seats = state.to_act
            seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return matches / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(g.name for g in cardtable.games()))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    args = parser.parse_args()
    print(
        f"{'game':<10} {'players':>7} {'matches/s':>12} {'actions/s':>12}  (median of "
        f"{args.runs} runs of {args.seconds:g} s)"
    )
    for game in args.games.split(","):
        for players in PLAYER_COUNTS.get(game, (2, 4)):
            runs = [playout_rate(game, players, args.seconds, seed) for seed in range(args.runs)]
            mps = statistics.median(r[0] for r in runs)
            aps = statistics.median(r[1] for r in runs)
            print(f"{game:<10} {players:>7} {mps:>12,.1f} {aps:>12,.0f}")


if __name__ == "__main__":
    main()

"""Random-playout throughput of the rules engine, for every registered game.

Run: ``make bench`` (or ``.venv/bin/python bench/engine.py [--games skyjo,...]``).
For each game and player count it plays whole matches with uniformly random legal
actions and prints matches/s and actions/s, the median of several runs, twice: through
the per-step API (``to_act``, ``legal_actions``, ``apply`` with validation and events,
as the match runner drives bots) and through ``State.random_playout`` (the call
simulations and search rollouts use; a game may give it a fast path without events).
Time is this process's CPU time, so that other load on the machine distorts little.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardtable
from cardtable.engine.state import State

PLAYER_COUNTS = {"skyjo": (2, 4), "lastcard": (2, 4), "cactus": (2, 4)}


def per_step(state: State, rng: random.Random) -> int:
    """Play the match out through the per-step API; the number of actions."""
    actions = 0
    while not state.is_over:
        seats = state.to_act
        seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        actions += 1
    return actions


def playout(state: State, rng: random.Random) -> int:
    return state.random_playout(rng)


def playout_rate(
    game: str, players: int, play: Callable[[State, random.Random], int], seconds: float, seed: int
) -> tuple[float, float]:
    """Matches/s and actions/s of random matches played by ``play`` over about ``seconds``."""
    rng = random.Random(seed)
    matches = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += play(cardtable.make(game, players, seed=rng.getrandbits(63)), rng)
        matches += 1
    elapsed = time.process_time() - start
    return matches / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(g.name for g in cardtable.games()))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    args = parser.parse_args()
    print(f"median of {args.runs} runs of {args.seconds:g} s")
    print(f"{'':<18} {'per-step API':^25}  {'random_playout':^25}")
    print(f"{'game':<10} {'players':>7}" + f" {'matches/s':>12} {'actions/s':>12}" * 2)
    for game in args.games.split(","):
        for players in PLAYER_COUNTS.get(game, (2, 4)):
            row = f"{game:<10} {players:>7}"
            for play in (per_step, playout):
                runs = [
                    playout_rate(game, players, play, args.seconds, seed)
                    for seed in range(args.runs)
                ]
                mps = statistics.median(r[0] for r in runs)
                aps = statistics.median(r[1] for r in runs)
                row += f" {mps:>12,.1f} {aps:>12,.0f}"
            print(row)


if __name__ == "__main__":
    main()

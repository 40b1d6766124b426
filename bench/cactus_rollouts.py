"""Cactus's greedy rollouts and the search that uses them, with and without the core.

Run: ``.venv/bin/python bench/cactus_rollouts.py [--runs 3 --seconds 1]``.
``bench/engine.py`` measures random playouts and the default search (random
rollouts); the Cactus bot levels search with the greedy bot's rollouts instead
(``ismcts:...,rollout=greedy,base=heuristic``). This prints, for 2 and 4 players:

- greedy rollouts per CPU second (one round from a fresh deal, ``CactusGreedy.playout``)
  on the pure-Python engine (a child process with ``CARDTABLE_PURE_PYTHON=1``) and
  as the package runs it, with the ratio;
- that search's iterations per CPU second over the random first-round decisions of
  ``bench/engine.py`` (2 to 4 players), both ways, with the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

import cardtable
from cardtable import _core
from cardtable.games.cactus.greedy import CactusGreedy
from engine import search_rate  # bench/engine.py, beside this script

PLAYERS = (2, 4)
#: The search of the Cactus bot levels, with a fixed number of iterations.
SEARCH = {"rollout": "greedy", "base": "heuristic"}


def rollout_rate(players: int, seconds: float, seed: int) -> float:
    """Greedy rounds per CPU second, each from a fresh deal."""
    rng = random.Random(seed)
    bot = CactusGreedy(seed=seed)
    rounds = 0
    spent = 0.0
    while spent < seconds:
        state = cardtable.make("cactus", players, seed=rng.getrandbits(63))
        start = time.process_time()
        bot.playout(state, rng.getrandbits(63))
        spent += time.process_time() - start
        rounds += 1
    return rounds / spent


def rates(args: argparse.Namespace) -> dict[str, float]:
    out = {}
    for players in PLAYERS:
        runs = [rollout_rate(players, args.seconds, seed) for seed in range(args.runs)]
        out[f"rollouts {players}"] = statistics.median(runs)
    out["search"] = search_rate("cactus", args.decisions, args.iterations, **SEARCH)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--decisions", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:  # the pure-Python child process
        print(json.dumps(rates(args)))
        return
    env = {**os.environ, _core.PURE_PYTHON: "1"}
    command = [sys.executable, __file__, "--json"]
    for name in ("runs", "seconds", "decisions", "iterations"):
        command += [f"--{name}", str(getattr(args, name))]
    python = json.loads(subprocess.run(command, env=env, capture_output=True, check=True).stdout)
    fast = rates(args)
    print(f"compiled core: {_core.status}")
    print(f"median of {args.runs} runs of {args.seconds:g} s (CPU time)")
    print(f"{'':<24} {'python':>10} {'core':>10} {'ratio':>6}")
    rows = [(f"greedy rounds/s, {players}p", f"rollouts {players}") for players in PLAYERS]
    rows.append(("search iterations/s", "search"))
    for label, key in rows:
        slow, quick = python[key], fast[key]
        print(f"{label:<24} {slow:>10,.0f} {quick:>10,.0f} {quick / slow:>5.1f}x")


if __name__ == "__main__":
    main()

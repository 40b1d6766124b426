"""Random-playout and search throughput of the rules engine, for every registered game.

Run: ``make bench`` (or ``.venv/bin/python bench/engine.py [--games skyjo,...]``).
For each game and player count it plays whole matches with uniformly random legal
actions and prints matches/s and actions/s, the median of several runs, three ways:

- per-step: the per-step API (``to_act``, ``legal_actions``, ``apply`` with validation
  and events), as the match runner drives bots;
- python: ``State.random_playout`` on the pure-Python engine (measured in a child
  process started with ``CARDTABLE_PURE_PYTHON=1``);
- playout: ``State.random_playout`` as the package runs it, on the compiled core
  where it is built and covers the game (the same as python otherwise),

then the ratio playout/python. For Skyjo it also builds the C reference
(``shared/limit/skyjo_random.c``, found above this checkout or given with
``--reference``) with ``gcc -O2`` where gcc exists, runs it for as long, and prints its
figures and its ratio to the playout. That program plays the default rules with its
own generator and one choice after a draw (its rounds are about 8% shorter), so
compare actions/s as well as matches/s. Last, the ISMCTS search's iterations per
second over decisions of random positions, with random rollouts, with the rollouts
of the expert levels (Cactus's and Skyjo's greedy, Last Card's heuristic), and with
the search's defaults (``rollout=auto``: those rollouts, with the heuristic's base
move in Cactus and Skyjo). Every row names its rollouts, so that an older checkout
whose defaults differed compares row by row (a setting it does not know is said so).
Time is CPU time (the reference's rates, which it reports over its wall clock, are
turned into rates over the CPU time it used), so that other load on the machine
distorts little.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardtable
from cardtable.bots.ismcts import IsmctsBot
from cardtable.engine.state import State, random_index

PLAYER_COUNTS = {"skyjo": (2, 4), "lastcard": (2, 4), "cactus": (2, 4)}
REFERENCE = Path("shared/limit/skyjo_random.c")


def per_step(state: State, rng: random.Random) -> int:
    """Play the match out through the per-step API; the number of actions."""
    actions = 0
    while not state.is_over:
        seats = state.to_act
        seat = seats[0] if len(seats) == 1 else seats[random_index(rng, len(seats))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[random_index(rng, len(legal))])
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


def median_rate(
    game: str, players: int, play: Callable[[State, random.Random], int], args: argparse.Namespace
) -> tuple[float, float]:
    runs = [playout_rate(game, players, play, args.seconds, seed) for seed in range(args.runs)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def python_rates(args: argparse.Namespace) -> dict[str, tuple[float, float]]:
    """The playout rates on the pure-Python engine, measured by a child process."""
    env = {**os.environ, "CARDTABLE_PURE_PYTHON": "1"}
    command = [sys.executable, __file__, "--python-rates", "--games", args.games]
    command += ["--runs", str(args.runs), "--seconds", str(args.seconds)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return {k: (v[0], v[1]) for k, v in json.loads(out.stdout).items()}


def find_reference(given: Path | None) -> Path | None:
    if given is not None:
        return given
    for parent in Path(__file__).resolve().parents:
        if (parent / REFERENCE).is_file():
            return parent / REFERENCE
    return None


def reference_rate(source: Path, players: int, seconds: float) -> tuple[float, float] | str:
    """The C reference's matches/s and actions/s, or why it could not run."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return "no gcc"
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "skyjo_random"
        subprocess.run([gcc, "-O2", "-o", str(binary), str(source)], check=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(
            [str(binary), str(players), str(seconds)], capture_output=True, text=True, check=True
        ).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    # "C skyjo 4p: 38093 matches/s, 8036096 actions/s" over ``seconds`` of wall clock:
    # the same work over the CPU time it took.
    words = out.replace(",", "").split()
    return float(words[3]) * seconds / cpu, float(words[5]) * seconds / cpu


#: Searches measured beside the default one: a game's rollout policy.
ROLLOUTS = {"cactus": ("greedy",), "lastcard": ("heuristic",), "skyjo": ("greedy",)}


def search_rate(game: str, decisions: int, iterations: int, **params: Any) -> float:
    """ISMCTS iterations per CPU second over ``decisions`` decisions of random positions
    (``params``: the search's other settings; its defaults without)."""
    rng = random.Random(11)
    bot = IsmctsBot(seed=5, iterations=iterations, **params)
    spent = 0.0
    done = 0
    while done < decisions:
        state = cardtable.make(game, 2 + done % 3, seed=rng.getrandbits(63))
        for _ in range(rng.randrange(60)):  # a random position of the first round
            if state.is_over or state.round > 1:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over or state.round > 1:
            continue
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        start = time.process_time()
        bot.act(state, seat)
        spent += time.process_time() - start
        done += 1
    return decisions * iterations / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default=",".join(g.name for g in cardtable.games()))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--reference", type=Path, help="the C reference's source")
    parser.add_argument("--decisions", type=int, default=20, help="searches a game")
    parser.add_argument("--iterations", type=int, default=300, help="of each search")
    parser.add_argument(
        "--search-only",
        action="store_true",
        help="only the search figures (these run on an older checkout too, given with "
        "PYTHONPATH=<checkout>/src, for a before-and-after comparison)",
    )
    parser.add_argument("--python-rates", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = args.games.split(",")
    if args.python_rates:  # the child process of ``python_rates``
        rates = {
            f"{game} {players}": median_rate(game, players, playout, args)
            for game in games
            for players in PLAYER_COUNTS.get(game, (2, 4))
        }
        print(json.dumps(rates))
        return
    if not args.search_only:
        playout_table(games, args)
    print(f"ISMCTS, {args.iterations} iterations a decision, {args.decisions} decisions:")
    for game in games:
        for rollout in ("random", *ROLLOUTS.get(game, ()), "auto"):
            try:
                rate = search_rate(game, args.decisions, args.iterations, rollout=rollout)
            except ValueError as refusal:
                print(f"{game:<10} {'':>10} rollout={rollout}: not known here ({refusal})")
                continue
            print(f"{game:<10} {rate:>10,.0f} iterations/s (rollout={rollout})")


def playout_table(games: list[str], args: argparse.Namespace) -> None:
    """The playout rates, three ways, with the C reference beside Skyjo's."""
    from cardtable import _core

    print(f"compiled core: {_core.status}")
    print(f"median of {args.runs} runs of {args.seconds:g} s (CPU time)")
    python = python_rates(args)
    head = f"{'per-step API':^25}  {'python playout':^25}  {'playout':^25}  {'ratio':>5}"
    print(f"{'':<18} {head}")
    print(f"{'game':<10} {'players':>7}" + f" {'matches/s':>12} {'actions/s':>12}" * 3)
    source = find_reference(args.reference)
    for game in games:
        for players in PLAYER_COUNTS.get(game, (2, 4)):
            step = median_rate(game, players, per_step, args)
            slow = python[f"{game} {players}"]
            fast = median_rate(game, players, playout, args)
            row = f"{game:<10} {players:>7}"
            for mps, aps in (step, slow, fast):
                row += f" {mps:>12,.1f} {aps:>12,.0f}"
            print(f"{row} {fast[1] / slow[1]:>5.1f}x")
            if game == "skyjo":
                print(reference_row(source, players, args.seconds, fast))


def reference_row(
    source: Path | None, players: int, seconds: float, fast: tuple[float, float]
) -> str:
    """The C reference's figures for this player count and its lead over the playout."""
    label = f"{'  C ref':<10} {players:>7}"
    if source is None:
        return f"{label} not found ({REFERENCE} above this checkout; --reference PATH)"
    rate = reference_rate(source, players, seconds)
    if isinstance(rate, str):
        return f"{label} not run: {rate}"
    gaps = f"{rate[0] / fast[0]:.1f}x the matches/s, {rate[1] / fast[1]:.1f}x the actions/s"
    return f"{label} {'':>51} {rate[0]:>12,.1f} {rate[1]:>12,.0f}  (C ref: {gaps})"


if __name__ == "__main__":
    main()

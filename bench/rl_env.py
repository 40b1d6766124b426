"""Steps per second of the RL environments beside RLCard's UNO environment.

Run (the project's dev install has every library this needs):

    .venv/bin/python bench/rl_env.py [--runs 5] [--seconds 2]

Each side plays 2-player episodes of one round with uniformly random legal actions,
through its RL interface, observations included:

- RLCard: ``rlcard.make("uno")``, then ``reset()`` and ``step(action)`` with an action
  drawn from the state's ``legal_actions`` until ``is_over()``. Each step encodes the
  next player's observation (a 4x4x15 plane array).
- cardtable: ``cardtable.rl.env(game, players=2)``, then PettingZoo's loop:
  ``agent_iter()``, ``last()`` (the agent's observation vector and action mask) and
  ``step(action)`` with an action drawn from the mask, until every agent is done. Last
  Card runs with the default rules and with the rules closest to RLCard's UNO (no
  stacking, no play of a drawn card, no missed-call penalty); Cactus and Skyjo with
  their defaults.
- the batched environment: ``cardtable.rl.vector_env("lastcard", num_envs=N)`` at
  N = 1, 64 and 1024, a learner in seat 0 against the heuristic, its
  ``step(actions)`` with one uniformly random legal action per environment drawn from
  ``action_masks()`` (vectorised in numpy), with RLCard's rules and the defaults, on
  the compiled backend (Last Card stepped in C) and, at N = 1 and 64, the Python one.
  A step there is one learner's action: the heuristic's replies happen inside it and
  are not counted, so its steps/s are learner decisions, and its episodes/s (rounds
  finished) are the figure of work to compare with the other sides.

Runs alternate between the sides; time is this process's CPU time, so that other load
on the machine distorts the comparison as little as possible. A step is one action.
The script prints episodes/s and steps/s of each side (median of the runs), the
episodes/s ratio to RLCard (comparable between RLCard and Last Card with RLCard's
rules, whose rounds are about as long) and the steps/s ratio.
"""

from __future__ import annotations

import functools
import random
import sys
import time
from typing import Any

import numpy as np
import rlcard

import cardtable.rl
from lastcard_vs_rlcard import Runner, measure, medians, parse_cli

RLCARD_RULES = {
    "play_drawn": False,
    "stack_plus_two": False,
    "stack_plus_four": False,
    "missed_call_penalty": 0,
}


def rlcard_rate(seconds: float, seed: int) -> tuple[int, int, float]:
    """Episodes, steps and CPU seconds of RLCard UNO random episodes."""
    env = rlcard.make("uno", config={"seed": seed})
    rng = random.Random(seed)
    episodes = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        episodes += 1
    return episodes, steps, time.process_time() - start


def cardtable_rate(
    game: str, options: dict[str, Any] | None, seconds: float, seed: int
) -> tuple[int, int, float]:
    """Episodes, steps and CPU seconds of cardtable AEC random episodes."""
    env = cardtable.rl.env(game, players=2, options=options)
    rng = random.Random(seed)  # as the RLCard side draws
    env.reset(seed=seed)
    episodes = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset()
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        episodes += 1
    return episodes, steps, time.process_time() - start


def legal_choices(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``masks``."""
    cumulative = np.cumsum(masks, axis=1, dtype=np.uint8)  # at most 255 legal actions
    picks = (rng.random(len(masks)) * cumulative[:, -1]).astype(np.uint8)
    return np.asarray((cumulative > picks[:, None]).argmax(axis=1))


@functools.cache
def vector(num_envs: int, options: str, backend: str) -> Any:
    """The batched environment of a side, made once (1024 environments take a while
    to build; that is not what is measured)."""
    rules = RLCARD_RULES if options == "rlcard" else None
    return cardtable.rl.vector_env(
        "lastcard", num_envs, players=2, options=rules, backend=backend, copy=False
    )


def vector_rate(
    num_envs: int, options: str, backend: str, seconds: float, seed: int
) -> tuple[int, int, float]:
    """Episodes, learner steps and CPU seconds of the batched environment."""
    env = vector(num_envs, options, backend)
    assert env.backend == backend
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    episodes = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, _, _ = env.step(legal_choices(env.action_masks(), rng))
        episodes += int(terminated.sum())
        steps += num_envs
    return episodes, steps, time.process_time() - start


RLCARD = "RLCard UNO env"
SIDES: dict[str, Runner] = {
    RLCARD: rlcard_rate,
    "Last Card AEC, RLCard's rules": lambda s, seed: cardtable_rate(
        "lastcard", RLCARD_RULES, s, seed
    ),
    "Last Card AEC, default rules": lambda s, seed: cardtable_rate("lastcard", None, s, seed),
    "Skyjo AEC": lambda s, seed: cardtable_rate("skyjo", None, s, seed),
    "Cactus AEC": lambda s, seed: cardtable_rate("cactus", None, s, seed),
}
for _rules, _label in (("rlcard", "RLCard's rules"), ("default", "default rules")):
    for _backend, _sizes in (("native", (1, 64, 1024)), ("python", (1, 64))):
        for _n in _sizes:
            SIDES[f"Last Card vector, {_label}, {_backend}, N={_n}"] = functools.partial(
                vector_rate, _n, _rules, _backend
            )


def print_table(rates: dict[str, list[tuple[float, float]]]) -> None:
    """Median episodes/s and steps/s of each side, and both ratios to RLCard's env."""
    width = max(map(len, rates)) + 2
    head = f"{'':<{width}}{'episodes/s':>11}{'steps/s':>12}{'steps/ep':>9}"
    print(f"{head}{'ep/s vs RLCard':>16}{'steps/s vs RLCard':>19}")
    median = medians(rates)
    ref_eps, ref_sps = median[RLCARD]
    for name, (eps, sps) in median.items():
        row = f"{name:<{width}}{eps:>11,.0f}{sps:>12,.0f}{sps / eps:>9.1f}"
        print(f"{row}{eps / ref_eps:>15.2f}x{sps / ref_sps:>18.2f}x")


def main() -> None:
    args = parse_cli(__doc__.split("\n\n")[0])
    rates = measure(SIDES, args.runs, args.seconds)
    setting = "2 players, one round per episode (a game), uniformly random legal actions"
    print(f"{setting}; median of {args.runs} runs of {args.seconds:g} s CPU time each")
    print(f"python {sys.version.split()[0]}, one process (one core)")
    print_table(rates)


if __name__ == "__main__":
    main()

"""Steps per second of the PettingZoo AEC environments beside RLCard's UNO environment.

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

Runs alternate between the sides; time is this process's CPU time, so that other load
on the machine distorts the comparison as little as possible. A step is one action.
The script prints episodes/s and steps/s of each side (median of the runs), with
the table of ``bench/lastcard_vs_rlcard.py``, and the episodes/s ratio to RLCard
(comparable between RLCard and Last Card with RLCard's rules, whose rounds are about
as long).
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import rlcard

import cardtable.rl
from lastcard_vs_rlcard import Runner, run_cli

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
    rng = np.random.default_rng(seed)
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
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        episodes += 1
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


def main() -> None:
    run_cli(
        SIDES,
        RLCARD,
        "2 players, one round per episode (a game), uniformly random legal actions",
        __doc__.split("\n\n")[0],
    )


if __name__ == "__main__":
    main()

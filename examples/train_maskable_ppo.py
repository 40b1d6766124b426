"""Train sb3-contrib's MaskablePPO on one cardtable game against a cardtable bot.

Install the training extra, then run (CPU is enough):

    pip install -e '.[rl,train]'
    python examples/train_maskable_ppo.py --game lastcard --opponent heuristic \
        --timesteps 50000 --eval-episodes 400

``--minutes`` bounds the training by wall-clock time as well (it stops at whichever of
``--timesteps`` and ``--minutes`` comes first, and says how many steps it trained);
``--threads`` is the number of CPU threads torch may use (1 by default, so that a run
shares a machine politely; the small network gains little from more).

The learner sits in seat 0 of a 2-player table against the opponent's bot, one round
per episode, rewarded +1 for winning the round and -1 for losing it. The script
measures the win rate of the untrained policy (masked uniform choices) and of the
trained one (its most likely legal action) over the same evaluation deals, and
prints both with the training time. Ties count half a win.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import cardtable.rl
from cardtable.rl.single import SingleAgentEnv

Policy = Callable[[np.ndarray, np.ndarray], int]


def win_rate(env: SingleAgentEnv, policy: Policy, episodes: int, seed: int) -> float:
    """The share of ``episodes`` rounds the learner wins (ties half) playing ``policy``."""
    wins = 0.0
    for episode in range(episodes):
        observation, _ = env.reset(seed=seed + episode)
        over, reward = False, 0.0
        while not over:
            action = policy(observation, env.action_masks())
            observation, step_reward, over, _, _ = env.step(action)
            reward += float(step_reward)
        wins += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return wins / episodes


class Deadline(BaseCallback):  # type: ignore[misc]  # stable-baselines3 is typed loosely
    """Stops training once ``seconds`` of wall-clock time have passed (None: never)."""

    def __init__(self, seconds: float | None) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.perf_counter()

    def _on_training_start(self) -> None:
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return self.seconds is None or time.perf_counter() - self.start < self.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="lastcard")
    parser.add_argument("--opponent", default="heuristic", help="bot spec of the opponent")
    parser.add_argument("--timesteps", type=int, default=50_000)
    parser.add_argument("--eval-episodes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None, help="wall-clock bound")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = cardtable.rl.single_agent_env(args.game, players=2, opponents=[args.opponent])
    evaluation = cardtable.rl.single_agent_env(args.game, players=2, opponents=[args.opponent])
    rng = np.random.default_rng(args.seed)

    def untrained(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    eval_seed = 10**6 + args.seed
    before = win_rate(evaluation, untrained, args.eval_episodes, eval_seed)
    print(f"untrained (masked random): {before:.1%} over {args.eval_episodes} rounds", flush=True)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
    start = time.perf_counter()
    deadline = None if args.minutes is None else args.minutes * 60
    model.learn(total_timesteps=args.timesteps, callback=Deadline(deadline))
    seconds = time.perf_counter() - start
    print(f"trained {model.num_timesteps} timesteps in {seconds:.0f} s", flush=True)

    def trained(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    after = win_rate(evaluation, trained, args.eval_episodes, eval_seed)
    print(
        f"{args.game}, 2 players, against {args.opponent}: {model.num_timesteps} timesteps "
        f"trained in {seconds:.0f} s; win rate over {args.eval_episodes} rounds "
        f"{before:.1%} untrained (masked random), {after:.1%} trained"
    )


if __name__ == "__main__":
    main()

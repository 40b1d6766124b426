"""Train the `neural` bot's policy: PPO with action masks on the batched environment.

A small multilayer perceptron (two hidden layers) reads the observation vector of
``cardtable.rl`` and gives one logit per action index; illegal actions are masked out
before the softmax, so the policy never puts weight on them. A value head shares the
hidden layers. The learner sits in seat 0 of a 2-player table against the game's
heuristic (the `hard` level), one round an episode, in ``--envs`` matches stepped
together by ``cardtable.rl.vector_env`` in each of ``--actors`` collectors (one by
default). The collectors (``cardtable.rl.rollouts``) run the policy's weights with
numpy: in this process, or, given ``--ray ADDRESS`` (``auto``, ``host:port`` or
``ray://host:10001``), on Ray actors of that cluster, which are sent the weights each
update and return their rollouts; the learner, and torch, stay in this process. The
same seed and ``--actors`` give the same rollouts, hence the same training, either
way. The training stops at ``--steps`` learner decisions or ``--minutes`` of wall
clock, whichever comes first, and writes:

- ``--out``: the policy's weights as a float32 ``.npz`` that
  ``cardtable.bots.neural`` runs with numpy alone (the value head is left out);
- ``--log``: one JSON line per update (steps, seconds, episodes finished, their mean
  reward and win rate);
- ``--plot``: the curve of that log (matplotlib, the ``plot`` extra).

Needs the ``train`` extra (torch on the CPU is enough)::

    nice -n 15 python research/train_policy.py lastcard --minutes 25 --seed 1 \\
        --out src/cardtable/games/lastcard/weights/lastcard-2p.npz --log lastcard.jsonl \\
        --plot docs/research/learned_bot_lastcard.png

and on a Ray cluster (the ``ray`` extra on every node; numpy is all the actors need)::

    python research/train_policy.py lastcard --ray auto --actors 8 --envs 32 \
        --minutes 25 --seed 1 --out lastcard-2p.npz --log lastcard.jsonl
"""

from __future__ import annotations

import os

# The collection's products are a few dozen rows: numpy's BLAS threads only contend
# with the learner and with each other (5 to 20 times slower on a loaded 2-core
# machine). Set before numpy loads its BLAS; Ray's actors run one thread already.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from cardtable.rl.rollouts import Collector, Rollout, Weights, collectors

#: Reward of a round per game. Skyjo's win alone says nothing to a beginner that loses
#: every round to the heuristic; its round score against the opponent's does.
REWARDS = {"lastcard": ("win", 1.0), "skyjo": ("score", 1 / 25), "cactus": ("score", 1 / 20)}


class Policy(nn.Module):
    """Shared hidden layers, a masked policy head and a value head."""

    def __init__(self, size: int, actions: int, hidden: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.pi = nn.Linear(hidden, actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


def layers(policy: Policy, value: bool) -> dict[str, np.ndarray]:
    """The layers as (in, out) float32 matrices and biases, ``w0, b0, ...``; with
    ``value``, the value head as one more column of the last layer (what
    ``cardtable.rl.rollouts`` collects with)."""
    arrays = {}
    for k, layer in enumerate([policy.body[0], policy.body[2], policy.pi]):
        weight, bias = layer.weight, layer.bias
        if value and layer is policy.pi:
            weight = torch.cat([weight, policy.v.weight])
            bias = torch.cat([bias, policy.v.bias])
        arrays[f"w{k}"] = weight.detach().numpy().T.astype(np.float32)
        arrays[f"b{k}"] = bias.detach().numpy().astype(np.float32)
    return arrays


def export(policy: Policy, path: Path, game: str, players: int, meta: dict[str, Any]) -> None:
    """The weights the numpy bot reads (the value head left out)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    info = {"game": game, "players": players, **meta}
    arrays = layers(policy, value=False)
    np.savez_compressed(path, meta=np.array(json.dumps(info, sort_keys=True)), **arrays)


def advantages(
    rewards: np.ndarray,
    values: np.ndarray,
    dones: np.ndarray,
    valid: np.ndarray,
    last_value: np.ndarray,
    gamma: float,
    lam: float,
) -> np.ndarray:
    """GAE over (T, N) arrays. A step that is not valid (a sub-environment waiting for its
    auto-reset) carries nothing; the step before it ended an episode, so none bootstraps
    across it."""
    steps = rewards.shape[0]
    adv = np.zeros_like(rewards)
    last = np.zeros(rewards.shape[1])
    for t in reversed(range(steps)):
        next_value = last_value if t == steps - 1 else values[t + 1]
        alive = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * alive - values[t]
        last = np.where(valid[t], delta + gamma * lam * alive * last, 0.0)
        adv[t] = last
    return adv


def train(args: argparse.Namespace) -> None:
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    reward_kind, scale = REWARDS[args.game]
    size, actions = Collector(args.game, 1, args.seed, players=args.players).shape()
    settings = {"players": args.players, "opponent": args.opponent, "reward": reward_kind}
    pool = collectors(
        args.ray, args.actors, args.game, args.envs, args.seed, scale=scale, **settings
    )
    with pool as collect:
        _learn(args, collect, Policy(size, actions, args.hidden))
    if args.plot and args.log:
        plot(Path(args.log), Path(args.plot), args.game)


def _learn(
    args: argparse.Namespace, collect: Callable[[Weights, int], Rollout], policy: Policy
) -> None:
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    sample_rng = torch.Generator().manual_seed(args.seed)
    start, steps, update = time.monotonic(), 0, 0
    log = open(args.log, "w") if args.log else None  # noqa: SIM115
    while steps < args.steps and time.monotonic() - start < args.minutes * 60:
        batch = collect(layers(policy, value=True), args.rollout)
        steps += batch.decisions
        finished = batch.episodes
        adv = advantages(
            batch.rewards,
            batch.values,
            batch.dones,
            batch.valid,
            batch.last_values,
            args.gamma,
            args.lam,
        )
        ret = adv + batch.values
        keep = batch.valid.reshape(-1)
        flat = {
            "obs": torch.from_numpy(batch.observations.reshape(keep.size, -1)[keep]),
            "mask": torch.from_numpy(batch.masks.reshape(keep.size, -1)[keep]),
            "act": torch.from_numpy(batch.actions.reshape(-1)[keep]),
            "logp": torch.from_numpy(batch.log_probs.reshape(-1)[keep]),
            "adv": torch.from_numpy(adv.reshape(-1)[keep].astype(np.float32)),
            "ret": torch.from_numpy(ret.reshape(-1)[keep].astype(np.float32)),
        }
        n = len(flat["act"])
        for _ in range(args.epochs):
            order = torch.randperm(n, generator=sample_rng)
            for lo in range(0, n, args.minibatch):
                idx = order[lo : lo + args.minibatch]
                a = flat["adv"][idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                logits, value = policy(flat["obs"][idx], flat["mask"][idx])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(dist.log_prob(flat["act"][idx]) - flat["logp"][idx])
                clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
                loss_pi = -torch.min(ratio * a, clipped * a).mean()
                loss_v = ((value - flat["ret"][idx]) ** 2).mean()
                entropy = dist.entropy().mean()
                loss = loss_pi + 0.5 * loss_v - args.entropy * entropy
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                optimiser.step()
        update += 1
        record = {
            "update": update,
            "steps": steps,
            "seconds": round(time.monotonic() - start, 1),
            "cpu_seconds": round(time.process_time(), 1),
            "episodes": len(finished),
            "mean_reward": float(np.mean(finished)) if len(finished) else None,
            "win_rate": float(np.mean(finished > 0)) if len(finished) else None,
        }
        print(json.dumps(record), flush=True)
        if log:
            log.write(json.dumps(record) + "\n")
            log.flush()
        if update % 10 == 0:
            _save(policy, args, steps, start)
    _save(policy, args, steps, start)
    if log:
        log.close()


def _save(policy: Policy, args: argparse.Namespace, steps: int, start: float) -> None:
    meta = {
        "algorithm": "ppo",
        "seed": args.seed,
        "steps": steps,
        "opponent": args.opponent,
        "hidden": args.hidden,
        "seconds": round(time.monotonic() - start),
        "reward": REWARDS[args.game][0],
    }
    export(policy, Path(args.out), args.game, args.players, meta)


def plot(log: Path, out: Path, game: str) -> None:
    """The training curves: the learner's win rate and mean reward (as the environment
    gives it, before scaling) in the rounds each update finished."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [json.loads(line) for line in log.read_text().splitlines()]
    rows = [r for r in rows if r["win_rate"] is not None]
    steps = np.array([r["steps"] for r in rows])
    width = max(1, len(rows) // 20)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, key, label in zip(
        axes,
        ("win_rate", "mean_reward"),
        ("rounds won", f"mean reward ({REWARDS[game][0]})"),
        strict=True,
    ):
        values = np.array([r[key] for r in rows])
        smooth = np.convolve(values, np.ones(width) / width, mode="valid")
        ax.plot(steps, values, alpha=0.3, label="each update")
        ax.plot(steps[width - 1 :], smooth, label=f"mean of {width} updates")
        ax.set_xlabel("learner decisions")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        ax.legend()
    fig.suptitle(f"PPO on {game}, 2 players, against the heuristic (`hard`)")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=90)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(REWARDS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--envs", type=int, default=128, help="matches per collector")
    parser.add_argument("--actors", type=int, default=1, help="collectors (Ray actors with --ray)")
    parser.add_argument("--ray", metavar="ADDRESS", help="collect on Ray actors of this cluster")
    parser.add_argument("--rollout", type=int, default=64, help="steps per environment per update")
    parser.add_argument("--steps", type=int, default=10**9, help="learner decisions at most")
    parser.add_argument("--minutes", type=float, default=25.0, help="wall-clock budget")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", required=True)
    parser.add_argument("--log")
    parser.add_argument("--plot")
    parser.add_argument("--plot-only", action="store_true", help="redraw --plot from --log")
    args = parser.parse_args()
    if args.plot_only:
        plot(Path(args.log), Path(args.plot), args.game)
        return
    train(args)


if __name__ == "__main__":
    main()

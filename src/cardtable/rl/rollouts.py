"""Rollouts of a policy on ``vector_env``, with numpy alone: the collecting half of PPO.

``research/train_policy.py`` learns with torch in one process; the episodes it learns
from are collected here, from the policy's weights as numpy arrays, so collection
runs wherever numpy does: in the learner's process, or on Ray actors of a cluster
(``--ray ADDRESS``), which need no torch. The forward pass is the shipped bot's
(``cardtable.bots.neural.Network``): the weights are its layers, but the last layer
has one more column than there are actions, the value head's, so one pass gives the
logits and the value.

A ``Collector`` owns ``envs`` sub-environments and a sampling stream, both seeded from
one seed, and keeps its matches running between calls, as a learner's rollout buffer
does: ``collect(weights, steps)`` steps every sub-environment ``steps`` times and
returns the arrays of a ``Rollout``. Collector ``k`` of a run gets the seed
``run seed + k * envs``, so the K collectors together deal what one vector
environment of ``K * envs`` sub-environments would (sub-environment ``i`` of a vector
environment is seeded ``seed + i``). Its rollouts depend only on its seed and the
weights it is given, so K collectors on Ray actors return, array for array, what the
same K collectors return in the learner's process; ``collectors`` gives either, and
imports Ray only for the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.bots.neural import Network

Array = npt.NDArray[Any]
#: A policy's weights: ``w0, b0, w1, b1, ...`` as (in, out) float32 matrices and
#: biases; the last layer's out is the number of actions plus one (the value).
Weights = dict[str, npt.NDArray[np.float32]]
#: The logit given to illegal actions, as the learner's masked softmax does.
MASKED = -1e9


@dataclass(frozen=True)
class Rollout:
    """``steps`` (T) steps of ``envs`` (N) sub-environments; arrays are (T, N, ...).

    A step that is not ``valid`` is a sub-environment's auto-reset (its action is
    ignored: its mask allows action 0 alone); ``dones`` marks the step that ended an
    episode, ``rewards`` are scaled for the learner, ``last_values`` the value of the
    observation after the last step (N), ``episodes`` the unscaled return of every
    episode that ended, in step order."""

    observations: Array
    masks: Array
    actions: Array
    log_probs: Array
    values: Array
    rewards: Array
    dones: Array
    valid: Array
    last_values: Array
    episodes: Array

    @property
    def decisions(self) -> int:
        """The learner's decisions in the rollout (its valid steps)."""
        return int(self.valid.sum())

    @classmethod
    def concatenate(cls, parts: Sequence[Rollout]) -> Rollout:
        """The rollouts of several collectors as one, side by side in the given order:
        sub-environments along the second axis, ``last_values`` and ``episodes`` one
        after the other."""
        joined: dict[str, Array] = {}
        for field in fields(cls):
            arrays = [getattr(part, field.name) for part in parts]
            axis = 0 if field.name in ("last_values", "episodes") else 1
            joined[field.name] = np.concatenate(arrays, axis=axis)
        return cls(**joined)


def collector_seed(seed: int, index: int, envs: int) -> int:
    """The seed of collector ``index`` of a run: its sub-environments follow those of
    the collectors before it, so no two collectors deal the same matches."""
    return seed + index * envs


def masked_log_softmax(logits: Array, mask: Array) -> Array:
    """Log-probabilities of the legal actions (float64), illegal ones at about -1e9."""
    z = np.where(mask, logits.astype(np.float64), MASKED)
    z = z - z.max(axis=1, keepdims=True)
    result: Array = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return result


class Collector:
    """``envs`` matches of ``game`` with the learner in seat 0, stepped by a policy's
    weights; the matches carry on from one ``collect`` to the next."""

    def __init__(
        self,
        game: str,
        envs: int,
        seed: int,
        players: int = 2,
        opponent: str = "heuristic",
        reward: str = "win",
        scale: float = 1.0,
    ) -> None:
        import cardtable.rl

        self.envs = cardtable.rl.vector_env(
            game, num_envs=envs, players=players, opponents=[opponent], seed=seed, reward=reward
        )
        self.scale = scale
        self.rng = np.random.default_rng(seed)
        self.observation, _ = self.envs.reset()
        self.returns = np.zeros(envs)

    def shape(self) -> tuple[int, int]:
        """The observation's size and the number of actions."""
        return int(self.observation.shape[1]), int(self.envs.action_masks().shape[1])

    def _masks(self) -> tuple[Array, Array]:
        """The masks to act on, and which sub-environments have a decision to make."""
        mask = self.envs.action_masks()
        valid = np.asarray(mask.any(axis=1))
        mask[~valid, 0] = True  # awaiting its reset: the action is ignored
        return mask, valid

    def _forward(self, network: Network, mask: Array) -> tuple[Array, Array]:
        out = network.logits(self.observation)
        return masked_log_softmax(out[:, :-1], mask), out[:, -1].astype(np.float64)

    def collect(self, weights: Weights, steps: int) -> Rollout:
        """``steps`` steps of every sub-environment, actions sampled from the policy."""
        network = Network(weights, {})
        n = self.envs.num_envs
        size, actions = self.shape()
        out = {
            "observations": np.zeros((steps, n, size), np.float32),
            "masks": np.zeros((steps, n, actions), np.bool_),
            "actions": np.zeros((steps, n), np.int64),
            "log_probs": np.zeros((steps, n), np.float32),
            "values": np.zeros((steps, n)),
            "rewards": np.zeros((steps, n)),
            "dones": np.zeros((steps, n)),
            "valid": np.zeros((steps, n), np.bool_),
        }
        episodes: list[float] = []
        for t in range(steps):
            mask, valid = self._masks()
            log_probs, values = self._forward(network, mask)
            # Gumbel-max: a sample of the masked softmax, never an illegal action.
            noise = self.rng.gumbel(size=log_probs.shape)
            act = np.argmax(np.where(mask, log_probs + noise, -np.inf), axis=1)
            out["observations"][t], out["masks"][t], out["valid"][t] = self.observation, mask, valid
            out["actions"][t] = act
            out["log_probs"][t] = log_probs[np.arange(n), act]
            out["values"][t] = values
            self.observation, reward, term, trunc, _ = self.envs.step(act)
            done = term | trunc
            out["rewards"][t], out["dones"][t] = reward * self.scale, done
            self.returns += reward
            for i in np.flatnonzero(done):
                episodes.append(float(self.returns[i]))
                self.returns[i] = 0.0
        mask, _ = self._masks()
        _, last_values = self._forward(network, mask)
        return Rollout(**out, last_values=last_values, episodes=np.array(episodes))


@contextmanager
def collectors(
    address: str | None, count: int, game: str, envs: int, seed: int, **settings: Any
) -> Iterator[Callable[[Weights, int], Rollout]]:
    """``count`` collectors of ``envs`` sub-environments each (seeds from ``seed``, the
    other settings those of ``Collector``), on Ray actors of the cluster at ``address``
    or, without one, in this process; yields ``collect(weights, steps)``, which runs
    every collector and returns their rollouts side by side in collector order."""
    seeds = [collector_seed(seed, k, envs) for k in range(count)]
    if address is None:
        local = [Collector(game, envs, s, **settings) for s in seeds]
        yield lambda weights, steps: Rollout.concatenate([c.collect(weights, steps) for c in local])
        return
    from cardtable.sim.cluster import connected

    with connected(address) as ray:
        actor = ray.remote(num_cpus=1)(Collector)
        actors = [actor.remote(game, envs, s, **settings) for s in seeds]

        def collect(weights: Weights, steps: int) -> Rollout:
            shared = ray.put(weights)
            parts = ray.get([a.collect.remote(shared, steps) for a in actors])
            return Rollout.concatenate(parts)

        try:
            yield collect
        finally:
            for a in actors:
                ray.kill(a)

"""Self-play rollouts (``cardtable.rl.rollouts``) collected on Ray actors of a local
two-node cluster equal, array for array, the same collectors' rollouts in this process;
the collection itself needs neither torch nor Ray."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import numpy as np
import pytest

from cardtable.rl.rollouts import Collector, Rollout, Weights, collectors

#: Two collectors (one per node of the cluster), a few matches each.
SETTINGS = {"count": 2, "game": "lastcard", "envs": 3, "seed": 5}


def random_weights(seed: int, size: int, actions: int, hidden: int = 16) -> Weights:
    """A random policy's layers, the last with the value's column."""
    rng = np.random.default_rng(seed)
    shapes = [(size, hidden), (hidden, hidden), (hidden, actions + 1)]
    weights: Weights = {}
    for k, (rows, cols) in enumerate(shapes):
        weights[f"w{k}"] = rng.normal(0.0, 0.3, (rows, cols)).astype(np.float32)
        weights[f"b{k}"] = rng.normal(0.0, 0.1, cols).astype(np.float32)
    return weights


def two_updates(address: str | None) -> list[Rollout]:
    """Two collections with different weights: the matches carry on between them."""
    size, actions = Collector("lastcard", 1, 0).shape()
    with collectors(address, **SETTINGS) as collect:  # type: ignore[arg-type]
        return [collect(random_weights(k, size, actions), 40) for k in (1, 2)]


def assert_equal(a: Rollout, b: Rollout) -> None:
    for field in fields(Rollout):
        left, right = getattr(a, field.name), getattr(b, field.name)
        assert left.dtype == right.dtype, field.name
        np.testing.assert_array_equal(left, right, err_msg=field.name)


@pytest.mark.slow
def test_rollouts_on_ray_actors_equal_the_local_collection(cluster):
    local = two_updates(None)
    on_ray = two_updates(cluster.address)
    for a, b in zip(local, on_ray, strict=True):
        assert_equal(a, b)
    # Both collectors' sub-environments, side by side, each having played.
    assert local[0].observations.shape[:2] == (40, 6)
    assert local[1].episodes.size > 0 and local[0].decisions > 0


def test_collectors_side_by_side_in_order_each_from_its_own_seed():
    size, actions = Collector("lastcard", 1, 0).shape()
    weights = random_weights(3, size, actions)
    with collectors(None, **SETTINGS) as collect:  # type: ignore[arg-type]
        joined = collect(weights, 30)
    alone = [Collector("lastcard", 3, seed).collect(weights, 30) for seed in (5, 8)]
    assert_equal(joined, Rollout.concatenate(alone))
    assert not np.array_equal(alone[0].observations, alone[1].observations)


def test_sampled_actions_are_legal_and_their_log_probabilities_the_policys():
    collector = Collector("lastcard", 4, 9)
    size, actions = collector.shape()
    rollout = collector.collect(random_weights(4, size, actions), 30)
    chosen = np.take_along_axis(rollout.masks, rollout.actions[..., None], axis=2)
    assert chosen.all()
    assert (rollout.log_probs <= 0).all() and (rollout.log_probs > -50).all()
    # Sampled, not the most likely action every time.
    assert len(np.unique(rollout.actions[rollout.valid])) > 3


def test_collection_runs_without_torch_and_without_ray():
    script = (
        "import sys\n"
        "from tests.sim.test_rollouts_ray import SETTINGS, random_weights\n"
        "from cardtable.rl.rollouts import Collector, collectors\n"
        "size, actions = Collector('lastcard', 1, 0).shape()\n"
        "with collectors(None, **SETTINGS) as collect:\n"
        "    collect(random_weights(1, size, actions), 5)\n"
        "print(sorted(m for m in ('torch', 'ray') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    )
    assert done.stdout.strip() == "[]"

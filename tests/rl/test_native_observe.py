"""The AEC environment's compiled Last Card observations: the encoder's values."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardtable.rl as rl
from cardtable._core import native

RLCARD_RULES = {"play_drawn": False, "stack_plus_two": False, "missed_call_penalty": 0}


@pytest.mark.parametrize("options", [{}, RLCARD_RULES, {"target_score": 40}])
@pytest.mark.parametrize("players", [2, 3, 10])
def test_compiled_observations_are_the_encoders(options: dict[str, Any], players: int) -> None:
    env = rl.env("lastcard", players=players, options=options, scope="match")
    assert (env._native is None) == (native is None)
    rng = np.random.default_rng(players)
    compared = 0
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=400):
            seat = env.possible_agents.index(agent)
            for other in env.agents:
                vector, mask = env._observation(other)
                view = env.game_state.view(env.possible_agents.index(other))
                assert np.array_equal(vector, env.observer.encode(view))
                python_mask = np.zeros_like(mask)
                if other == env.agent_selection and not env.terminations[other]:
                    for action in env.game_state.legal_actions(seat):
                        python_mask[env.game_spec.action_index(action)] = 1
                assert np.array_equal(mask, python_mask) and mask.dtype == np.int8
                compared += 1
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert compared > 300


def test_house_rules_keep_the_encoder_from_views() -> None:
    assert rl.env("lastcard", options={"seven_zero": True})._native is None
    assert rl.env("skyjo")._native is None

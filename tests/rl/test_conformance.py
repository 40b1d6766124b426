"""PettingZoo's conformance tests beyond ``api_test``: the parallel API, seeding, and
the Box observation form that its checks expect."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

import cardtable.rl as rl
from cardtable.engine.errors import IllegalActionError

GAMES = ["cactus", "skyjo", "lastcard"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_parallel_api_test_passes_without_warnings(game: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(rl.parallel_env(game, players=players), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game: str) -> None:
    seed_test(lambda: rl.env(game, players=3), num_cycles=100)
    seed_test(lambda: rl.env(game, players=3, action_mask="info"), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_api_test_with_the_mask_in_info_raises_no_warning(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        api_test(rl.env(game, players=2, action_mask="info"), num_cycles=100)


def test_the_dict_form_is_what_pettingzoo_warns_about() -> None:
    # PettingZoo whitelists its own classic games' dict observations; ours draw its
    # two warnings, which the Box form above avoids.
    with pytest.warns(UserWarning) as caught:
        api_test(rl.env("lastcard", players=2), num_cycles=20)
    assert {str(w.message)[:30] for w in caught} == {
        "Observation is not a NumPy arr",
        "Observation space for each age",
    }


def test_mask_in_info_matches_the_dict_form() -> None:
    boxed, dicts = rl.env("skyjo", players=2, action_mask="info"), rl.env("skyjo", players=2)
    boxed.reset(seed=3)
    dicts.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(30):
        agent = boxed.agent_selection
        assert agent == dicts.agent_selection
        observed = dicts.observe(agent)
        assert isinstance(observed, dict)
        assert np.array_equal(boxed.observe(agent), observed["observation"])
        for other in boxed.possible_agents:
            assert np.array_equal(
                boxed.infos[other]["action_mask"], dicts.observe(other)["action_mask"]
            )
        action = int(rng.choice(np.flatnonzero(observed["action_mask"])))
        boxed.step(action)
        dicts.step(action)


def test_a_parallel_step_plays_the_agent_to_act_only() -> None:
    env = rl.parallel_env("lastcard", players=2)
    observations, _ = env.reset(seed=1)
    actor = env.agent_to_act
    other = next(a for a in env.agents if a != actor)
    assert not observations[other]["action_mask"].any()
    with pytest.raises(IllegalActionError, match="sent no action"):
        env.step({other: 0})
    legal = int(np.flatnonzero(observations[actor]["action_mask"])[0])
    before = len(env.aec.game_state.log)
    env.step({actor: legal, other: 5})
    assert len(env.aec.game_state.log) == before + 1

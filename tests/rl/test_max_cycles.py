"""``max_cycles``, ``selection="cycle"`` and ``illegal_action``: PettingZoo's
``max_cycles_test`` on every game, and the properties it relies on checked one by one."""

from __future__ import annotations

import itertools
import types
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test

import cardtable.rl as rl
from cardtable.engine.errors import CardtableError, IllegalActionError
from cardtable.rl.aec import ILLEGAL_PENALTY, CardtableAECEnv

GAMES = ["cactus", "skyjo", "lastcard"]


def harness(game: str, players: int) -> types.SimpleNamespace:
    """The module ``max_cycles_test`` expects: ``env`` and ``parallel_env`` taking
    ``max_cycles``, set for actions sampled without the mask at every agent's turn."""

    def env(max_cycles: int) -> CardtableAECEnv:
        return rl.env(
            game,
            players=players,
            max_cycles=max_cycles,
            selection="cycle",
            illegal_action="penalise",
        )

    def parallel_env(max_cycles: int) -> Any:
        return rl.parallel_env(
            game, players=players, max_cycles=max_cycles, illegal_action="penalise"
        )

    return types.SimpleNamespace(env=env, parallel_env=parallel_env)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_max_cycles_test_passes(game: str, players: int) -> None:
    for _ in range(3):  # unseeded: a few draws of the deal and of the sampled actions
        max_cycles_test(harness(game, players))


def masked(rng: np.random.Generator, mask: Any) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("selection", ["turn", "cycle"])
def test_every_agent_is_truncated_after_max_cycles_of_masked_play(
    game: str, selection: str
) -> None:
    players, cycles = 3, 5
    env = rl.env(game, players=players, max_cycles=cycles, selection=selection)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    counts = dict.fromkeys(env.possible_agents, 0)
    steps = 0
    for agent in env.agent_iter():
        counts[agent] += 1
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        assert isinstance(observation, dict)
        mask = observation["action_mask"]
        env.step(masked(rng, mask) if mask.any() else 0)
        steps += 1
    assert steps == cycles * players  # a cycle is as many steps as there are agents
    if selection == "cycle":  # each agent once a cycle, then its last (dead) step
        assert set(counts.values()) == {cycles + 1}


def test_cycle_selection_goes_round_the_seats_and_plays_the_same_match() -> None:
    # Last Card waits for one seat at a time: the cycle schedule only adds passes.
    turn = rl.env("lastcard", players=3)
    cycle = rl.env("lastcard", players=3, selection="cycle")
    turn.reset(seed=4)
    cycle.reset(seed=4)
    rng = np.random.default_rng(4)
    order = []
    while turn.agents and not turn.terminations[turn.agent_selection]:
        observation = turn.observe(turn.agent_selection)
        assert isinstance(observation, dict)
        action = masked(rng, observation["action_mask"])
        while cycle.agent_selection != turn.agent_selection:
            passer = cycle.agent_selection
            assert not cycle.action_mask(passer).any()
            assert not cycle.action_mask(turn.agent_selection).any()  # to act, not selected
            before = len(cycle.game_state.log)
            cycle.step(7)  # not waited for: what it sends is not used
            assert len(cycle.game_state.log) == before
            order.append(cycle.possible_agents.index(passer))
        order.append(cycle.possible_agents.index(cycle.agent_selection))
        cycle.step(action)
        turn.step(action)
    assert cycle.game_state.log == turn.game_state.log
    assert all(cycle.terminations.values())
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(order))


@pytest.mark.parametrize("selection", ["turn", "cycle"])
def test_a_penalised_action_plays_nothing_and_costs_the_penalty(selection: str) -> None:
    env = rl.env("lastcard", players=2, illegal_action="penalise", selection=selection)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.action_mask(agent)
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = list(env.game_state.log)
    env.step(illegal)
    assert env.game_state.log == before
    assert env.infos[agent] == {"illegal_action": True}
    assert env._cumulative_rewards[agent] == ILLEGAL_PENALTY
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    if selection == "turn":  # the agent stays to act, with its mask unchanged
        assert env.agent_selection == agent
        assert np.array_equal(env.action_mask(agent), mask)
        env.step(int(np.flatnonzero(mask)[0]))
        assert len(env.game_state.log) == len(before) + 1
        assert "illegal_action" not in env.infos[agent]
    else:
        assert env.agent_selection != agent


def test_a_losing_illegal_action_ends_the_episode_for_the_offender() -> None:
    env = rl.env("skyjo", players=3, illegal_action="lose")
    env.reset(seed=6)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.action_mask(agent) == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards == {a: ILLEGAL_PENALTY if a == agent else 0.0 for a in env.agents}
    assert env.infos[agent] == {"illegal_action": True}


def test_by_default_an_illegal_action_raises_and_nothing_is_truncated() -> None:
    env = rl.env("lastcard", players=2)
    env.reset(seed=7)
    agent = env.agent_selection
    with pytest.raises(IllegalActionError, match="the action mask allows"):
        env.step(int(np.flatnonzero(env.action_mask(agent) == 0)[0]))
    rng = np.random.default_rng(7)
    while not any(env.terminations.values()):
        assert not any(env.truncations.values())
        env.step(masked(rng, env.action_mask(env.agent_selection)))


def test_the_parallel_env_truncates_after_max_cycles_steps() -> None:
    env = rl.parallel_env("cactus", players=2, max_cycles=6, illegal_action="penalise")
    observations, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    actor = env.agent_to_act
    illegal = int(np.flatnonzero(observations[actor]["action_mask"] == 0)[0])
    _, rewards, _, truncations, infos = env.step({actor: illegal})
    assert rewards[actor] == ILLEGAL_PENALTY and infos[actor]["illegal_action"]
    assert env.agent_to_act == actor and not any(truncations.values())
    for _ in range(4):
        actor = env.agent_to_act
        observations, _, _, truncations, _ = env.step(
            {actor: masked(rng, observations[actor]["action_mask"])}
        )
        assert not any(truncations.values())
    actor = env.agent_to_act
    _, _, terminations, truncations, _ = env.step(
        {actor: masked(rng, observations[actor]["action_mask"])}
    )
    assert all(truncations.values()) and not any(terminations.values())
    assert env.agents == []
    observations, _ = env.reset(seed=8)
    assert env.agents == env.possible_agents  # the count starts again


def test_the_cycle_options_keep_the_aec_api() -> None:
    for game in GAMES:
        api_test(
            rl.env(
                game,
                players=3,
                selection="cycle",
                illegal_action="penalise",
                max_cycles=40,
                action_mask="info",
            ),
            num_cycles=150,
        )


@pytest.mark.parametrize("value", [0, -1, 2.5, True, "4"])
def test_a_bad_max_cycles_is_refused(value: Any) -> None:
    with pytest.raises(CardtableError, match="max_cycles"):
        rl.env("lastcard", max_cycles=value)
    with pytest.raises(CardtableError, match="max_cycles"):
        rl.parallel_env("lastcard", max_cycles=value)


def test_the_parallel_env_takes_no_selection() -> None:
    with pytest.raises(CardtableError, match="selection"):
        rl.parallel_env("lastcard", selection="cycle")

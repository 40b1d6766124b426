"""The single-agent Gymnasium environment: Gymnasium's checker, masks, opponents."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardtable.rl as rl
from cardtable.bots.base import BotSpecError
from cardtable.engine.errors import CardtableError, IllegalActionError
from cardtable.rl.single import SingleAgentEnv


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_gymnasium_check_env_passes(game: str) -> None:
    # check_env steps unmasked random actions, so an illegal one must end the episode.
    check_env(rl.single_agent_env(game, illegal_action="lose"), skip_render_check=True)


def run(env: SingleAgentEnv, seed: int) -> tuple[list[np.ndarray], float]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen, total, over = [observation], 0.0, False
    while not over:
        assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, over, truncated, info = env.step(action)
        assert not truncated
        seen.append(observation)
        total += float(reward)
    return seen, total


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_a_seeded_episode_against_bots_replays_identically(game: str) -> None:
    env = rl.single_agent_env(game, players=3, opponents=["heuristic", "random"])
    first, reward = run(env, seed=9)
    again, reward_again = run(env, seed=9)
    assert reward == reward_again and reward in (-1.0, 1.0)
    assert len(first) == len(again) and all(map(np.array_equal, first, again))


def test_the_learner_acts_only_in_its_own_seat() -> None:
    env = rl.single_agent_env("lastcard", players=4, seat=2)
    env.reset(seed=1)
    for _ in range(30):
        assert env.aec.agent_selection == "player_2"
        _, _, over, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if over:
            break
    seats = {seat for seat, _ in env.aec.game_state.log}
    assert seats == {0, 1, 2, 3}


def test_an_illegal_action_raises_by_default_and_loses_when_asked() -> None:
    env = rl.single_agent_env("skyjo")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    losing = rl.single_agent_env("skyjo", illegal_action="lose")
    losing.reset(seed=0)
    _, reward, over, _, info = losing.step(illegal)
    assert (reward, over, info["illegal_action"]) == (-1.0, True, True)
    assert not losing.action_masks().any()


def test_bad_opponents_are_refused_when_the_env_is_made() -> None:
    with pytest.raises(BotSpecError, match="unknown bot 'nobody'"):
        rl.single_agent_env("skyjo", opponents=["nobody"])
    with pytest.raises(CardtableError, match="3 players need 2 opponent specs"):
        rl.single_agent_env("skyjo", players=3, opponents=["random"] * 3)
    with pytest.raises(CardtableError, match=r"seat must be 0\.\.1"):
        rl.single_agent_env("skyjo", seat=2)
    with pytest.raises(CardtableError, match="illegal_action must be one of raise, lose"):
        rl.single_agent_env("skyjo", illegal_action="ignore")

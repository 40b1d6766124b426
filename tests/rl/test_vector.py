"""The batched environment: Gymnasium's VectorEnv conventions, and the same episodes
as SingleAgentEnv from both backends (Python, and Last Card stepped in C)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium import spaces

import cardtable.rl as rl
from cardtable._core import native
from cardtable.bots.base import make_bot
from cardtable.engine.errors import CardtableError, IllegalActionError
from cardtable.rl.single import SingleAgentEnv
from cardtable.rl.vector import CardtableVectorEnv

RLCARD_RULES = {
    "play_drawn": False,
    "stack_plus_two": False,
    "stack_plus_four": False,
    "missed_call_penalty": 0,
}


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


def check_against_singles(vector: CardtableVectorEnv, seed: int, steps: int, **kwargs: Any) -> int:
    """Step ``vector`` and one SingleAgentEnv per sub-environment (reset with
    ``seed + i``, reset again the step after an episode ends) with the same random legal
    actions; every observation, mask, reward and termination must be equal. The number
    of episodes finished."""
    n = vector.num_envs
    singles = [SingleAgentEnv(**kwargs) for _ in range(n)]
    observations, infos = vector.reset(seed=seed)
    for i, single in enumerate(singles):
        observation, info = single.reset(seed=seed + i)
        assert np.array_equal(observations[i], observation)
        assert np.array_equal(infos["action_mask"][i], info["action_mask"].astype(bool))
    rng = np.random.default_rng(seed)
    ended = np.zeros(n, bool)
    finished = 0
    for _ in range(steps):
        actions = random_legal(vector.action_masks(), rng)
        observations, rewards, terminated, truncated, infos = vector.step(actions)
        assert not truncated.any()
        for i, single in enumerate(singles):
            if ended[i]:
                observation, info = single.reset()
                reward, done = 0.0, False
            else:
                observation, reward, done, _, info = single.step(int(actions[i]))
            assert np.array_equal(observations[i], observation)
            assert np.array_equal(infos["action_mask"][i], info["action_mask"].astype(bool))
            assert (rewards[i], terminated[i]) == (reward, done)
        ended = terminated
        finished += int(terminated.sum())
    return finished


def test_python_backend_matches_single_environments_in_every_game() -> None:
    for game, steps in (("skyjo", 60), ("cactus", 40), ("lastcard", 80)):
        kwargs = {"game": game, "players": 3, "opponents": ["random"]}
        vector = rl.vector_env(game, 3, players=3, opponents=["random"], backend="python")
        assert vector.backend == "python"
        check_against_singles(vector, 5, steps, **kwargs)


@pytest.mark.parametrize("options", [{}, RLCARD_RULES, {"target_score": 50}])
@pytest.mark.parametrize("players", [2, 4])
def test_native_backend_matches_single_environments(options: dict[str, Any], players: int) -> None:
    if native is None:  # the pure-Python run: the native backend must say why it cannot run
        with pytest.raises(CardtableError, match="compiled core is not built or is switched off"):
            rl.vector_env("lastcard", 2, backend="native")
        return
    vector = rl.vector_env("lastcard", 6, players=players, options=options, backend="native")
    assert vector.backend == "native"
    kwargs = {"game": "lastcard", "players": players, "options": options}
    assert check_against_singles(vector, 21, 250, **kwargs) >= 6


def test_both_backends_give_the_same_arrays() -> None:
    runs = []
    for backend in ("python", "auto"):
        vector = rl.vector_env("lastcard", 8, seed=3, backend=backend)
        observations, _ = vector.reset()
        rng = np.random.default_rng(0)
        seen = [observations]
        for _ in range(120):
            stepped = vector.step(random_legal(vector.action_masks(), rng))
            seen.extend([stepped[0], stepped[1], stepped[2], stepped[4]["action_mask"]])
        runs.append(seen)
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def test_auto_takes_the_native_backend_only_where_it_plays_the_same() -> None:
    expected = "python" if native is None else "native"
    assert rl.vector_env("lastcard", 2).backend == expected
    assert rl.vector_env("lastcard", 2, options=RLCARD_RULES).backend == expected
    assert rl.vector_env("lastcard", 2, opponents=["random"]).backend == "python"
    assert rl.vector_env("lastcard", 2, reward="score").backend == "python"
    assert rl.vector_env("skyjo", 2).backend == "python"
    if native is not None:
        with pytest.raises(CardtableError, match="only Last Card is stepped in C"):
            rl.vector_env("skyjo", 2, backend="native")
        with pytest.raises(CardtableError, match="'heuristic' opponents only"):
            rl.vector_env("lastcard", 2, opponents=["random"], backend="native")


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_gymnasium_vector_conventions(backend: str) -> None:
    vector = rl.vector_env("lastcard", 4, players=2, seed=9, backend=backend)
    assert vector.single_observation_space == rl.single_agent_env("lastcard").observation_space
    assert vector.observation_space.shape == (4, vector.single_observation_space.shape[0])
    assert isinstance(vector.single_action_space, spaces.Discrete)
    observations, infos = vector.reset()
    assert observations.shape == (4, vector.single_observation_space.shape[0])
    assert observations.dtype == np.float32
    assert infos["action_mask"].shape == (4, vector.single_action_space.n)
    assert infos["action_mask"].dtype == np.bool_ and infos["action_mask"].any(axis=1).all()
    rng = np.random.default_rng(1)
    for _ in range(400):
        observations, rewards, terminated, _, infos = vector.step(
            random_legal(vector.action_masks(), rng)
        )
        if terminated.any():
            break
    done = int(np.flatnonzero(terminated)[0])
    assert rewards[done] in (-1.0, 0.0, 1.0) and not infos["action_mask"][done].any()
    # The next step resets it: its action is not used, reward 0, a new first observation.
    observations, rewards, terminated, _, infos = vector.step(
        random_legal(vector.action_masks(), rng)
    )
    assert rewards[done] == 0.0 and not terminated[done] and infos["action_mask"][done].any()


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_an_illegal_action_raises_and_moves_no_environment(backend: str) -> None:
    vector = rl.vector_env("lastcard", 3, seed=2, backend=backend)
    observations, infos = vector.reset()
    actions = random_legal(infos["action_mask"], np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(~infos["action_mask"][1])[0])
    with pytest.raises(IllegalActionError, match="environment 1 cannot take action"):
        vector.step(actions)
    with pytest.raises(IllegalActionError, match="shape"):
        vector.step(actions[:2])
    assert np.array_equal(vector.action_masks(), infos["action_mask"])
    again, _, _, _, _ = vector.step(random_legal(infos["action_mask"], np.random.default_rng(0)))
    assert again.shape == observations.shape


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(CardtableError, match="num_envs must be a whole number"):
        rl.vector_env("lastcard", 0)
    with pytest.raises(CardtableError, match="backend must be one of"):
        rl.vector_env("lastcard", 2, backend="gpu")
    with pytest.raises(CardtableError, match="2 environments need 2 seeds"):
        rl.vector_env("lastcard", 2).reset(seed=[1, 2, 3])


#: A match (RLCard's rules, 2 players) whose round the heuristic in seat 1 wins before
#: seat 0 has a decision: every turn of seat 0 is a forced draw that passes on.
NO_DECISION_SEED = 582321705011873965


def test_a_round_over_before_the_learners_first_decision_is_dealt_again() -> None:
    aec = rl.env("lastcard", players=2, options=RLCARD_RULES)
    aec.reset(seed=NO_DECISION_SEED)
    heuristic = make_bot("heuristic", "lastcard")
    while aec.agent_selection == "player_1" and not aec.terminations["player_1"]:
        aec.step(aec.game_spec.action_index(heuristic.act(aec.game_state, 1)))
    assert aec.terminations["player_0"]  # seat 0 never had a decision
    single = SingleAgentEnv("lastcard", 2, options=RLCARD_RULES)
    drawn = iter([(NO_DECISION_SEED, [1])])
    real = single.episode_seeds
    single.episode_seeds = lambda seed: next(drawn, None) or real(seed)  # type: ignore[method-assign]
    _, info = single.reset(seed=4)
    assert info["action_mask"].any() and not single.aec.terminations["player_0"]
    assert single.aec.game_state.seed != aec.game_state.seed
    if native is not None:
        vector = rl.vector_env("lastcard", 1, options=RLCARD_RULES, backend="native")
        assert vector._native is not None
        assert vector._native.reset(0, NO_DECISION_SEED) is False
        assert vector._native.reset(0, 4) is True

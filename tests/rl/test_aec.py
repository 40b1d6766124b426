"""The PettingZoo AEC environments: the API, masks, illegal actions, seeding, turns."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import cardtable
import cardtable.rl as rl
from cardtable.engine.errors import CardtableError, IllegalActionError, PlayerCountError
from cardtable.rl.aec import CardtableAECEnv

TABLES = [
    ("cactus", 2),
    ("cactus", 4),
    ("cactus", 8),
    ("skyjo", 2),
    ("skyjo", 4),
    ("skyjo", 8),
    ("lastcard", 2),
    ("lastcard", 4),
    ("lastcard", 10),
]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the Box form draws no warning
        api_test(rl.env(game, players=players, action_mask="info"), num_cycles=200)
    # The dict form draws the two warnings PettingZoo gives every dict observation
    # outside its own classic games (tests/rl/test_conformance.py checks which).
    with pytest.warns(UserWarning, match="Observation"):
        api_test(rl.env(game, players=players), num_cycles=200)


def play_episode(env: CardtableAECEnv, seed: int) -> tuple[list[np.ndarray], dict[str, float]]:
    """Play one episode with mask-uniform random actions; the observations seen and
    the total rewards."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    seen = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        seen.append(observation["observation"])
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    return seen, totals


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_a_seeded_episode_replays_identically(game: str) -> None:
    first, rewards = play_episode(rl.env(game, players=3), seed=11)
    again, rewards_again = play_episode(rl.env(game, players=3), seed=11)
    other, _ = play_episode(rl.env(game, players=3), seed=12)
    assert len(first) == len(again) and all(map(np.array_equal, first, again))
    assert rewards == rewards_again
    assert len(first) != len(other) or not all(map(np.array_equal, first, other))


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_the_match_record_replays_the_episode(game: str) -> None:
    env = rl.env(game, players=2)
    play_episode(env, seed=5)
    replayed = cardtable.replay(env.game_state.record())
    assert replayed.view(0) == env.game_state.view(0)


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_win_rewards_go_to_the_round_winners(game: str) -> None:
    env = rl.env(game, players=3)
    _, totals = play_episode(env, seed=3)
    state = env.game_state
    scores = state.round_scores[0]
    best = min(scores) if cardtable.get_game(game).lower_score_wins else max(scores)
    for seat, agent in enumerate(env.possible_agents):
        assert totals[agent] == (1.0 if scores[seat] == best else -1.0)


def test_score_rewards_follow_the_round_scores() -> None:
    env = rl.env("skyjo", players=3, reward="score")
    _, totals = play_episode(env, seed=4)
    scores = env.game_state.round_scores[0]
    for seat, agent in enumerate(env.possible_agents):
        others = [s for i, s in enumerate(scores) if i != seat]
        assert totals[agent] == pytest.approx(-(scores[seat] - sum(others) / 2))


def test_match_scope_plays_to_the_end_of_the_match() -> None:
    env = rl.env("cactus", players=2, scope="match", options={"rounds": 2})
    _, totals = play_episode(env, seed=2)
    state = env.game_state
    assert state.is_over and len(state.round_scores) == 2
    expected = (
        [0.0, 0.0]
        if len(state.winners) == 2
        else [1.0 if seat in state.winners else -1.0 for seat in range(2)]
    )
    assert [totals[a] for a in env.possible_agents] == expected


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_an_illegal_action_raises_and_changes_nothing(game: str) -> None:
    env = rl.env(game, players=2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game_state.to_json()
    with pytest.raises(IllegalActionError, match="the action mask allows"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="an index from 0"):
        env.step(len(mask))
    with pytest.raises(IllegalActionError, match="an index from 0"):
        env.step(None)
    assert env.game_state.to_json() == before


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = rl.env("lastcard", players=3)
    env.reset(seed=0)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)


def test_skyjo_setup_is_taken_in_seat_order() -> None:
    env = rl.env("skyjo", players=3)
    env.reset(seed=0)
    order = []
    while env.game_state.view(None)["phase"] == "setup":
        order.append(env.agent_selection)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert order == ["player_0"] * 2 + ["player_1"] * 2 + ["player_2"] * 2


def test_a_quick_discard_window_is_taken_clockwise_from_the_discarder() -> None:
    env = rl.env("cactus", players=3)
    for seed in range(100):
        env.reset(seed=seed)
        rng = random.Random(seed)
        state = env.game_state
        while not env.terminations[env.agent_selection]:
            window = state.view(None)["window"]
            if window and len(window["waiting"]) > 1:
                discarder = state.log[-1][0]
                first = min(window["waiting"], key=lambda s: (s - discarder) % 3)
                assert env.agent_selection == f"player_{first}"
                return
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
    pytest.fail("no quick-discard window with two waiting seats in 100 deals")


def test_render_shows_the_seat_view() -> None:
    env = rl.env("lastcard", players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    hand = env.game_state.view(int(env.agent_selection[-1]))["hand"]
    assert " ".join(hand) in text
    assert " ".join(env.game_state.view(1 - int(env.agent_selection[-1]))["hand"]) not in text


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(CardtableError, match="reward must be one of win, score"):
        rl.env("skyjo", reward="points")
    with pytest.raises(CardtableError, match="scope must be one of round, match"):
        rl.env("skyjo", scope="game")
    with pytest.raises(PlayerCountError):
        rl.env("skyjo", players=9)
    with pytest.raises(CardtableError, match="unknown game"):
        rl.env("poker")

"""The OpenSpiel adapter: OpenSpiel's own checks, tensors, re-sampling, its IS-MCTS."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import cardtable.openspiel
from cardtable.engine.errors import CardtableError
from cardtable.openspiel.game import DEAL_NODES, DEAL_OUTCOMES, deal_seed
from cardtable.rl.observer import Observer

TABLES = [
    ("cactus", 2),
    ("cactus", 4),
    ("skyjo", 2),
    ("skyjo", 4),
    ("lastcard", 2),
    ("lastcard", 4),
]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_openspiel_random_sim_test_passes_with_serialisation(game: str, players: int) -> None:
    loaded = pyspiel.load_game(f"python_cardtable_{game}(players={players})")
    assert loaded.num_players() == players
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_a_serialised_state_comes_back_whole(game: str) -> None:
    state = walk(game, 3, steps=12)
    loaded, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state)
    )
    assert str(loaded) == str(state.get_game())
    assert str(again) == str(state) and again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()
    assert again.observation_tensor(1) == state.observation_tensor(1)


def dealt(game: str, players: int, seed: int = 1) -> pyspiel.State:
    """A new state past the deal's chance nodes, the seed bytes drawn from ``seed``."""
    loaded = cardtable.openspiel.load(game, players=players)
    state = loaded.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        state.apply_action(int(rng.integers(DEAL_OUTCOMES)))
    return state


def walk(game: str, players: int, steps: int, seed: int = 1) -> pyspiel.State:
    state = dealt(game, players, seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_tensors_are_the_view_observation(game: str) -> None:
    state = walk(game, 3, steps=15)
    observer = Observer(game, 3, state.get_game().options)
    for player in range(3):
        expected = observer.encode(state.game_state.view(player))
        assert np.array_equal(state.observation_tensor(player), expected)
        assert np.array_equal(state.information_state_tensor(player), expected)


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_a_resampled_state_looks_the_same_to_the_player(game: str) -> None:
    differs = 0
    for steps in (0, 9, 23):
        state = walk(game, 2, steps=steps)
        if state.is_terminal():
            continue
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(5):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.legal_actions() == state.legal_actions()
            differs += str(other) != str(state)
    assert differs > 0


def test_the_deal_is_chance_nodes_whose_outcomes_fix_it() -> None:
    state = cardtable.openspiel.load("skyjo").new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEAL_OUTCOMES
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.observation_tensor(0) == [0.0] * len(state.observation_tensor(0))
    assert str(dealt("skyjo", 2, seed=5)) == str(dealt("skyjo", 2, seed=5))
    assert str(dealt("skyjo", 2, seed=5)) != str(dealt("skyjo", 2, seed=6))
    first = dealt("skyjo", 2, seed=5)
    assert first.history()[:DEAL_NODES] == dealt("skyjo", 2, seed=5).history()
    assert first.game_state.seed == deal_seed(first.history()[:DEAL_NODES])


def test_options_and_scope_parameters() -> None:
    game = cardtable.openspiel.load("cactus", options={"rounds": 2}, scope="match")
    assert game.options["rounds"] == 2 and game.options["memory_aid"] is True
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.game_state.round_scores) == 2
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(CardtableError, match="scope must be one of round, match"):
        cardtable.openspiel.load("cactus", scope="forever")


def test_an_illegal_action_is_refused() -> None:
    state = walk("lastcard", 2, steps=0)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="cannot"):
        state.apply_action(illegal)


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_openspiels_ismcts_plays_a_round(game: str) -> None:
    state = dealt(game, 2, seed=2)
    loaded = state.get_game()
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(loaded, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(set(state.returns())) in ([-1.0, 1.0], [0.0])

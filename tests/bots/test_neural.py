"""The ``neural`` bot: the shipped weights, legal play in whole matches, determinism,
and play with numpy alone (torch is for training only)."""

from __future__ import annotations

import random
import subprocess
import sys
from importlib import resources

import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.base import BotSpecError
from cardtable.bots.neural import (
    PLAYERS,
    POLICY_GROUP,
    NeuralBot,
    ShippedPolicy,
    load_network,
    shipped_games,
    weights_name,
)
from cardtable.engine.plugins import plugin
from cardtable.engine.registry import get_game
from cardtable.rl.observer import observation_size
from cardtable.sim.runner import play_match

MAX_BYTES = 2 * 1024 * 1024
GAMES = shipped_games()


def match(game: str, seed: int, bots: list[str], players: int = PLAYERS) -> cardtable.State:
    """A whole match (the game's default options) played out by ``bots``."""
    state = cardtable.make(game, players, seed=seed)
    seated = [make_bot(spec, game, seed=seed * 10 + seat) for seat, spec in enumerate(bots)]
    play_match(state, seated, random.Random(seed))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_weights_ship_small_and_fit_the_observation_and_actions(game: str) -> None:
    path = resources.files(f"cardtable.games.{game}") / "weights" / weights_name(game, PLAYERS)
    assert path.is_file()
    assert len(path.read_bytes()) < MAX_BYTES
    network = load_network(game, PLAYERS)
    assert network is not None
    assert network.meta["game"] == game and network.meta["players"] == PLAYERS
    first, last = network.layers[0][0], network.layers[-1][0]
    assert first.shape[0] == observation_size(game, PLAYERS)
    assert last.shape[1] == get_game(game).action_space_size


def test_each_game_ships_its_weights_in_its_own_package_and_the_bots_none() -> None:
    """A game's weights come and go with the game: the bot layer holds none."""
    assert GAMES == ["lastcard", "skyjo"]
    for game in GAMES:
        policy = plugin(POLICY_GROUP, game, ShippedPolicy)
        assert policy == ShippedPolicy(f"cardtable.games.{game}")
    assert not (resources.files("cardtable.bots") / "weights").is_dir()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_it_plays_legal_moves_through_whole_matches(game: str, seat: int) -> None:
    bots = ["hard", "hard"]
    bots[seat] = "neural"
    # play_match applies each move through State.apply, which refuses an illegal one.
    state = match(game, seed=3 + seat, bots=bots)
    assert state.is_over
    assert cardtable.replay(state.record()).totals == state.totals


@pytest.mark.parametrize("game", GAMES)
def test_it_is_deterministic_for_a_seed(game: str) -> None:
    first = match(game, seed=7, bots=["neural", "random"]).record()
    again = match(game, seed=7, bots=["neural", "random"]).record()
    assert first == again


def test_at_a_table_size_without_weights_it_plays_as_the_heuristic() -> None:
    state = cardtable.make("lastcard", 3, seed=2)
    bot = make_bot("neural", "lastcard", seed=1)
    hard = make_bot("hard", "lastcard", seed=1)
    seat = state.to_act[0]
    assert bot.act(state, seat) == hard.act(state, seat)
    assert isinstance(bot, NeuralBot) and bot.stand_in is not None


def test_it_is_offered_only_where_weights_ship() -> None:
    with pytest.raises(BotSpecError, match="unknown bot 'neural' for cactus"):
        make_bot("neural", "cactus")


def test_the_learnt_policy_beats_random_play_in_last_card() -> None:
    wins = 0
    for seed in range(60):
        bots = ["neural", "random"] if seed % 2 == 0 else ["random", "neural"]
        state = cardtable.make("lastcard", 2, seed=seed, options={"target_score": 1})
        play_match(state, [make_bot(b, "lastcard", seed=seed) for b in bots], random.Random(0))
        wins += bots.index("neural") in state.winners
    assert wins >= 39  # at least 65%; masked random play against random wins about half


PLAY_WITHOUT_TORCH = """
import random, sys
sys.modules["torch"] = None  # any import of torch now fails
import cardtable
from cardtable.bots import make_bot
from cardtable.sim.runner import play_match
for game in ("lastcard", "skyjo"):
    state = cardtable.make(game, 2, seed=5)
    bots = [make_bot("neural", game, seed=1), make_bot("hard", game, seed=2)]
    play_match(state, bots, random.Random(0))
    assert state.is_over
assert sys.modules["torch"] is None
print("played", sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "torch")) [:1])
"""


def test_it_plays_with_numpy_alone_never_importing_torch() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PLAY_WITHOUT_TORCH], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("played ['numpy")

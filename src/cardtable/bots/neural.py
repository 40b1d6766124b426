"""The ``neural`` bot: a policy learnt by self-play training, run with numpy alone.

The weights ship in each game's package (``cardtable/games/GAME/weights/GAME-2p.npz``,
float32): a small multilayer perceptron trained by ``research/train_policy.py`` (PPO
with action masks on ``cardtable.rl.vector_env``, torch at training time only). At play time the
bot encodes the seat's view as the RL environments do (``cardtable.rl.Observer``),
runs the layers with numpy, masks out the illegal actions and plays the most likely
legal one, so its move depends only on what the seat may know and on nothing random:
the same position always gets the same move, whatever the seed.

It plays the games that declare shipped weights (a ``ShippedPolicy`` entry in the
``cardtable.bot_policies`` group, named by the game), at the table size they were
trained at (2 players). At any other table size it plays as the game's heuristic (the ``hard``
level) instead and says so in ``stand_in``: a learnt input layer has the width of one
table size's observation. Numpy comes with the ``rl`` extra.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from cardtable.engine.actions import Action
from cardtable.engine.plugins import plugin, plugin_table
from cardtable.engine.registry import get_game
from cardtable.engine.state import State
from cardtable.extras import require

from .base import Bot, BotFactory, make_bot, register_source

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: The table size the shipped policies are trained at.
PLAYERS = 2

#: The entry-point group under which a game declares the weights it ships: an entry
#: named by the game, naming its ``ShippedPolicy``.
POLICY_GROUP = "cardtable.bot_policies"


@dataclass(frozen=True)
class ShippedPolicy:
    """Where a game's learnt policy ships: ``<package>/weights/GAME-Np.npz``."""

    #: The package whose ``weights`` folder holds the game's files: the game's own, so
    #: that a game and its weights come and go together.
    package: str


def shipped_games() -> list[str]:
    """The games that declare shipped weights, by name."""
    return sorted(plugin_table(POLICY_GROUP, ShippedPolicy))


def weights_name(game: str, players: int) -> str:
    """The file of ``game``'s weights at ``players`` (in its package's ``weights``)."""
    return f"{game}-{players}p.npz"


class Network:
    """The layers of one shipped policy: ReLU hidden layers, then one logit an action."""

    def __init__(self, arrays: dict[str, npt.NDArray[np.float32]], meta: dict[str, Any]) -> None:
        count = len([k for k in arrays if k.startswith("w")])
        self.layers = [(arrays[f"w{k}"], arrays[f"b{k}"]) for k in range(count)]
        self.meta = meta

    def logits(self, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        import numpy as np

        h = observation
        for k, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if k < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h


@cache
def load_network(game: str, players: int) -> Network | None:
    """The shipped policy for ``game`` at ``players``, or None where none ships."""
    require("numpy", "rl", "the neural bot")
    import numpy as np

    policy = plugin(POLICY_GROUP, game, ShippedPolicy)
    if policy is None:
        return None
    source = resources.files(policy.package) / "weights" / weights_name(game, players)
    if not source.is_file():
        return None
    with source.open("rb") as handle, np.load(handle) as data:
        arrays = {k: np.asarray(data[k], np.float32) for k in data.files if k != "meta"}
        meta = json.loads(str(data["meta"]))
    return Network(arrays, meta)


@cache
def _observer(game: str, players: int) -> Any:
    from cardtable.rl.observer import Observer

    return Observer(game, players)


class NeuralBot(Bot):
    """Plays the shipped policy's most likely legal action (``game``'s weights)."""

    def __init__(self, game: str, seed: int | None = None) -> None:
        super().__init__(seed)
        require("numpy", "rl", "the neural bot")
        self.game = game
        self.spec = get_game(game)
        #: Why a move was the heuristic's instead (None while the policy plays).
        self.stand_in: str | None = None
        self._heuristic = make_bot("heuristic", game, seed)
        self._heuristic.rng = self.rng  # one stream: a playout's luck seeds both

    def act(self, state: State, seat: int) -> Action:
        import numpy as np

        network = load_network(self.game, state.num_players)
        if network is None:
            self.stand_in = f"no weights for {state.num_players} players: the heuristic plays"
            return self._heuristic.act(state, seat)
        self.stand_in = None
        observation = _observer(self.game, state.num_players).encode(state.view(seat))
        logits = network.logits(observation)
        legal = state.legal_actions(seat)
        indices = np.array([self.spec.action_index(a) for a in legal])
        return legal[int(np.argmax(logits[indices]))]


def _neural_bots(game: str) -> dict[str, BotFactory]:
    """``neural`` for ``game``, if it declares shipped weights."""
    if plugin(POLICY_GROUP, game, ShippedPolicy) is None:
        return {}

    def build(seed: int | None = None) -> NeuralBot:
        return NeuralBot(game, seed)

    return {"neural": build}


def register() -> None:
    """``neural`` for every game that declares shipped weights."""
    register_source(_neural_bots)

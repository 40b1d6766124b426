"""``openspiel-ismcts``: OpenSpiel's IS-MCTS as a bot spec, to measure our bots against.

OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts``) searches the game through
this package's adapter, in every game. Parameters: ``iterations`` (simulations per
decision), ``ms`` (time per decision; with both, whichever ends first; neither: 400
iterations), ``c`` (the UCT constant, 2 as in OpenSpiel's examples), ``belief``
(``informed``, as cardtable's ``ismcts`` re-deals by default, or ``uniform``).

The bot is declared under the ``cardtable.bots`` entry-point group (``BOT``). Without
the ``[openspiel]`` extra this package does not load, and building the bot fails with
a ``MissingExtraError`` naming the extra.
"""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np

from cardtable.bots.base import Bot, BotSpecError, Budget, DeclaredBot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.extras import require

from .game import CardtableGame, load
from .search import PlayoutEvaluator, TimedIsmcts

DEFAULT_ITERATIONS = 400
BELIEFS = ("informed", "uniform")


class OpenSpielIsmctsBot(Bot):
    """OpenSpiel's IS-MCTS bot, with a budget of ``iterations`` and/or ``ms``."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        ms: float | None = None,
        c: float = 2.0,
        belief: str = "informed",
    ) -> None:
        super().__init__(seed)
        require("pyspiel", "openspiel", "the openspiel-ismcts bot")
        if belief not in BELIEFS:
            raise BotSpecError(f"belief must be one of {', '.join(BELIEFS)}, not {belief!r}")
        for name, value in (("iterations", iterations), ("ms", ms)):
            if value is not None and not value > 0:
                raise BotSpecError(f"{name} must be positive, got {value!r}")
        #: The simulations asked for (None: as many as ``ms`` allows).
        self.budgeted = iterations or (DEFAULT_ITERATIONS if ms is None else None)
        self.iterations = int(self.budgeted or 10**9)
        self.seconds = None if ms is None else ms / 1000
        self.c = float(c)
        self.belief = belief

    def budget(self) -> Budget:
        budgeted = None if self.budgeted is None else int(self.budgeted)
        return Budget(self.seconds, budgeted, searches=True)

    def act(self, state: State, seat: int) -> Action:
        game = _spiel_game(state.game, state.num_players, _options_key(state), self.belief)
        search = TimedIsmcts(
            game,
            self.seconds,
            evaluator=PlayoutEvaluator(game, self.rng.getrandbits(63)),
            uct_c=self.c,
            max_simulations=self.iterations,
            random_state=np.random.RandomState(self.rng.getrandbits(32)),
        )
        root = game.from_match(state, actor=seat)
        chosen: Action = game.spec.action_from_index(int(search.step(root)))
        return chosen


def _options_key(state: State) -> str:
    return json.dumps(state.options.to_dict(), sort_keys=True)


@lru_cache(maxsize=32)
def _spiel_game(game: str, players: int, options: str, belief: str) -> CardtableGame:
    return load(game, players=players, options=options, belief=belief)


#: The ``cardtable.bots`` entry: the bot plays every game.
BOT = DeclaredBot(OpenSpielIsmctsBot)

"""OpenSpiel's IS-MCTS bot with a time budget, and rollouts played by the engine.

``open_spiel.python.algorithms.ismcts.ISMCTSBot`` searches a fixed number of
simulations; ``TimedIsmcts`` stops at whichever comes first of that number and a
deadline, so it can be compared with cardtable's ``ismcts`` at equal time as well as
at equal iterations. It overrides only the loop of ``run_search``: world sampling
(``resample_from_infostate``), the tree, UCT selection and the final policy (the most
visited action) are OpenSpiel's own.

Its leaf evaluator plays uniformly random legal actions, as OpenSpiel's
``RandomRolloutEvaluator`` does, but through the engine's ``random_playout`` rather
than one OpenSpiel ``apply_action`` call per step: the same kind of rollout, without
the cost of crossing into OpenSpiel at every step.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import numpy.typing as npt
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.rl.rewards import final_win_rewards

from .game import CardtableGame, CardtableSpielState


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]  # open_spiel ships no types
    """Scores a leaf by one uniformly random playout to the end of the game's scope."""

    def __init__(self, game: CardtableGame, seed: int) -> None:
        self._scope = game.scope
        self._rng = random.Random(seed)

    def evaluate(self, state: CardtableSpielState) -> npt.NDArray[np.float64]:
        match = state.match
        world = match.state.clone()
        world.random_playout(self._rng, until_round_end=self._scope == "round")
        return np.array(final_win_rewards(world, self._scope, match.rounds_before))

    def prior(self, state: CardtableSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class TimedIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]  # open_spiel ships no types
    """``ISMCTSBot`` that also stops after ``seconds`` (None: no time limit)."""

    def __init__(self, game: Any, seconds: float | None, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self._seconds = seconds
        # OpenSpiel's default sampler has a generator of its own; drawing from the
        # bot's makes a search with an iteration budget replay from the bot's seed.
        self.set_resampler(
            lambda state, player: state.resample_from_infostate(player, self.random_number)
        )

    def run_search(self, state: CardtableSpielState) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        deadline = None if self._seconds is None else time.perf_counter() + self._seconds
        self._root_node = self.create_new_node(state)
        for _ in range(self._max_simulations):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self.run_simulation(self.sample_root_state(state))
        if self._root_node.total_visits <= 0:  # not one simulation in time
            return [(action, 1.0 / len(legal)) for action in legal]
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy

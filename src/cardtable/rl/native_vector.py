"""The compiled backend of the batched environment: a game's matches stepped in C.

The game's ``NativeBackend`` (``cardtable.rl.encoding``) holds N matches as C values
and steps them, with the encoder of ``cardtable.rl.native_encoder`` (the same
definitions, taken from the Python code). It applies only where the C plays exactly
what ``SingleAgentEnv`` does (``native_reason`` says why not otherwise), and the tests
check its observations, masks and rewards against ``SingleAgentEnv``'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .native_encoder import backend_of, encoder_reason
from .single import SingleAgentEnv


def native_reason(env: SingleAgentEnv) -> str | None:
    """Why ``env``'s episodes cannot be stepped in C; None when they can."""
    reason = encoder_reason(env.aec)
    if reason is not None:
        return reason
    if env.aec.reward != "win" or env.aec.scope != "round":
        return "the C steps reward='win', scope='round' only"
    opponent = backend_of(env.aec).opponent
    if any(spec != opponent for spec in env.opponent_specs):
        return f"the C plays '{opponent}' opponents only, not {env.opponent_specs}"
    return None


class NativeMatches:
    """N matches in C, writing into the batched environment's arrays."""

    def __init__(
        self,
        env: SingleAgentEnv,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
    ) -> None:
        self._backend = backend_of(env.aec)
        self._matches = self._backend.new(env.aec, observations, masks, env.seat)

    def reset(self, i: int, match_seed: int) -> bool:
        """A new match in environment ``i``, dealt as ``CardtableAECEnv.reset(seed=match_seed)``
        deals it (``deal_seed`` of a generator seeded with it; the C seeds its own);
        whether the learner has a decision in it (False: the round ended first)."""
        return self._backend.reset(self._matches, i, match_seed)

    def step(
        self,
        actions: npt.NDArray[Any],
        playing: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float64],
        terminations: npt.NDArray[np.bool_],
    ) -> None:
        self._backend.step(self._matches, actions, playing, rewards, terminations)

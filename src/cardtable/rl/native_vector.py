"""The compiled backend of the batched environment: Last Card stepped in C.

``cardtable/_core/lastcard_vec.c`` holds N matches as C values and steps them, with
the encoder of ``cardtable.rl.native_encoder`` (the same definitions, taken from the
Python code). It applies only where the C plays exactly what ``SingleAgentEnv`` does
(``native_reason`` says why not otherwise), and the tests check its observations,
masks and rewards against ``SingleAgentEnv``'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable._core import native

from .native_encoder import encoder_reason, new_vec
from .single import SingleAgentEnv

#: The opponent the compiled core plays (the heuristic's choice, lastcard_playout.c).
CORE_OPPONENT = "heuristic"


def native_reason(env: SingleAgentEnv) -> str | None:
    """Why ``env``'s episodes cannot be stepped in C; None when they can."""
    reason = encoder_reason(env.aec)
    if reason is not None:
        return reason
    if env.aec.reward != "win" or env.aec.scope != "round":
        return "the C steps reward='win', scope='round' only"
    if any(spec != CORE_OPPONENT for spec in env.opponent_specs):
        return f"the C plays '{CORE_OPPONENT}' opponents only, not {env.opponent_specs}"
    return None


class NativeLastCard:
    """N Last Card matches in C, writing into the batched environment's arrays."""

    def __init__(
        self,
        env: SingleAgentEnv,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
    ) -> None:
        self._vec = new_vec(env.aec, observations, masks, env.seat)

    def reset(self, i: int, match_seed: int) -> bool:
        """A new match in environment ``i``, dealt as ``CardtableAECEnv.reset(seed=match_seed)``
        deals it (``deal_seed`` of a generator seeded with it; the C seeds its own);
        whether the learner has a decision in it (False: the round ended first)."""
        native_core = native
        assert native_core is not None
        return bool(native_core.lastcard_vec_reset(self._vec, i, match_seed))

    def step(
        self,
        actions: npt.NDArray[Any],
        playing: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float64],
        terminations: npt.NDArray[np.bool_],
    ) -> None:
        native_core = native
        assert native_core is not None
        native_core.lastcard_vec_step(
            self._vec,
            np.ascontiguousarray(actions, np.int64),
            np.ascontiguousarray(playing),
            rewards,
            terminations,
        )

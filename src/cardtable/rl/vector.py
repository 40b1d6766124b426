"""A batched Gymnasium environment: N single-agent matches stepped together.

``CardtableVectorEnv`` follows Gymnasium's ``VectorEnv`` conventions: observations
are one float32 array ``(num_envs, size)``, rewards, terminations and truncations
arrays of ``num_envs``, actions an int array of ``num_envs``; each sub-environment
resets itself the step after its episode ends (``AutoresetMode.NEXT_STEP``, the
Gymnasium default: that step ignores its action and returns the new episode's first
observation with reward 0). ``action_masks()`` and ``infos["action_mask"]`` give the
legal actions as a boolean array ``(num_envs, actions)``.

Sub-environment ``i`` is exactly ``SingleAgentEnv`` (same encoding, seeding, rewards
and opponents) reset with seed ``seed + i``: the tests step both with the same actions
and compare. Two backends make the same episodes:

- ``python``: N ``SingleAgentEnv`` objects, for every game, option and opponent;
- ``native``: matches stepped in C (``cardtable.rl.native_vector``), for the
  default rules, ``reward="win"``, ``scope="round"`` and ``heuristic`` opponents
  (the bot the compiled core plays); ``backend="auto"`` takes it wherever it applies
  and the core is built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardtable.engine.errors import CardtableError, IllegalActionError

from .rewards import check_choice
from .single import SingleAgentEnv

BACKENDS = ("auto", "python", "native")
Array = npt.NDArray[Any]


def episode_seeds(seed: int | Sequence[int | None] | None, num_envs: int) -> list[int | None]:
    """Gymnasium's rule: an int seeds sub-environment ``i`` with ``seed + i``."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, int):
        return [seed + i for i in range(num_envs)]
    seeds = list(seed)
    if len(seeds) != num_envs:
        raise CardtableError(f"{num_envs} environments need {num_envs} seeds, got {len(seeds)}")
    return seeds


class CardtableVectorEnv(VectorEnv[Array, Array, Array]):
    """``num_envs`` single-agent matches of ``game``, a learner in ``seat`` of each."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: int = 2,
        opponents: Sequence[str] = ("heuristic",),
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        scope: str = "round",
        seat: int = 0,
        backend: str = "auto",
        copy: bool = True,
    ) -> None:
        check_choice("backend", backend, BACKENDS)
        if not isinstance(num_envs, int) or num_envs < 1:
            raise CardtableError(f"num_envs must be a whole number of at least 1, not {num_envs!r}")
        self.envs = [
            SingleAgentEnv(game, players, opponents, options, reward, scope, seat)
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        self.copy = copy
        self._seed = seed
        size = first.aec.observer.size
        self._observations = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, first.aec.game_spec.action_space_size), np.bool_)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)
        from .native_vector import NativeMatches, native_reason

        reason = native_reason(first)
        if backend == "native" and reason is not None:
            raise CardtableError(f"the native backend cannot run this environment: {reason}")
        self._native = (
            NativeMatches(first, self._observations, self._masks)
            if backend != "python" and reason is None
            else None
        )
        #: The backend that steps the matches: ``python`` or ``native``.
        self.backend = "python" if self._native is None else "native"

    # ------------------------------------------------------------ the API
    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Array, dict[str, Any]]:
        if seed is None and self._seed is not None:
            seed, self._seed = self._seed, None  # the constructor's seed, used once
        for i, env_seed in enumerate(episode_seeds(seed, self.num_envs)):
            self._reset_one(i, env_seed)
        self._autoreset[:] = False
        return self._out(self._observations), self._infos()

    def step(self, actions: Array) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise IllegalActionError(
                f"actions must have shape ({self.num_envs},), not {actions.shape}"
            )
        playing = ~self._autoreset
        self._check_legal(actions, playing)
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        for i in np.flatnonzero(self._autoreset):
            self._reset_one(int(i), None)
        if self._native is not None:
            self._native.step(actions, playing, self._rewards, self._terminations)
        else:
            for i in np.flatnonzero(playing):
                self._step_one(int(i), int(actions[i]))
        self._autoreset[:] = self._terminations | self._truncations
        return (
            self._out(self._observations),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            self._infos(),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every sub-environment now (what ``MaskablePPO`` asks)."""
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the matches live in this process."""

    # ------------------------------------------------------------ the steps
    def _check_legal(self, actions: Array, playing: npt.NDArray[np.bool_]) -> None:
        """Refuse the whole step, before any environment moves, if one action is illegal."""
        size = self._masks.shape[1]
        inside = (actions >= 0) & (actions < size)
        legal = inside & self._masks[np.arange(self.num_envs), np.where(inside, actions, 0)]
        wrong = np.flatnonzero(playing & ~legal)
        if wrong.size:
            i = int(wrong[0])
            allowed = np.flatnonzero(self._masks[i]).tolist()
            raise IllegalActionError(
                f"environment {i} cannot take action {actions[i]!r} now; "
                f"its action mask allows {allowed}"
            )

    def _reset_one(self, i: int, seed: int | None) -> None:
        env = self.envs[i]
        if self._native is not None:
            match_seed = env.episode_seeds(seed)[0]
            while not self._native.reset(i, match_seed):  # as SingleAgentEnv.reset deals again
                match_seed = env.episode_seeds(None)[0]
            return
        observation, info = env.reset(seed=seed)
        self._observations[i] = observation
        self._masks[i] = info["action_mask"]

    def _step_one(self, i: int, action: int) -> None:
        observation, reward, terminated, truncated, info = self.envs[i].step(action)
        self._observations[i] = observation
        self._masks[i] = info["action_mask"]
        self._rewards[i] = float(reward)
        self._terminations[i] = terminated
        self._truncations[i] = truncated

    def _out(self, array: Array) -> Array:
        return array.copy() if self.copy else array

    def _infos(self) -> dict[str, Any]:
        return {
            "action_mask": self._out(self._masks),
            "_action_mask": np.ones(self.num_envs, np.bool_),
        }

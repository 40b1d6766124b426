"""A Gymnasium environment: one learner in one seat, cardtable bots in the others.

Observations are the learner's float32 vectors (``cardtable.rl.features``); actions
are indices of the game's action space. ``action_masks()`` returns the legal actions
as booleans, the method sb3-contrib's ``MaskablePPO`` calls; ``info["action_mask"]``
holds the same mask. The opponents play between the learner's moves, each built from
a bot spec (``heuristic``, ``ismcts:ms=50``, ...) and seeded from the episode's seed.

An action outside the mask raises ``IllegalActionError`` (``illegal_action="raise"``,
the default). With ``illegal_action="lose"`` it instead ends the episode at once with
the learner's worst reward and ``info["illegal_action"] = True``: an explicit
penalty, for algorithms that sample actions without a mask (Gymnasium's
``check_env`` does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from cardtable.bots.base import Bot, make_bot
from cardtable.engine.errors import CardtableError, IllegalActionError

from .aec import CardtableAECEnv
from .rewards import check_choice

ILLEGAL_ACTIONS = ("raise", "lose")
Vector = npt.NDArray[np.float32]


class SingleAgentEnv(gym.Env[Vector, np.int64]):
    """``game`` with the learner in seat ``seat`` and ``opponents`` in the other seats."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str,
        players: int = 2,
        opponents: Sequence[str] = ("heuristic",),
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        scope: str = "round",
        seat: int = 0,
        illegal_action: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        check_choice("illegal_action", illegal_action, ILLEGAL_ACTIONS)
        self.aec = CardtableAECEnv(game, players, options, reward, scope, render_mode)
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise CardtableError(f"the learner's seat must be 0..{players - 1}, not {seat!r}")
        specs = list(opponents)
        if len(specs) == 1:
            specs *= players - 1
        if len(specs) != players - 1:
            raise CardtableError(
                f"{players} players need {players - 1} opponent specs (or one for all), "
                f"got {len(specs)}"
            )
        for spec in specs:
            make_bot(spec, game)  # an unknown bot or parameter fails here, not mid-episode
        self.opponent_specs = specs
        self.seat = seat
        self.agent = f"player_{seat}"
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        obs_space = self.aec.observation_space(self.agent)
        assert isinstance(obs_space, spaces.Dict)
        self.observation_space = obs_space["observation"]
        self.action_space = spaces.Discrete(self.aec.game_spec.action_space_size)
        self._bots: dict[int, Bot] = {}
        self._mask = np.zeros(self.aec.game_spec.action_space_size, np.int8)
        #: Whether the learner lost the episode by an illegal action.
        self._lost = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        match_seed, bot_seeds = self.episode_seeds(seed)
        self._lost = False
        others = [s for s in range(self.aec.players) if s != self.seat]
        while True:
            self.aec.reset(seed=match_seed)
            self._bots = {
                s: make_bot(spec, self.aec.game, bot_seed)
                for s, spec, bot_seed in zip(others, self.opponent_specs, bot_seeds, strict=True)
            }
            self._play_opponents()
            if not self._over():
                return self._observe(), {"action_mask": self._mask.copy()}
            # The round ended before the learner's first decision (a Last Card player
            # who can only draw, with drawn cards not played, may never get one): no
            # action of the learner's could count in it, so the next deal is played.
            match_seed, bot_seeds = self.episode_seeds(None)

    def episode_seeds(self, seed: int | None) -> tuple[int, list[int]]:
        """Start an episode's draws (``seed`` reseeds the generator): the seed of its
        match (``CardtableAECEnv.reset``'s) and one seed per opponent. The batched
        environment's compiled backend draws its episodes through this too."""
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(2**62))
        return match_seed, [int(self.np_random.integers(2**62)) for _ in self.opponent_specs]

    def step(
        self, action: np.int64 | int
    ) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        try:
            self.aec.step(int(action))
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._lost = True
            observation = self._observe()
            info.update(illegal_action=True, action_mask=self._mask.copy())
            return observation, -1.0, True, False, info
        reward = self.aec.rewards[self.agent] + self._play_opponents()
        observation = self._observe()
        info["action_mask"] = self._mask.copy()
        return observation, float(reward), self._over(), False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now (what ``MaskablePPO`` asks for)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        return self.aec.render()

    def _over(self) -> bool:
        return self._lost or self.aec.terminations[self.agent]

    def _play_opponents(self) -> float:
        """Let the bots act until it is the learner's turn or the episode is over; the
        learner's reward meanwhile."""
        aec, state = self.aec, self.aec.game_state
        reward = 0.0
        while not self._over() and aec.agent_selection != self.agent:
            seat = aec.possible_agents.index(aec.agent_selection)
            aec.step(aec.game_spec.action_index(self._bots[seat].act(state, seat)))
            reward += aec.rewards[self.agent]
        return reward

    def _observe(self) -> Vector:
        observed = self.aec.observe(self.agent)
        self._mask = observed["action_mask"]
        if self._lost:
            self._mask[:] = 0
        return observed["observation"]

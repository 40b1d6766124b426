"""A PettingZoo AEC environment for any cardtable game.

Agents are ``player_0`` .. ``player_{n-1}``, one per seat. An observation is
``{"observation": float32 vector, "action_mask": int8 vector}``: the vector is built
from the seat's view alone (``cardtable.rl.features``), the mask covers the game's
fixed action index space (``GameSpec.action_index``) and is all zero for an agent
that is not the one to act. With ``action_mask="info"`` the observation is the vector
alone (a ``Box`` space, which PettingZoo's checks expect) and the mask is
``infos[agent]["action_mask"]``. Stepping an action the mask does not allow raises
``IllegalActionError``: nothing is replaced or skipped silently. Simultaneous phases
are taken as turns in the order of ``cardtable.rl.turns``.

``illegal_action="lose"`` instead ends the episode: the offender's reward is
``ILLEGAL_PENALTY``, the others' 0, as PettingZoo's ``TerminateIllegalWrapper`` does.

Three arguments, off by default, serve algorithms and test harnesses written for
environments where every agent acts at every step (PettingZoo's ``max_cycles_test``):
``illegal_action="penalise"`` makes an action outside the mask cost
``ILLEGAL_PENALTY`` and play nothing (the agent stays to act);
``selection="cycle"`` selects every agent in seat order, one cycle after another, the
agents the game is not waiting for passing (their mask is all zero and what they send
is not used); ``max_cycles`` truncates every agent after that many cycles, a cycle
being as many steps as there are agents.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.engine.errors import CardtableError, IllegalActionError
from cardtable.engine.registry import get_game, make
from cardtable.engine.state import State

from .features import HIGH, LOW
from .observer import Observer
from .options import observed_options
from .render import render_view
from .rewards import (
    REWARDS,
    SCOPES,
    check_choice,
    episode_over,
    final_win_rewards,
    score_rewards,
)
from .turns import next_actor

if TYPE_CHECKING:
    from .native_encoder import NativeObserver

Observation = dict[str, npt.NDArray[Any]] | npt.NDArray[Any]
#: Where the action mask goes: in a dict observation, or in the agent's info.
MASK_PLACES = ("observation", "info")
#: What an action outside the mask does: raise, end the episode with a penalty for
#: the offender, or cost a penalty and play nothing.
ILLEGAL_CHOICES = ("raise", "lose", "penalise")
#: Whom ``agent_selection`` goes through: the agent to act, or every agent in turn.
SELECTIONS = ("turn", "cycle")
#: The reward of an action outside the mask (``illegal_action`` ``lose`` or
#: ``penalise``): the worst outcome of a ``win`` episode, as PettingZoo's
#: ``TerminateIllegalWrapper`` gives.
ILLEGAL_PENALTY = -1.0


def native_observer(env: CardtableAECEnv) -> NativeObserver | None:
    """The compiled encoder of ``env``'s observations (for a game whose rules the core
    holds: ``cardtable.rl.native_encoder``), or None: the encoder above, from views."""
    from .native_encoder import NativeObserver, encoder_reason

    return NativeObserver(env) if encoder_reason(env) is None else None


def check_max_cycles(max_cycles: int | None) -> None:
    """Refuse a cycle limit that is not a positive int (None: no limit)."""
    if max_cycles is not None and (
        not isinstance(max_cycles, int) or isinstance(max_cycles, bool) or max_cycles < 1
    ):
        raise CardtableError(f"max_cycles must be a positive int or None, not {max_cycles!r}")


def deal_seed(seeds: random.Random) -> int:
    """The seed of an episode's match, drawn from the environment's generator."""
    return seeds.getrandbits(63)


class CardtableAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """One match (or its first round, with ``scope="round"``) of a cardtable game."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "win",
        scope: str = "round",
        render_mode: str | None = None,
        action_mask: str = "observation",
        illegal_action: str = "raise",
        selection: str = "turn",
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        check_choice("reward", reward, REWARDS)
        check_choice("action_mask", action_mask, MASK_PLACES)
        check_choice("scope", scope, SCOPES)
        check_choice("illegal_action", illegal_action, ILLEGAL_CHOICES)
        check_choice("selection", selection, SELECTIONS)
        check_max_cycles(max_cycles)
        self.illegal_action = illegal_action
        self.selection = selection
        self.max_cycles = max_cycles
        if render_mode is not None:
            check_choice("render_mode", render_mode, self.metadata["render_modes"])
        self.game_spec = get_game(game)
        self.options = observed_options(game, options)
        make(game, players, seed=0, options=self.options)  # checks the player count now
        self.game, self.players, self.reward, self.scope = game, players, reward, scope
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardtable_{game}_v0"}
        self.observer = Observer(game, players, self.options)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        size = self.game_spec.action_space_size
        self.mask_in_info = action_mask == "info"
        vector = spaces.Box(LOW, HIGH, (self.observer.size,), np.float32)
        obs_space: spaces.Space[Any] = (
            vector
            if self.mask_in_info
            else spaces.Dict(
                {"observation": vector, "action_mask": spaces.Box(0, 1, (size,), np.int8)}
            )
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game_state: State = make(game, players, seed=0, options=self.options)
        self._native = native_observer(self)
        self._rounds_before = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match. ``seed`` makes this and every later episode reproducible."""
        if seed is not None:
            self._seeds.seed(seed)
        self.game_state = make(
            self.game, self.players, deal_seed(self._seeds), options=self.options
        )
        self._rounds_before = 0
        self._steps = 0
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[next_actor(self.game_state)]
        self._update_infos()

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The agent's legal actions now (all zero unless it is selected and to act)."""
        return self._observation(agent)[1]

    def observe(self, agent: str) -> Observation:
        vector, mask = self._observation(agent)
        if self.mask_in_info:
            return vector
        return {"observation": vector, "action_mask": mask}

    def _observation(self, agent: str) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """The agent's observation vector and action mask."""
        seat = self.possible_agents.index(agent)
        over = self.terminations[agent] or self.truncations[agent]
        if self._native is not None:
            encoded = self._native.observe(self.game_state, seat, over)
            if encoded is not None:
                if agent != self.agent_selection:
                    encoded[1][:] = 0  # with selection="cycle": to act, not selected
                return encoded
        mask = np.zeros(self.game_spec.action_space_size, np.int8)
        if agent == self.agent_selection and not over:
            for action in self.game_state.legal_actions(seat):
                mask[self.game_spec.action_index(action)] = 1
        return self.observer.encode(self.game_state.view(seat)), mask

    def _update_infos(self, illegal: str | None = None) -> None:
        """Each agent's info: its mask (with ``action_mask="info"``) and, for the agent
        whose action was just refused with a penalty, ``illegal_action``."""
        for agent in self.agents:
            info: dict[str, Any] = {}
            if self.mask_in_info:
                info["action_mask"] = self.action_mask(agent)
            if agent == illegal:
                info["illegal_action"] = True
            self.infos[agent] = info

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        played = self._play(agent, action)
        self._steps += 1
        if not self.terminations[agent]:
            if self.max_cycles is not None and (
                self._steps >= self.max_cycles * len(self.possible_agents)
            ):
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.agent_selection = self._next_selection(agent)
        self._update_infos(None if played else agent)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _play(self, agent: str, action: int | None) -> bool:
        """Apply the agent's action to the match; False when it was refused with a
        penalty (and, with ``illegal_action="lose"``, the episode ended). An agent the
        game is not waiting for (``selection="cycle"``) passes."""
        seat = self.possible_agents.index(agent)
        state = self.game_state
        if seat not in state.to_act:
            return True
        try:
            chosen = self._legal_action(seat, action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self.rewards[agent] = ILLEGAL_PENALTY
            if self.illegal_action == "lose":
                self.terminations = dict.fromkeys(self.agents, True)
            return False
        rounds = len(state.round_scores)
        state.apply(seat, chosen)
        if self.reward == "score" and len(state.round_scores) > rounds:
            self._add_rewards(score_rewards(state, rounds))
        if episode_over(state, self.scope, self._rounds_before):
            if self.reward == "win":
                self._add_rewards(final_win_rewards(state, self.scope, self._rounds_before))
            self.terminations = dict.fromkeys(self.agents, True)
        return True

    def _next_selection(self, agent: str) -> str:
        """The agent to select after ``agent``: the one to act, or with
        ``selection="cycle"`` the next in seat order."""
        if self.selection == "turn":
            return self.possible_agents[next_actor(self.game_state)]
        seat = self.possible_agents.index(agent)
        return self.possible_agents[(seat + 1) % len(self.possible_agents)]

    def _legal_action(self, seat: int, action: int | None) -> Any:
        size = self.game_spec.action_space_size
        if isinstance(action, np.integer):
            action = int(action)
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < size:
            raise IllegalActionError(
                f"an action is an index from 0 to {size - 1} of {self.game}'s action space, "
                f"got {action!r}"
            )
        chosen = self.game_spec.action_from_index(action)
        legal = self.game_state.legal_actions(seat)
        if chosen not in legal:
            allowed = sorted(self.game_spec.action_index(a) for a in legal)
            raise IllegalActionError(
                f"player_{seat} cannot {chosen} (action {action}) now; "
                f"the action mask allows {allowed}"
            )
        return chosen

    def _add_rewards(self, rewards: list[float]) -> None:
        for seat, value in enumerate(rewards):
            self.rewards[self.possible_agents[seat]] += value

    # ------------------------------------------------------------------ display
    def render(self) -> str | None:
        """The view of the seat to act, as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        text = render_view(self.game_state.view(seat))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the match lives in this process."""

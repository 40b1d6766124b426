"""A PettingZoo parallel environment: the AEC environment one action a step.

The games are turn-based, so a parallel step cannot apply every agent's action at
once. Each step applies the action of the one agent to act (``agent_to_act``, the
AEC environment's ``agent_selection``); the others' masks are all zero and whatever
they send is not used. Observations, spaces, rewards and seeding are the AEC
environment's; the rewards of a step are those its one action earned. PettingZoo's
own ``turn_based_aec_to_parallel`` wrapper does the same for any AEC environment, but
its parallel API test refuses wrappers: this class is a parallel environment of its
own, and its rewards and terminations come straight from the match.

A step is a cycle (every agent is asked for an action once), so ``max_cycles``
truncates every agent after that many steps. ``illegal_action`` is the AEC
environment's: ``"penalise"`` makes an action outside the mask cost a penalty and
play nothing, the same agent being still to act.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from cardtable.engine.errors import CardtableError, IllegalActionError

from .aec import CardtableAECEnv, Observation, check_max_cycles


class CardtableParallelEnv(ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """One match (or round) of a cardtable game, with PettingZoo's parallel API."""

    def __init__(self, game: str, max_cycles: int | None = None, **kwargs: Any) -> None:
        if "selection" in kwargs:
            raise CardtableError("a parallel step asks every agent: it takes no selection")
        check_max_cycles(max_cycles)
        self.max_cycles = max_cycles
        self._steps = 0
        self.aec = CardtableAECEnv(game, **kwargs)
        self.metadata = {**self.aec.metadata, "is_parallelizable": True}
        self.possible_agents = self.aec.possible_agents
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    @property
    def agent_to_act(self) -> str:
        return str(self.aec.agent_selection)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self._steps = 0
        self.agents = self.aec.agents.copy()
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        actor = self.agent_to_act
        if actor not in actions:
            raise IllegalActionError(f"{actor} is to act and sent no action")
        self.aec.step(actions[actor])
        self._steps += 1
        observations, infos = self._observations(), self._infos()
        rewards = {a: float(self.aec.rewards[a]) for a in self.agents}
        terminations = {a: bool(self.aec.terminations[a]) for a in self.agents}
        cut = self.max_cycles is not None and self._steps >= self.max_cycles
        truncations = {a: cut and not terminations[a] for a in self.agents}
        if all(terminations[a] or truncations[a] for a in self.agents):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def _observations(self) -> dict[str, Observation]:
        return {a: self.aec.observe(a) for a in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {a: dict(self.aec.infos[a]) for a in self.agents}

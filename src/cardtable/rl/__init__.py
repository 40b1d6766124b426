"""Reinforcement-learning interfaces to the cardtable games (optional extra ``[rl]``).

``env(game, ...)`` is a PettingZoo AEC environment with every seat an agent
(``CardtableAECEnv``), ``parallel_env`` the same with PettingZoo's parallel API
(``CardtableParallelEnv``); ``single_agent_env(game, ...)`` a Gymnasium environment
with one learner against cardtable bots (``SingleAgentEnv``), ``vector_env`` a batch
of those as a Gymnasium ``VectorEnv`` (``CardtableVectorEnv``); their keyword
arguments are those classes'. All need numpy, gymnasium and pettingzoo, imported only
when an environment is made: without them the call fails naming the extra to install.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.extras import require

if TYPE_CHECKING:
    from .aec import CardtableAECEnv
    from .parallel import CardtableParallelEnv
    from .single import SingleAgentEnv
    from .vector import CardtableVectorEnv


def _require_rl() -> None:
    for module in ("numpy", "gymnasium", "pettingzoo"):
        require(module, "rl", "cardtable.rl")


def env(game: str, **kwargs: Any) -> CardtableAECEnv:
    """A PettingZoo AEC environment of ``game``: ``players`` (2), ``options``,
    ``reward`` (``win`` or ``score``), ``scope`` (``round`` or ``match``),
    ``render_mode``, ``action_mask``, ``illegal_action`` (``raise``, ``lose`` or
    ``penalise``), ``selection`` (``turn`` or ``cycle``), ``max_cycles``. See
    ``cardtable.rl.aec`` and docs/rl.md."""
    _require_rl()
    from .aec import CardtableAECEnv

    return CardtableAECEnv(game, **kwargs)


def parallel_env(game: str, **kwargs: Any) -> CardtableParallelEnv:
    """A PettingZoo parallel environment of ``game``, with the arguments of ``env`` but
    ``selection``: one action a step, the agent to act's. See ``cardtable.rl.parallel``."""
    _require_rl()
    from .parallel import CardtableParallelEnv

    return CardtableParallelEnv(game, **kwargs)


def single_agent_env(game: str, **kwargs: Any) -> SingleAgentEnv:
    """A Gymnasium environment of ``game``: a learner in ``seat`` (0) against bots from
    ``opponents`` (one spec for every other seat, or one each), with the arguments of
    ``env`` and ``illegal_action`` (``raise`` or ``lose``). See ``cardtable.rl.single``."""
    _require_rl()
    from .single import SingleAgentEnv

    return SingleAgentEnv(game, **kwargs)


def vector_env(game: str, num_envs: int, **kwargs: Any) -> CardtableVectorEnv:
    """A Gymnasium ``VectorEnv`` of ``num_envs`` single-agent matches of ``game``, with
    the arguments of ``single_agent_env`` and ``seed`` (the first reset's), ``backend``
    (``auto``, ``python`` or ``native``) and ``copy``. See ``cardtable.rl.vector``."""
    _require_rl()
    from .vector import CardtableVectorEnv

    return CardtableVectorEnv(game, num_envs, **kwargs)


__all__ = ["env", "parallel_env", "single_agent_env", "vector_env"]

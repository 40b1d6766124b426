"""Reinforcement-learning interfaces to the cardtable games (optional extra ``[rl]``).

``env(game, ...)`` is a PettingZoo AEC environment with every seat an agent;
``single_agent_env(game, ...)`` a Gymnasium environment with one learner against
cardtable bots. Both need numpy, gymnasium and pettingzoo, imported only when an
environment is made: without them the call fails naming the extra to install.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.extras import require

if TYPE_CHECKING:
    from .aec import CardtableAECEnv
    from .single import SingleAgentEnv

_WHAT = "cardtable.rl"


def _require_rl() -> None:
    for module in ("numpy", "gymnasium", "pettingzoo"):
        require(module, "rl", _WHAT)


def env(
    game: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    reward: str = "win",
    scope: str = "round",
    render_mode: str | None = None,
) -> CardtableAECEnv:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats.

    ``reward`` is ``win`` or ``score``, ``scope`` ``round`` (an episode is the first
    round) or ``match``; ``options`` are the game's rule options (Cactus plays with
    the memory aid on unless ``memory_aid`` says otherwise).
    """
    _require_rl()
    from .aec import CardtableAECEnv

    return CardtableAECEnv(game, players, options, reward, scope, render_mode)


def single_agent_env(
    game: str,
    players: int = 2,
    opponents: Sequence[str] = ("heuristic",),
    options: Mapping[str, Any] | None = None,
    reward: str = "win",
    scope: str = "round",
    seat: int = 0,
    illegal_action: str = "raise",
    render_mode: str | None = None,
) -> SingleAgentEnv:
    """A Gymnasium environment: a learner in ``seat``, bots from ``opponents`` (one
    spec for every other seat, or one each) in the others."""
    _require_rl()
    from .single import SingleAgentEnv

    return SingleAgentEnv(
        game, players, opponents, options, reward, scope, seat, illegal_action, render_mode
    )


__all__ = ["env", "single_agent_env"]

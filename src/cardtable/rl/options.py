"""The rule options the RL environments and the OpenSpiel games play with.

They are the game's own, with one change of default: Cactus turns the memory aid on.
Without it a Cactus view shows no face-down card at all, not even the two a player
looked at when the round began, and an observation built from the view would forget
everything it has seen. A person remembers; the memory aid is the rules' way of
showing what they remember (cards seen that have not moved since). Passing
``memory_aid=False`` gives the strict view back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.registry import get_game

_DEFAULTS: dict[str, dict[str, Any]] = {"cactus": {"memory_aid": True}}


def observed_options(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full option dict: the game's defaults, ours, then ``options``; checked."""
    merged = {**_DEFAULTS.get(game, {}), **(options or {})}
    return get_game(game).options_type.from_dict(merged).to_dict()

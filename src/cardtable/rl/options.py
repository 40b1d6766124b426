"""The rule options the RL environments and the OpenSpiel games play with.

They are the game's own, with the changes of default its ``Encoding`` declares (a game
whose views forget what a player has seen turns on the rules' memory aid, say: a
person remembers). Options passed explicitly override both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.registry import get_game

from .encoding import declared


def observed_options(game: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full option dict: the game's defaults, ours, then ``options``; checked."""
    found = declared(game)
    merged = {**(found.options if found is not None else {}), **(options or {})}
    return get_game(game).options_type.from_dict(merged).to_dict()

"""Cactus: four face-down cards, effects, quick discards, and a call to end the round."""

from cardtable.engine.registry import GameSpec, register

from . import bot, greedy  # noqa: F401  (registers the heuristic and greedy bots)
from .actions import ACTION_SPACE_SIZE, action_from_index, action_index
from .options import CactusOptions
from .state import CactusState

SPEC = register(
    GameSpec(
        name="cactus",
        title="Cactus",
        min_players=2,
        max_players=8,
        state_type=CactusState,
        options_type=CactusOptions,
        new_match=CactusState.new,
        action_space_size=ACTION_SPACE_SIZE,
        action_index=action_index,
        action_from_index=action_from_index,
    )
)

__all__ = ["SPEC", "CactusOptions", "CactusState"]

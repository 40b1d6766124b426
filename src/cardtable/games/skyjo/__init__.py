"""Skyjo: 150 cards, a 3x4 layout, lowest total wins."""

from cardtable.engine.registry import GameSpec, register

from . import bot as _bot  # noqa: F401  (registers the heuristic bot)
from . import greedy as _greedy  # noqa: F401  (registers the greedy bot)
from .actions import ACTION_SPACE_SIZE, action_from_index, action_index
from .options import SkyjoOptions
from .state import SkyjoState

SPEC = register(
    GameSpec(
        name="skyjo",
        title="Skyjo",
        min_players=2,
        max_players=8,
        state_type=SkyjoState,
        options_type=SkyjoOptions,
        new_match=SkyjoState.new,
        action_space_size=ACTION_SPACE_SIZE,
        action_index=action_index,
        action_from_index=action_from_index,
    )
)

__all__ = ["SPEC", "SkyjoOptions", "SkyjoState"]

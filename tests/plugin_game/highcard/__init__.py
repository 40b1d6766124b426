"""High Card: two players, a hand of cards each, the higher card takes the trick.

A game in a package of its own: it registers its ``GameSpec`` and its heuristic bot
here, and declares its other parts (bot levels, RL encoding, browser part) under the
entry-point groups of its ``pyproject.toml``.
"""

from cardtable.engine.registry import GameSpec, register

from . import bot as _bot  # noqa: F401  (registers the heuristic bot)
from .actions import ACTION_SPACE_SIZE, action_from_index, action_index
from .options import HighCardOptions
from .state import HighCardState

SPEC = register(
    GameSpec(
        name="highcard",
        title="High Card",
        min_players=2,
        max_players=2,
        state_type=HighCardState,
        options_type=HighCardOptions,
        new_match=HighCardState.new,
        action_space_size=ACTION_SPACE_SIZE,
        action_index=action_index,
        action_from_index=action_from_index,
        lower_score_wins=False,
    )
)

__all__ = ["SPEC", "HighCardOptions", "HighCardState"]

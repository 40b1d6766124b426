"""Last Card: 108 cards, match colour or symbol, empty your hand first."""

from cardtable.bots.base import register_bot
from cardtable.engine.registry import GameSpec, register

from .actions import ACTION_SPACE_SIZE, action_from_index, action_index
from .bot import LastCardHeuristicBot
from .options import LastCardOptions
from .state import LastCardState

SPEC = register(
    GameSpec(
        name="lastcard",
        title="Last Card",
        min_players=2,
        max_players=10,
        state_type=LastCardState,
        options_type=LastCardOptions,
        new_match=LastCardState.new,
        action_space_size=ACTION_SPACE_SIZE,
        action_index=action_index,
        action_from_index=action_from_index,
        lower_score_wins=False,
    )
)
register_bot("heuristic", LastCardHeuristicBot, game="lastcard")

__all__ = ["SPEC", "LastCardHeuristicBot", "LastCardOptions", "LastCardState"]

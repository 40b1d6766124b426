"""cardtable: Cactus, Skyjo and Last Card behind one rules-engine API.

``cardtable.games()`` lists the registered games. The game implementations live in
the subpackage of the same name; it is imported first and the public function bound
afterwards, so that ``cardtable.games`` stays the function when a game's subpackage
is loaded later (``import cardtable.games.skyjo`` still finds the subpackage).
"""

from . import games as _game_packages  # noqa: F401  (binds the subpackage before the function)
from .engine import (
    SYSTEM,
    Action,
    CardtableError,
    Event,
    IllegalActionError,
    State,
    games,
    get_game,
    make,
    replay,
    state_from_json,
)

__all__ = [
    "SYSTEM",
    "Action",
    "CardtableError",
    "Event",
    "IllegalActionError",
    "State",
    "games",
    "get_game",
    "make",
    "replay",
    "state_from_json",
]

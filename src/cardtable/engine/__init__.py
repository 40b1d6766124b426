"""The game-agnostic engine contract: states, actions, events, options, registry."""

from .actions import Action, ActionCodec
from .errors import (
    ActionFormatError,
    CardtableError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    SeatError,
    StateFormatError,
    UnknownGameError,
)
from .events import Event, events_for, private, public
from .options import Options, option
from .registry import GameSpec, games, get_game, make, register, replay, state_from_json
from .state import SYSTEM, State

__all__ = [
    "SYSTEM",
    "Action",
    "ActionCodec",
    "ActionFormatError",
    "CardtableError",
    "Event",
    "GameSpec",
    "IllegalActionError",
    "OptionError",
    "Options",
    "PlayerCountError",
    "SeatError",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "events_for",
    "games",
    "get_game",
    "make",
    "option",
    "private",
    "public",
    "register",
    "replay",
    "state_from_json",
]

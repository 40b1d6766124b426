"""Game-agnostic bots, and the registry every bot is found through."""

from .base import Bot, BotSpecError, bot_names, make_bot, parse_spec, register_bot
from .ismcts import IsmctsBot
from .random_bot import RandomBot

register_bot("random", RandomBot)
register_bot("ismcts", IsmctsBot)

from . import external  # noqa: E402, F401  (registers the bots of other libraries)

__all__ = [
    "Bot",
    "BotSpecError",
    "IsmctsBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_spec",
    "register_bot",
]

"""Game-agnostic bots, and the registry every bot is found through."""

from .base import Bot, BotSpecError, bot_names, make_bot, parse_spec, register_bot
from .random_bot import RandomBot

register_bot("random", RandomBot)

__all__ = [
    "Bot",
    "BotSpecError",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_spec",
    "register_bot",
]

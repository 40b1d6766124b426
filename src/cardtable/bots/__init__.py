"""Game-agnostic bots, and the registry every bot is found through."""

from .base import Bot, BotSpecError, DeclaredBot, bot_names, make_bot, parse_spec, register_bot
from .ismcts import IsmctsBot
from .levels import LEVELS, bot_choices, register_levels, timing_for
from .neural import register as register_neural
from .random_bot import RandomBot
from .slip import SlipBot

register_bot("random", RandomBot)
register_bot("ismcts", IsmctsBot)
register_bot("slip", SlipBot)
register_levels()
register_neural()  # the learnt policies, for the games that ship weights

__all__ = [
    "LEVELS",
    "Bot",
    "BotSpecError",
    "DeclaredBot",
    "IsmctsBot",
    "RandomBot",
    "SlipBot",
    "bot_choices",
    "bot_names",
    "make_bot",
    "parse_spec",
    "register_bot",
    "timing_for",
]

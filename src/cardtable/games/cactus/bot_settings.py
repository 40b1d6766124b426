"""Cactus's settings of the bot layer, declared under its entry-point groups.

``LEVELS`` (``cardtable.bot_levels``): the slips of the two lower levels (a careless
Cactus move is costly: it may call the round or throw a card that does not match, so
the rates are low) and the expert's search, the settings measured best
(docs/research/bot-strength.md).
"""

from cardtable.bots.levels import GameLevels

LEVELS = GameLevels(
    slips={"easy": "rate=0.2,miss=0.5", "normal": "rate=0.1,miss=0.2"},
    expert="ismcts:iterations=400,rollout=greedy,base=heuristic,z=1",
)

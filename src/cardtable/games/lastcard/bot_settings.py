"""Last Card's settings of the bot layer, declared under its entry-point groups.

``LEVELS`` (``cardtable.bot_levels``): the slips of the two lower levels (most legal
Last Card moves are nearly as good as the best, so the rates are higher) and the
expert's search, the settings measured best (docs/research/bot-strength.md).
``POLICY`` (``cardtable.bot_policies``): the ``neural`` bot's weights for Last Card
ship in this package's ``weights/`` folder.
"""

from cardtable.bots.levels import GameLevels
from cardtable.bots.neural import ShippedPolicy

LEVELS = GameLevels(
    slips={"easy": "rate=0.3,miss=0.5", "normal": "rate=0.15,miss=0.2"},
    expert="ismcts:iterations=1000,rollout=heuristic,z=0.5",
)

POLICY = ShippedPolicy("cardtable.games.lastcard")

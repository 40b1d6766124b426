"""``rlcard-uno-rule``: RLCard's UNO rule agent as a Last Card bot spec.

RLCard's UNO rule agent (``rlcard.models.uno_rule_models.UNORuleAgentV1``) is given our
view as RLCard's raw observation (``rlcard_uno``): something to measure our own bots
against. It is declared under the ``cardtable.bots`` entry-point group (``BOT``), for
Last Card alone. This module loads without RLCard; building the bot without the
``[rlcard]`` extra fails with a ``MissingExtraError`` naming it.
"""

from __future__ import annotations

from cardtable.bots.base import Bot, DeclaredBot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.extras import require


class RlcardUnoRuleBot(Bot):
    """RLCard's UNO rule agent playing Last Card (see ``rlcard_uno``)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        require("rlcard", "rlcard", "the rlcard-uno-rule bot")
        from .rlcard_uno import RlcardUnoPlayer

        self.player = RlcardUnoPlayer()

    def act(self, state: State, seat: int) -> Action:
        return self.player.act(state, seat, self.rng.getrandbits(32))


#: The ``cardtable.bots`` entry: the bot plays Last Card only.
BOT = DeclaredBot(RlcardUnoRuleBot, game="lastcard")

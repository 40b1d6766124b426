"""The cardtable games for OpenSpiel (optional extra ``[openspiel]``).

Importing this package registers ``python_cardtable_cactus``, ``python_cardtable_skyjo``
and ``python_cardtable_lastcard`` with OpenSpiel, so that ``pyspiel.load_game`` and
OpenSpiel's algorithms (its IS-MCTS among them) run on them. See ``game.py``.
"""

from cardtable.extras import require

require("pyspiel", "openspiel", "cardtable.openspiel")
require("numpy", "openspiel", "cardtable.openspiel")

from .game import CardtableGame, CardtableSpielState, load, register_all, short_name  # noqa: E402

register_all()

__all__ = ["CardtableGame", "CardtableSpielState", "load", "register_all", "short_name"]

"""The terminal client: ``cardtable play``, a match against bots in the terminal.

``session`` drives the match through the engine contract, ``app`` draws it with
textual, and one ``render_<game>`` module per game says how that game's cards look.
"""

from .command import add_play_parser

__all__ = ["add_play_parser"]

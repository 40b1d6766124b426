"""The terminal client: ``cardtable play``, a match against bots in the terminal.

``session`` drives the match through the engine contract, ``app`` draws it with
textual, and each game's ``GameRenderer``, declared in the ``cardtable.tui_renderers``
entry-point group, says how its cards look.
"""

from .command import add_play_command

__all__ = ["add_play_command"]

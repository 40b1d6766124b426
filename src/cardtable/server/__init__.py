"""The game server: tables by code, seats with secret tokens, bots, timers, persistence.

Game-agnostic: it uses only the engine contract and the bot registry, so every
registered game can be played. See docs/server.md and docs/protocol.md. The ASGI
application is ``cardtable.server.app.create_app``; importing this package alone stays
light (no web framework), so the ``cardtable`` command starts quickly.
"""

from .cli import add_serve_command
from .config import ServerConfig

__all__ = ["ServerConfig", "add_serve_command"]

"""Several ``cardtable serve`` processes as one site, through Redis and PostgreSQL.

``make_lobby`` is the entry point: a plain ``Lobby`` for a single process, a
``ClusterLobby`` (``site``) when a Redis URL is configured. The Redis client is
imported only then (the ``cluster`` extra), so a single process runs without it.
"""

from __future__ import annotations

from concurrent.futures import Executor
from types import ModuleType

from ..config import ServerConfig, ServerSetupError
from ..lobby import Lobby
from ..storage import Store


def _site() -> ModuleType:
    try:
        from . import site
    except ImportError as exc:
        raise ServerSetupError(
            f"--redis needs the Redis client ({exc.name} is missing):"
            " pip install 'cardtable[cluster]'"
        ) from None
    return site


def check_site(config: ServerConfig) -> None:
    """Refuse to start, naming the problem, when ``--redis`` names no reachable Redis."""
    if config.redis is not None:
        _site().connect(config.redis).close()


def make_lobby(store: Store, executor: Executor, config: ServerConfig) -> Lobby:
    if config.redis is None:
        return Lobby(store, executor, config)
    lobby: Lobby = _site().ClusterLobby(store, executor, config)
    return lobby

"""Several ``cardtable serve`` processes as one site, through Redis and PostgreSQL.

``make_lobby`` is the one entry point: a plain ``Lobby`` for a single process, a
``ClusterLobby`` (``site``) when a Redis URL is configured. The Redis client is
imported only then (the ``cluster`` extra), so a single process runs without it.
"""

from __future__ import annotations

from concurrent.futures import Executor

from ..config import ServerConfig, ServerSetupError
from ..lobby import Lobby
from ..storage import Store


def make_lobby(store: Store, executor: Executor, config: ServerConfig) -> Lobby:
    if config.redis is None:
        return Lobby(store, executor, config)
    try:
        from .site import ClusterLobby
    except ImportError as exc:
        raise ServerSetupError(
            f"--redis needs the Redis client ({exc.name} is missing):"
            " pip install 'cardtable[cluster]'"
        ) from None
    return ClusterLobby(store, executor, config)

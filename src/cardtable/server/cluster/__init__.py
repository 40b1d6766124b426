"""Several ``cardtable serve`` processes as one site, through Redis and PostgreSQL.

``make_lobby`` is the entry point: a plain ``Lobby`` for a single process, a
``ClusterLobby`` (``site``) when a Redis URL is configured. The Redis client is
imported only then (the ``cluster`` extra), so a single process runs without it.
"""

from __future__ import annotations

import functools
from concurrent.futures import Executor
from types import ModuleType

from ..config import ServerConfig, ServerSetupError
from ..health import Probe
from ..lobby import Lobby
from ..storage import Store, call


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


def make_probes(lobby: Lobby) -> dict[str, Probe]:
    """What ``/readyz`` checks: the database, and in a site Redis and the relay."""
    probes: dict[str, Probe] = {"storage": functools.partial(_storage_answers, lobby.store)}
    if lobby.config.redis is not None:
        probes.update(_site().site_probes(lobby))
    return probes


async def _storage_answers(store: Store) -> bool:
    await call(store, store.quarantined)
    return True

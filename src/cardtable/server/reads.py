"""Heavy reads of finished matches (replays): built once, off the event loop, cached.

A finished match never changes, so what a read of it renders is the same for every
client: the replay of one match through one seat's eyes (or revealed) is built once,
in a process of its own (``make_executor``, niced like the bot workers) so that the
build never holds the interpreter lock the rooms share, and kept as ready bytes in a
cache bounded in bytes (``read_cache_bytes``), least recently used first out. Two
clients asking for the same replay while it is built wait for the same build.

Heavy reads are shared twice: each client address may make ``heavy_reads_per_minute``
of them a minute (in bursts of as many; 429 ``rate_limited`` past that), cached or not
(a cached replay costs no build but is still megabytes to send), and at most
``heavy_reads_waiting`` builds wait for the reads process at once, site-wide (503
``busy`` past that). The cache is looked up before the match is read from the
database, so a cached answer costs no read either.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from typing import Any

from cardtable.coach.replay import Viewer, frames

from .bots import make_executor, start_workers
from .config import ServerConfig
from .errors import ProtocolError
from .jsontext import dumps
from .responses import ReplayBody, ReplayHead
from .throttle import ClientLimiter


def replay_body(record: dict[str, Any], viewer: Viewer, head: ReplayHead) -> bytes:
    """The replay answer's JSON bytes: ``head`` and the frames (in the reads process)."""
    body: ReplayBody = {**head, "viewer": viewer, "frames": frames(record, viewer)}
    return dumps(body).encode()


class ByteCache:
    """Rendered answers by key, at most ``limit`` bytes of them, least recently used
    dropped first. An answer larger than the whole cache is not kept."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.entries: OrderedDict[Hashable, bytes] = OrderedDict()

    def get(self, key: Hashable) -> bytes | None:
        body = self.entries.get(key)
        if body is not None:
            self.entries.move_to_end(key)
        return body

    def put(self, key: Hashable, body: bytes) -> None:
        if len(body) > self.limit or key in self.entries:
            return
        self.entries[key] = body
        self.size += len(body)
        while self.size > self.limit:
            _, dropped = self.entries.popitem(last=False)
            self.size -= len(dropped)


class HeavyReads:
    """The server's cached heavy reads, and the shares that bound their builds."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.cache = ByteCache(config.read_cache_bytes)
        self.shares = ClientLimiter(
            config.heavy_reads_per_minute / 60, config.heavy_reads_per_minute
        )
        self.building: dict[Hashable, asyncio.Future[bytes]] = {}
        self._executor: Executor | None = None
        self._starting: asyncio.Lock = asyncio.Lock()

    async def build(self, key: Hashable, build: Callable[..., bytes], *args: Any) -> bytes:
        """``build(*args)`` run off the loop (once, however many ask for ``key`` while it
        runs), then cached under ``key``."""
        pending = self.building.get(key)
        if pending is not None:
            return await asyncio.shield(pending)
        if len(self.building) >= self.config.heavy_reads_waiting:
            raise ProtocolError(
                "busy", "the server is building as many replays as it takes; try again soon", 503
            )
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(await self._pool(), build, *args)
        self.building[key] = future
        try:
            body = await asyncio.shield(future)
        finally:
            self.building.pop(key, None)
        self.cache.put(key, body)
        return body

    def take_share(self, client: str) -> None:
        """Count one heavy read in ``client``'s share, or refuse it past the share: a
        cached answer costs no build, but it is still megabytes to send."""
        if not self.shares.allow(client):
            raise ProtocolError(
                "rate_limited",
                f"at most {self.config.heavy_reads_per_minute:g} replays, records or history"
                " pages a minute from one address",
                429,
            )

    async def _pool(self) -> Executor:
        """The reads process, started on the first build (most servers never need it);
        a thread where bots think in a thread (``--bot-workers 0``)."""
        async with self._starting:
            if self._executor is None:
                workers = 1 if self.config.bot_workers > 0 else 0
                executor = make_executor(workers)
                await asyncio.to_thread(start_workers, executor, workers)
                self._executor = executor
        return self._executor

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

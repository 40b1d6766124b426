"""Several server processes as one site: the lobby that knows about the others.

Every process serves the lobby, the API and any table's WebSocket. A table's room
lives on the process that holds its lease (``leases``); a socket that lands
elsewhere is relayed to it (``relay``). Each process runs two background loops,
``lease_seconds / TICKS_PER_LEASE`` apart:

* ``renew`` (Redis only, so a slow database never delays it) renews the process's
  heartbeat and leases and closes the rooms whose lease it lost; it also closes the
  relayed sockets whose table changed owner, and lets the rooms see the clients of
  dead edge processes leave;
* ``take_over`` publishes the process's room statuses to a Redis hash, so that the
  open-tables list and a table's status (seats, spectator counts) are the same on
  every process, then claims the tables with a running match whose owner is gone
  and rebuilds each room by replaying the stored log, which starts its bots and
  timers again (a turn timer restarts at its full length).

So a dead owner's tables run again within about ``lease_seconds`` plus one tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

import redis
import redis.asyncio

from ..config import ServerConfig, ServerSetupError
from ..errors import ProtocolError
from ..lobby import Endpoint, Lobby
from ..room import Room
from ..storage import Store
from .leases import PREFIX, Leases, alive_key, lease_key
from .relay import Relay, RemoteRoom, hang_up

logger = logging.getLogger(__name__)

TICKS_PER_LEASE = 6
#: The Redis hash of every owned table's status (JSON), site-wide.
STATUS_KEY = f"{PREFIX}status"


def connect(url: str) -> redis.Redis:
    """A client of the Redis at ``url``, or ``ServerSetupError`` if it does not answer."""
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5)
        client.ping()
    except (redis.RedisError, ValueError) as exc:
        raise ServerSetupError(f"cannot reach Redis at {url}: {exc}") from None
    return client


class ClusterLobby(Lobby):
    """A ``Lobby`` that shares the site's tables with the other processes."""

    def __init__(self, store: Store, executor: Executor, config: ServerConfig) -> None:
        super().__init__(store, executor, config)
        assert config.redis is not None
        # Unique per process; the pid in it lets an operator (and a test) find the process.
        self.node = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.sync = connect(config.redis)
        self.aio = redis.asyncio.Redis.from_url(config.redis)
        self.leases = Leases(self.sync, self.aio, self.node, config.lease_seconds)
        self.relay = Relay(self.aio, self.node, self.rooms.get)
        self._published: dict[str, str] = {}
        self._tasks: list[asyncio.Task[None]] = []
        #: Seconds between two passes of each background loop.
        self._interval = config.lease_seconds / TICKS_PER_LEASE

    # ------------------------------------------------------------------ lifecycle
    def resume(self) -> None:
        """Join the site: the first takeover pass claims whatever needs an owner."""
        self.sync.set(alive_key(self.node), "1", px=self.leases.millis)
        self._tasks = [
            asyncio.create_task(self._every(self.renew), name="cluster leases"),
            asyncio.create_task(self._every(self.take_over), name="cluster takeover"),
        ]

    async def _every(self, step: Callable[[], Awaitable[None]]) -> None:
        """Run ``step`` once per tick, for ever. Renewing and taking over run apart, so
        a slow database (the takeover pass reads it) never delays a lease renewal."""
        loop = asyncio.get_running_loop()
        interval = self._interval
        while True:
            started = loop.time()
            try:
                await step()
            except Exception:
                logger.exception("cluster %s failed on node %s", step.__name__, self.node)
            took = loop.time() - started
            if took > 2 * interval:
                logger.warning("node %s: cluster %s took %.2f s", self.node, step.__name__, took)
            await asyncio.sleep(interval)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self.relay.close()
        with contextlib.suppress(redis.RedisError):
            self.leases.release(self.rooms)
            if self.rooms:
                self.sync.hdel(STATUS_KEY, *self.rooms)
        super().close()
        self.sync.close()

    # ------------------------------------------------------------------ tables
    async def create(self, request: Any) -> Room:
        room = await super().create(request)
        if not self.leases.claim(room.code):  # another node took it over meanwhile
            self._drop(room.code)
            raise ProtocolError("busy", "the new table moved to another server; ask again", 503)
        return room

    def room(self, code: str) -> Room:
        """The local room of table ``code``, claiming the table if no node owns it;
        ``ProtocolError`` 404 if there is no such table, 503 if another node owns it."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is not None:
            return room
        self.known(code)
        if not self.leases.claim(code):
            raise ProtocolError("elsewhere", f"table {code} is served by another process", 503)
        return super().room(code)

    def known(self, code: str) -> str:
        code = code.upper()
        if code not in self.rooms and self.store.table(code) is None:
            raise ProtocolError("no_table", f"there is no table {code[:12]!r}", 404)
        return code

    async def endpoint(self, code: str) -> Endpoint:
        code = code.upper()
        if code in self.rooms:
            return self.rooms[code]
        owner = self.leases.owner(code)
        if owner is None or owner == self.node:
            return self.room(code)
        return RemoteRoom(self.relay, code, owner)

    async def status(self, code: str) -> dict[str, Any]:
        """A local room's status, or the owner's published one. A process that has
        just claimed a table publishes its status within a tick, so that long is
        waited for before the table is reported as served elsewhere (503)."""
        code = code.upper()
        deadline = asyncio.get_running_loop().time() + self._interval
        while code not in self.rooms:
            published = self._remote_statuses([code])
            if code in published:
                return published[code]
            if self.leases.owner(code) in (None, self.node):
                break
            if asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(self._interval / 10)
        return self.room(code).status()

    def open_tables(self) -> list[dict[str, Any]]:
        tables = self.store.open_tables()
        published = self._remote_statuses([t.code for t in tables if t.code not in self.rooms])
        out = []
        for table in tables:
            status = published.get(table.code)
            if status is None:
                try:
                    status = self.room(table.code).status()
                except ProtocolError:  # claimed by another node just now
                    continue
            if status["status"] == "waiting" and any(not s["taken"] for s in status["seats"]):
                out.append(status)
        return out

    def _remote_statuses(self, codes: list[str]) -> dict[str, dict[str, Any]]:
        """The published status of each table another live node owns."""
        if not codes:
            return {}
        owners: list[Any] = self.sync.mget([lease_key(code) for code in codes])  # type: ignore[assignment]
        texts: list[Any] = self.sync.hmget(STATUS_KEY, codes)  # type: ignore[assignment]
        return {
            code: json.loads(text)
            for code, owner, text in zip(codes, owners, texts, strict=True)
            if owner is not None and text is not None
        }

    def _drop(self, code: str) -> None:
        """Stop serving ``code`` here: its clients reconnect to the new owner."""
        room = self.rooms.pop(code, None)
        self._published.pop(code, None)
        if room is None:
            return
        for conn in room.conns:
            hang_up(conn)
        for key, conn in list(self.relay.remote.items()):
            if conn.code == code:
                del self.relay.remote[key]
        room.close()

    # ------------------------------------------------------------------ the ticks
    async def renew(self) -> None:
        """Keep our leases (dropping the rooms we lost) and check the relay's ends."""
        if not self.relay.started:
            await self.relay.start()
        for code in await self.leases.renew(list(self.rooms)):
            logger.warning("node %s lost table %s to another process", self.node, code)
            self._drop(code)
        self.relay.moved(await self.leases.owners(self.relay.relayed_tables()))
        self.relay.edges_gone(await self.leases.alive(self.relay.edges()))

    async def take_over(self) -> None:
        """Publish our statuses, then claim and resume the running tables no live node
        owns (rebuilt by replaying their stored logs)."""
        await self._publish_statuses()
        running = await asyncio.to_thread(self.store.tables_with_running_match)
        owners = await self.leases.owners(c for c in running if c not in self.rooms)
        for code, owner in owners.items():
            if owner is None and await self.leases.aclaim(code):
                logger.info("node %s takes over table %s", self.node, code)
                super().room(code)
                await self._publish_statuses()

    async def _publish_statuses(self) -> None:
        changed = {}
        for code, room in self.rooms.items():
            text = json.dumps(room.status(), separators=(",", ":"))
            if self._published.get(code) != text:
                changed[code] = self._published[code] = text
        if changed:
            await self.aio.hset(STATUS_KEY, mapping=changed)  # type: ignore[misc]

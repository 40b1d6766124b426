"""Several server processes as one site: the lobby that knows about the others.

Every process serves the lobby, the API and any table's WebSocket. A table's room
lives on the process that holds its lease (``leases``); a socket that lands
elsewhere is relayed to it (``relay``). What the site shares lives in Redis:

* ``cardtable:status`` (a hash) holds each owned table's status as its owner last
  published it, so a table's status, its seats and its spectator count are the same
  whichever process answers;
* ``cardtable:listed`` (a sorted set, by listing time) holds the public tables
  waiting for players, so the open-tables list and quick match are site-wide;
* ``cardtable:open`` (``open_tables``) counts the open tables for the caps;
* ``cardtable:lock:quickmatch:GAME`` (``locks``) lets one quick-match request of a
  game at a time, on the whole site, find or open its table; a table it opens is
  published before the lock is let go, so the next request sees it.

Each process runs two background loops, ``lease_seconds / TICKS_PER_LEASE`` apart:

* ``renew`` (Redis only, so a slow database never delays it) renews the process's
  heartbeat and leases and closes the rooms whose lease it lost; it also closes the
  relayed sockets whose table changed owner, and lets the rooms see the clients of
  dead edge processes leave;
* ``take_over`` publishes the statuses that changed and the open tables, then
  claims the tables with a running match (or a listed waiting table) whose owner is
  gone and rebuilds each room by replaying the stored log, which starts its bots and
  timers again (a turn timer restarts at its full length).

So a dead owner's tables run again within about ``lease_seconds`` plus one tick.

Redis may restart (losing its keys, when it keeps none on disk) or hang. Every Redis
call has a timeout and a few retries with jittered backoff, and runs on the asyncio
client, so a hung Redis delays only what waits for it, never other tables' rooms:
the requests that need Redis (a table served elsewhere, the site-wide lists) read
it asynchronously, and the lists of open tables are read from a copy the takeover
pass refreshes each tick. While Redis is away the loops fail quietly (``/readyz``
says so and ``health`` logs the outage once); when it is back, each process writes
its heartbeat, leases and statuses again, and for one lease it neither takes over a
table nor closes a relayed socket, since the other processes' keys may not be back
yet (``steady``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor
from typing import Any

import redis
import redis.asyncio
import redis.asyncio.retry
import redis.retry
from redis.backoff import ExponentialWithJitterBackoff

from .. import metrics
from ..config import ServerConfig, ServerSetupError
from ..errors import ProtocolError
from ..health import Probe
from ..jsontext import dumps
from ..lobby import Endpoint, Lobby, normal_code, open_caps_refusal
from ..responses import TableStatus
from ..room import Room
from ..storage import SavedTable, Store, call
from .leases import PREFIX, Leases, alive_key, lease_key
from .locks import SiteLocks
from .open_tables import OpenTables
from .relay import Relay, RemoteRoom, hang_up, node_channel

logger = logging.getLogger(__name__)

TICKS_PER_LEASE = 6
#: The site-wide cap a quick match's table is admitted under (it is held to none).
UNCAPPED = 2**31
#: The Redis hash of every owned table's status (JSON), site-wide.
STATUS_KEY = f"{PREFIX}status"
#: The Redis sorted set of the listed tables' codes, scored by when they were listed.
LISTED_KEY = f"{PREFIX}listed"


#: Seconds a Redis call (or a connection to Redis) may take before it fails.
REDIS_TIMEOUT = 2.0
#: Retries of a failed Redis call, and their backoff (seconds: base, cap), with jitter.
REDIS_RETRIES = 3
REDIS_BACKOFF = (0.05, 0.5)


def _timeouts() -> dict[str, Any]:
    return {"socket_timeout": REDIS_TIMEOUT, "socket_connect_timeout": REDIS_TIMEOUT}


def connect(url: str) -> redis.Redis:
    """A client of the Redis at ``url``, or ``ServerSetupError`` if it does not answer
    (used at start and at a clean shutdown; everything else uses ``aconnect``'s)."""
    retry = redis.retry.Retry(ExponentialWithJitterBackoff(*REDIS_BACKOFF), REDIS_RETRIES)
    try:
        client = redis.Redis.from_url(url, retry=retry, **_timeouts())
        client.ping()
    except (redis.RedisError, ValueError) as exc:
        raise ServerSetupError(f"cannot reach Redis at {url}: {exc}") from None
    return client


def aconnect(url: str) -> redis.asyncio.Redis:
    """The asyncio client of the Redis at ``url``, with timeouts and retries."""
    backoff = ExponentialWithJitterBackoff(*REDIS_BACKOFF)
    retry = redis.asyncio.retry.Retry(backoff, REDIS_RETRIES)
    return redis.asyncio.Redis.from_url(url, retry=retry, **_timeouts())


def site_probes(lobby: Lobby) -> dict[str, Probe]:
    """``/readyz``'s check of a site: Redis answers, and the relay listens."""
    assert isinstance(lobby, ClusterLobby)
    return {"redis": lobby.redis_answers}


class ClusterLobby(Lobby):
    """A ``Lobby`` that shares the site's tables with the other processes."""

    def __init__(self, store: Store, executor: Executor, config: ServerConfig) -> None:
        super().__init__(store, executor, config)
        assert config.redis is not None
        # Unique per process; the pid in it lets an operator (and a test) find the process.
        self.node = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.sync = connect(config.redis)
        self.aio = aconnect(config.redis)
        self.leases = Leases(self.sync, self.aio, self.node, config.lease_seconds)
        self.relay = Relay(self.aio, self.node, self.rooms.get)
        self.locks = SiteLocks(self.aio, self.leases.millis)
        self.open_entries = OpenTables(self.aio, self.node)
        #: Tables whose status changed since it was last published.
        self._dirty: set[str] = set()
        #: Tables whose status this process has published (and must take back).
        self._published: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        #: Seconds between two passes of each background loop.
        self._interval = config.lease_seconds / TICKS_PER_LEASE
        #: Loop time since which every renewal succeeded in time (``None``: the last
        #: one failed); other processes are judged only once it is a lease ago.
        self._steady_since: float | None = -float(config.lease_seconds)
        #: The site's listed tables (codes, in listing order) and the statuses of
        #: those another process serves, as last read from Redis.
        self._site_listed: list[str] = []
        self._site_remote: dict[str, TableStatus] = {}

    # ------------------------------------------------------------------ lifecycle
    async def resume(self) -> None:
        """Join the site: load the tables no process owns, then run the two loops."""
        await self.aio.set(alive_key(self.node), "1", px=self.leases.millis)
        self.relay.start()
        await super().resume()
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
            except redis.RedisError:
                pass  # the outage is logged once, by ``health``, and /readyz says so
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
        with contextlib.suppress(redis.RedisError):  # a clean stop, with Redis's timeouts
            self.leases.release(self.rooms)
            self._unpublish(set(self._published))
            self.leases.leave()
        super().close()
        self.sync.close()

    # ------------------------------------------------------------------ readiness
    async def redis_answers(self) -> bool:
        """Redis answers, and the relay's listener is subscribed (as Redis counts it)."""
        if not self.relay.listening:
            return False
        counts: Any = await self.aio.pubsub_numsub(node_channel(self.node))
        return bool(counts and counts[0][1] > 0)

    def _steady(self) -> bool:
        """Whether renewals have succeeded for a whole lease, so that every live
        process has had time to write its keys again after a Redis outage."""
        since = self._steady_since
        loop_time = asyncio.get_running_loop().time()
        return since is not None and loop_time - since >= self.config.lease_seconds

    # ------------------------------------------------------------------ tables
    async def room(self, code: str, client: str = "") -> Room:
        """The room of ``code``, loaded here once this process holds its lease."""
        code = normal_code(code)
        if code in self.rooms:
            return self.rooms[code]
        # Not while unsteady: a lease missing then may be one Redis lost, its owner
        # alive and about to renew it.
        if not self._steady() or not await self.leases.aclaim(code):
            raise ProtocolError("elsewhere", f"table {code} is served by another process", 503)
        try:
            return await super().room(code, client)
        finally:
            if code not in self.rooms:  # no such table, or out of service
                await self.leases.arelease([code])

    def _open(self, saved: SavedTable) -> Room:
        """A room for the saved table here (its lease claimed by ``room`` or ``_admit``)."""
        room = super()._open(saved)
        room.on_status = self._changed_status
        self._dirty.add(room.code)
        return room

    def _changed(self, room: Room) -> None:
        super()._changed(room)
        self._dirty.add(room.code)

    async def _admit(self, code: str, client: str, site_cap: bool = True) -> bool:
        """Count ``code`` as an open table of ``client`` on the whole site."""
        config = self.config
        cap = config.max_open_tables if site_cap else UNCAPPED
        if not await self.leases.aclaim(code):
            return False
        taken, total, mine = await self.open_entries.admit(
            code, client, cap, config.max_open_tables_per_client
        )
        refusal = open_caps_refusal(total if site_cap else 0, mine, config)
        if taken or refusal is not None:
            await self.leases.arelease([code])
        if taken:
            return False
        if refusal is not None:
            raise refusal
        self.open[code] = (client, time.monotonic())
        return True

    @contextlib.asynccontextmanager
    async def _quick_match_turn(self, game: str) -> AsyncIterator[None]:
        """One request of ``game`` at a time here, and one process at a time."""
        async with super()._quick_match_turn(game), self.locks.held(f"quickmatch:{game}"):
            await self._read_site_listing()  # with what the last holder published
            yield

    async def _share(self, room: Room) -> None:
        """Publish the new table now: the next request may come to another process."""
        await self._publish({room.code})

    def _changed_status(self, room: Room) -> None:
        """A status went out: publish it site-wide at the next tick."""
        self._dirty.add(room.code)

    async def endpoint(self, code: str, client: str = "") -> Endpoint:
        code = normal_code(code)
        if code in self.rooms:
            return self.rooms[code]
        owner = await self.leases.owner(code)
        if owner is None or owner == self.node:
            try:
                return await self.room(code, client)
            except ProtocolError as exc:
                # Claimed by another process (or taken back by a paused owner) since
                # the owner was read: relay to it.
                owner = await self.leases.owner(code)
                if exc.code != "elsewhere" or owner in (None, self.node):
                    raise
        return RemoteRoom(self.relay, code, owner)

    async def status(self, code: str, client: str = "") -> TableStatus:
        """A local room's status, or the owner's published one. A process that has
        just claimed a table publishes its status within a tick, so that long is
        waited for before the table is reported as served elsewhere (503)."""
        code = normal_code(code)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._interval
        while code not in self.rooms:
            published = await self._remote_statuses([code])
            if code in published:
                return published[code]
            if await self.leases.owner(code) in (None, self.node) or loop.time() > deadline:
                break
            await asyncio.sleep(self._interval / 10)
        return (await self.room(code, client)).status()

    def open_tables(self, offset: int = 0, limit: int | None = None) -> list[TableStatus]:
        """One page of the site's public tables waiting for players (as of the last
        tick's reading of Redis)."""
        size = self.config.page_size if limit is None else min(limit, self.config.page_size)
        if size <= 0:
            return []
        return list(self._site_statuses(self._site_listed[offset : offset + size]).values())

    def waiting_quick_match(
        self, game: str, client: str = "", apart: frozenset[str] = frozenset()
    ) -> TableStatus | None:
        """A quick-match table of ``game`` here, or else anywhere on the site (read
        from Redis when this request's turn began; ``apart`` is checked here only)."""
        local = super().waiting_quick_match(game, client, apart)
        if local is not None:
            return local
        for status in self._site_statuses(self._site_listed).values():
            free = any(not seat["taken"] for seat in status["seats"])
            if status["game"] == game and status["quick_match"] and free:
                return status
        return None

    async def _read_site_listing(self) -> None:
        """Read the site's listed tables, and the statuses of those served elsewhere."""
        listed = [_text(code) for code in await self.aio.zrange(LISTED_KEY, 0, -1)]
        remote = await self._remote_statuses([c for c in listed if c not in self.rooms])
        self._site_listed, self._site_remote = listed, remote

    def _site_statuses(self, codes: list[str]) -> dict[str, TableStatus]:
        """The status of each of ``codes``: fresh for the local rooms, as last read for
        those a live process owns elsewhere (the others are left out)."""
        out = {}
        for code in codes:
            room = self.rooms.get(code)
            status = room.status() if room is not None else self._site_remote.get(code)
            if status is not None:
                out[code] = status
        return out

    async def _remote_statuses(self, codes: list[str]) -> dict[str, TableStatus]:
        """The published status of each table another live node owns."""
        if not codes:
            return {}
        owners = await self.aio.mget([lease_key(code) for code in codes])
        texts = await self.aio.hmget(STATUS_KEY, codes)  # type: ignore[misc]
        return {
            code: json.loads(text)
            for code, owner, text in zip(codes, owners, texts, strict=True)
            if owner is not None and text is not None
        }

    def _drop(self, code: str) -> None:
        """Stop serving ``code`` here (another process owns it now): its clients
        reconnect to the new owner, whose status replaces ours."""
        room = self.rooms.pop(code, None)
        self.listed.pop(code, None)
        self.open.pop(code, None)
        self._published.discard(code)
        self._dirty.discard(code)
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
        """Keep our leases (dropping the rooms we lost) and check the relay's ends
        (once steady: see ``_steady``)."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            lost, lapsed = await self.leases.renew(list(self.rooms))
        except redis.RedisError:
            self._steady_since = None
            raise
        if lapsed or loop.time() - started > self.config.lease_seconds / 2:
            self._steady_since = None  # others' keys may have lapsed too
        if self._steady_since is None:
            self._steady_since = loop.time()
            self._dirty.update(self.rooms)  # Redis may have lost the statuses
        for code in lost:
            logger.warning("node %s lost table %s to another process", self.node, code)
            metrics.LEASES_LOST.inc()
            self._drop(code)
        metrics.LEASES_HELD.set(len(self.rooms))
        if self._steady():
            self.relay.moved(await self.leases.owners(self.relay.relayed_tables()))
            self.relay.edges_gone(await self.leases.alive(self.relay.edges()))

    async def take_over(self) -> None:
        """Publish our statuses, then claim and resume the running tables and the
        listed ones that no live node owns (rebuilt by replaying their stored logs)."""
        await self._publish_statuses()
        await self._read_site_listing()
        if not self._steady():
            return
        running = await call(self.store, self.store.tables_with_running_match)
        orphans = {c for c in [*running, *self._site_listed] if c not in self.rooms}
        for code, owner in (await self.leases.owners(sorted(orphans))).items():
            # ``take`` refuses while our heartbeat is missing (Redis lost its keys)
            if owner is None and self._steady() and await self.leases.take(code):
                logger.info("node %s takes over table %s", self.node, code)
                with contextlib.suppress(ProtocolError):  # quarantined, gone, or taken
                    await self.room(code)
                if code not in self.rooms:  # nothing to serve here
                    await self.aio.zrem(LISTED_KEY, code)
        await self._publish_statuses()

    async def _publish_statuses(self) -> None:
        """Publish the statuses that changed, list and unlist tables, take back the
        statuses of the rooms this process no longer has (swept), and bring the
        site's open tables in line with ours."""
        gone = self._published - set(self.rooms)
        if gone:
            await self._aunpublish(gone)
        dirty, self._dirty = self._dirty, set()
        await self._publish(dirty)
        await self.open_entries.sync(self.open)

    async def _publish(self, codes: set[str]) -> None:
        """Publish the statuses of ``codes``, listing and unlisting them."""
        texts = {}
        pipe = self.aio.pipeline(transaction=False)
        for code in codes:
            room = self.rooms.get(code)
            if room is None:
                continue
            texts[code] = dumps(room.status())
            if code in self.listed:
                pipe.zadd(LISTED_KEY, {code: time.time()}, nx=True)
            else:
                pipe.zrem(LISTED_KEY, code)
        if texts:
            pipe.hset(STATUS_KEY, mapping=texts)
            self._published.update(texts)
            await pipe.execute()

    def _unpublish(self, codes: set[str]) -> None:
        """Take back statuses and leases at a clean stop (the loop is ending)."""
        if codes:
            self.sync.hdel(STATUS_KEY, *codes)
            self.sync.zrem(LISTED_KEY, *codes)
            self.leases.release(codes)
        self._published -= codes

    async def _aunpublish(self, codes: set[str]) -> None:
        await self.aio.hdel(STATUS_KEY, *codes)  # type: ignore[misc]
        await self.aio.zrem(LISTED_KEY, *codes)
        await self.leases.arelease(codes)
        self._published -= codes


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)

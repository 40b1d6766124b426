"""Which process owns which table: a lease in Redis with expiry and renewal.

A table's owner holds the key ``cardtable:lease:CODE`` (its node id as the value,
with an expiry of ``lease_seconds``) and renews every lease it holds several times
per lease; a process that dies stops renewing, its keys expire, and another process
takes the key with ``SET NX``. Renewing checks the value first (one Lua script for
all of a node's keys), so a process that lost a key to another (paused past its
expiry) learns it instead of stealing it back; a key that expired with nobody taking
it is simply taken again, so a lone process paused by a loaded machine keeps its
tables.

A lease alone cannot stop an owner that lost it from writing one last action before
it notices; the database can, and does: an action is stored under its index in the
match (primary key), so the second writer of an index is refused and rebuilds its
room from the stored log instead of acknowledging. Redis therefore decides who
serves a table, PostgreSQL what happened at it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import redis
import redis.asyncio

PREFIX = "cardtable:"

#: Take the lease if it is free, or keep it if we hold it; true if we hold it after.
_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
end
if holder then
    return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

#: Take a free lease for a table whose owner is gone, only while our own heartbeat
#: (KEYS[2]) is there: when it is not, Redis has lost its keys (it restarted) and the
#: owner's lease is missing only until the owner renews it.
_TAKE = """
if redis.call('EXISTS', KEYS[2]) == 0 or redis.call('EXISTS', KEYS[1]) == 1 then
    return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

#: Renew each of our leases, taking back one that expired while nobody took it (our
#: process was paused past its expiry, by a loaded machine, and no other owns the
#: table yet); returns the keys another process holds now.
_RENEW = """
local lost = {}
for _, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == ARGV[1] then
        redis.call('PEXPIRE', key, ARGV[2])
    elseif holder then
        table.insert(lost, key)
    else
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    end
end
return lost
"""

#: Delete each of our leases (a clean shutdown hands the tables over at once).
_RELEASE = """
for _, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[1] then
        redis.call('DEL', key)
    end
end
return 0
"""


def lease_key(code: str) -> str:
    return f"{PREFIX}lease:{code}"


def alive_key(node: str) -> str:
    return f"{PREFIX}alive:{node}"


def _text(value: Any) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


class Leases:
    """This node's view of the table leases: asyncio calls while serving (a slow
    Redis never holds up the event loop), sync ones at a clean stop."""

    def __init__(
        self, sync: redis.Redis, aio: redis.asyncio.Redis, node: str, seconds: float
    ) -> None:
        self.sync = sync
        self.aio = aio
        self.node = node
        self.millis = max(1, round(seconds * 1000))
        self._aclaim = aio.register_script(_CLAIM)
        self._take = aio.register_script(_TAKE)
        self._renew = aio.register_script(_RENEW)
        self._release = sync.register_script(_RELEASE)
        self._arelease = aio.register_script(_RELEASE)

    async def aclaim(self, code: str) -> bool:
        """Take or keep table ``code``; False if another node holds it."""
        return bool(await self._aclaim(keys=[lease_key(code)], args=[self.node, self.millis]))

    async def take(self, code: str) -> bool:
        """Take table ``code`` from an owner that is gone (see ``_TAKE``)."""
        keys = [lease_key(code), alive_key(self.node)]
        return bool(await self._take(keys=keys, args=[self.node, self.millis]))

    async def owner(self, code: str) -> str | None:
        return _text(await self.aio.get(lease_key(code)))

    async def owners(self, codes: Iterable[str]) -> dict[str, str | None]:
        """The owner of each table (``None`` where no live node holds it)."""
        codes = list(codes)
        if not codes:
            return {}
        values = await self.aio.mget([lease_key(code) for code in codes])
        return {code: _text(value) for code, value in zip(codes, values, strict=True)}

    async def renew(self, codes: Iterable[str]) -> tuple[set[str], bool]:
        """Renew our leases and our heartbeat; returns the codes we no longer hold,
        and whether our heartbeat had lapsed (Redis restarted without its keys, or
        this process was paused past a lease: the other processes' keys may be
        missing too until they renew)."""
        before = await self.aio.set(alive_key(self.node), "1", px=self.millis, get=True)
        keys = [lease_key(code) for code in codes]
        if not keys:
            return set(), before is None
        lost = await self._renew(keys=keys, args=[self.node, self.millis])
        return {str(_text(key)).removeprefix(f"{PREFIX}lease:") for key in lost}, before is None

    async def alive(self, nodes: Iterable[str]) -> set[str]:
        """Which of ``nodes`` still renew their heartbeat."""
        nodes = list(nodes)
        if not nodes:
            return set()
        values = await self.aio.mget([alive_key(node) for node in nodes])
        return {node for node, value in zip(nodes, values, strict=True) if value is not None}

    def release(self, codes: Iterable[str]) -> None:
        """Hand back our leases of ``codes`` (another process may take them at once)."""
        keys = [lease_key(code) for code in codes]
        if keys:
            self._release(keys=keys, args=[self.node])

    async def arelease(self, codes: Iterable[str]) -> None:
        keys = [lease_key(code) for code in codes]
        if keys:
            await self._arelease(keys=keys, args=[self.node])

    def leave(self) -> None:
        """Stop the heartbeat: the relays drop this node's clients at once."""
        self.sync.delete(alive_key(self.node))

"""A short site-wide lock in Redis, for a step that one process at a time may take.

Quick match is such a step: "find a waiting table of this game, else open one" must
not run on two processes at once, or two strangers who should meet are each given a
table of their own. The lock is a key set with ``NX`` and an expiry, so a process
that dies holding it holds up the others for at most that long; it is deleted only
by its holder (a token compared in a script), never by a process whose hold expired.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator

import redis.asyncio

from .leases import PREFIX

#: Seconds between two tries for a lock another process holds.
POLL_SECONDS = 0.01

#: Delete the lock if we still hold it.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


def lock_key(name: str) -> str:
    return f"{PREFIX}lock:{name}"


class SiteLocks:
    """Named locks shared by every process of the site, each held at most ``millis``."""

    def __init__(self, aio: redis.asyncio.Redis, millis: int) -> None:
        self.aio = aio
        self.millis = millis
        self._release = aio.register_script(_RELEASE)

    @contextlib.asynccontextmanager
    async def held(self, name: str) -> AsyncIterator[None]:
        """Wait for the lock ``name``, and hold it while inside."""
        key, token = lock_key(name), secrets.token_hex(8)
        while not await self.aio.set(key, token, nx=True, px=self.millis):
            await asyncio.sleep(POLL_SECONDS)
        try:
            yield
        finally:
            await self._release(keys=[key], args=[token])

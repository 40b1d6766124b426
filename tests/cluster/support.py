"""A site of several ``cardtable serve --redis`` processes, and clients that reconnect.

The processes share one PostgreSQL database and one Redis, as in ``docs/deploy.md``;
each has its own port, as behind a load balancer without sticky sessions. The tests
kill processes with SIGKILL and start new ones in their place.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import redis
from websockets.exceptions import ConnectionClosed

from tests.server.backends import BACKEND
from tests.server.support import TIMEOUT, Client, Server
from tests.services import Postgres, Redis

#: Leases short enough for quick failovers, long enough for a loaded shared machine.
LEASE_SECONDS = 3.0
#: Turn timers short enough to run out within a test, as in the server suite.
SERVE_ARGS = (
    "--bot-workers",
    "0",
    "--rate",
    "1000",
    "--lease-seconds",
    str(LEASE_SECONDS),
    "--limit",
    "min_turn_seconds=0.1",
    # the tests poll statuses from one address far faster than a person would
    "--limit",
    "api_requests_per_second=100000",
    "--limit",
    "api_burst=100000",
)


class Site:
    """Server processes forming one site; ``nodes[i]`` may be replaced after a kill."""

    def __init__(
        self, folder: Path, postgres: Postgres, redis_server: Redis, size: int, *args: str
    ) -> None:
        self.folder = folder
        #: Options of every node after ``SERVE_ARGS`` (a later ``--limit`` wins).
        self.args = args
        self.url = postgres.database()
        self.redis_url = redis_server.url
        self.redis = redis.Redis.from_url(redis_server.url)
        self.nodes: list[Server] = []
        self._started = 0
        self.size = size

    @property
    def db(self) -> Path:
        """The path that stands for the site's database (for ``god_state``)."""
        return self.folder / "site.db"

    def start_node(self) -> Server:
        self._started += 1
        path = self.folder / f"node{self._started}.db"
        BACKEND.bind(path, self.url)
        return Server(path, "--redis", self.redis_url, *SERVE_ARGS, *self.args).start()

    def start(self) -> Site:
        self.redis.flushall()
        BACKEND.bind(self.db, self.url)
        self.nodes = [self.start_node() for _ in range(self.size)]
        return self

    def owner(self, code: str) -> Server | None:
        """The node whose process holds the table's lease (node ids end in the pid)."""
        value = self.redis.get(f"cardtable:lease:{code}")
        if value is None:
            return None
        pid = int(value.decode().split("-")[-2])
        return next((n for n in self.nodes if n.proc is not None and n.proc.pid == pid), None)

    def kill_owner(self, code: str) -> int:
        """SIGKILL the table's owner and start a new process in its place; returns
        the index of the replaced node."""
        owner = self.owner(code)
        assert owner is not None, f"no live process owns {code}"
        index = self.nodes.index(owner)
        owner.kill()
        owner.stop()
        self.nodes[index] = self.start_node()
        return index

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        self.redis.close()


@contextlib.contextmanager
def running_site(
    folder: Path, postgres: Postgres, redis_server: Redis, size: int = 3, *args: str
) -> Iterator[Site]:
    with BACKEND.using(postgres):
        site = Site(folder, postgres, redis_server, size, *args).start()
        try:
            yield site
        finally:
            site.stop()


async def rejoin(site: Site, code: str, token: str, rng: random.Random) -> Client:
    """Reconnect a seat as a browser does: to any node, again until a room answers.

    Right after an owner dies its lease still names it for up to a lease, so a node
    may relay to it; that node closes the socket once the lease moves, and the client
    tries again (a fresh node each time)."""
    deadline = asyncio.get_running_loop().time() + 6 * LEASE_SECONDS + TIMEOUT
    while True:
        node = rng.choice(site.nodes)
        client = None
        try:
            client = await Client.open(node, code)
            await client.send({"type": "rejoin", "token": token})
            welcome = await client.expect("welcome", timeout=2 * LEASE_SECONDS)
            client.seat, client.token = welcome["seat"], token
            return client
        except (ConnectionClosed, TimeoutError, OSError):
            if client is not None:
                with contextlib.suppress(ConnectionClosed):
                    await client.close()
            if asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.1)


def first_message(client: Client, kind: str) -> dict[str, Any] | None:
    return next((m for m in client.received if m["type"] == kind), None)

"""Relaying a WebSocket that landed on one process to the table's owner, over Redis.

Each node listens on its own channel ``cardtable:node:NODE``. A node that holds a
client's socket for a table another node owns (the *edge*) checks what it can on its
own (size, JSON, schema, rate, sequence numbers, as for a local table) and publishes
each valid message to the owner's channel; the owner feeds it to the room as coming
from a ``RelayedConnection``, and whatever the room sends that connection goes back
on the edge's channel, addressed to that one socket. The owner builds those texts
exactly as for a local socket (``state.view(seat)`` and the events the seat may
see), so the relay never carries to an edge anything but the texts for its own
clients' seats, and the edge forwards each only to the socket it is addressed to.
Each message carries the player behind its socket (whose session the edge read)
and the players kept apart from them, so that the owner links the seat to its
player and applies blocks as for a local socket.

A relayed socket is closed (code 1012, "service restart") when its table changes
owner or the owner stops answering; the client reconnects and rejoins with its
token, wherever the load balancer sends it. The owner forgets relayed connections
whose edge node stopped its heartbeat, and tells that edge to close them (it may only
have been paused).

Redis may restart or hang: the listener then ends with an error, and is started
again (with a fresh subscription) after a backoff with jitter, for as long as the
process runs; ``listening`` says whether it is subscribed now. The publisher holds
what no listener received (Redis away, or the addressee subscribing again) and sends
it again, in order, for ``HOLD_SECONDS``, so that an action sent around a restart
still arrives; what is dropped after that is counted
(``cardtable_relay_publish_failures``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Callable
from typing import Any, cast

import redis.asyncio
from redis.backoff import ExponentialWithJitterBackoff
from starlette.websockets import WebSocket

from .. import metrics
from ..connection import Connection
from ..jsontext import dumps
from ..room import Command, Inbound, Left, Room
from .leases import PREFIX

logger = logging.getLogger(__name__)

#: The close code and reason a relayed client gets when its table moves.
MOVED = (1012, "the table moved to another server; reconnect")
#: Most messages published in one round trip.
BATCH = 512
#: Seconds an unreceived message is held and sent again before it is dropped.
HOLD_SECONDS = 10.0
#: Seconds between two tries of the held messages.
RETRY_SECONDS = 0.05
#: Seconds the listener waits for a message before checking its subscription again.
LISTEN_SECONDS = 1.0
#: The listener's backoff between two subscriptions (seconds: base, cap), with jitter.
RESUBSCRIBE_BACKOFF = (0.1, 2.0)


def node_channel(node: str) -> str:
    return f"{PREFIX}node:{node}"


class RelayedConnection(Connection):
    """On the owner: a client whose socket is on another node (the edge)."""

    def __init__(self, relay: Relay, key: str, edge: str, code: str, client: str) -> None:
        # The socket is on the edge, which checks its input; the owner never reads or
        # writes it here.
        super().__init__(cast(WebSocket, None), 1.0, 1, 1, client)
        self.relay = relay
        self.key = key
        self.edge = edge
        self.code = code

    def send_text(self, text: str) -> None:
        self.relay.publish(self.edge, {"kind": "out", "conn": self.key, "text": text})

    def hang_up(self) -> None:
        self.relay.publish(self.edge, {"kind": "bye", "conn": self.key})


class RemoteRoom:
    """On the edge: stands in for a room owned by ``owner``, for one table's sockets."""

    def __init__(self, relay: Relay, code: str, owner: str) -> None:
        self.relay = relay
        self.code = code
        self.owner = owner
        self._keys: dict[Connection, str] = {}

    def post(self, command: Command) -> None:
        if isinstance(command, Inbound):
            key = self._keys.get(command.conn)
            if key is None:
                key = self._keys[command.conn] = self.relay.adopt(command.conn, self)
            self.relay.publish(
                self.owner,
                {
                    "kind": "in",
                    "code": self.code,
                    "conn": key,
                    "edge": self.relay.node,
                    "client": command.conn.client,
                    # the player behind the socket (its session cookie is read here)
                    "player": command.conn.player,
                    "blocked": sorted(command.conn.blocked),
                    "message": command.message,
                },
            )
        elif isinstance(command, Left) and command.conn in self._keys:
            key = self._keys.pop(command.conn)
            self.relay.forget(key)
            self.relay.publish(self.owner, {"kind": "left", "conn": key})


def hang_up(conn: Connection) -> None:
    """Close a client's socket because its table moved (it reconnects elsewhere)."""
    if isinstance(conn, RelayedConnection):
        conn.hang_up()
    else:
        task = asyncio.create_task(conn.ws.close(*MOVED))
        task.add_done_callback(lambda t: t.exception() if not t.cancelled() else None)


class Relay:
    """This node's end of the relay: its channel, its publisher, both kinds of
    connection it tracks."""

    def __init__(
        self, aio: redis.asyncio.Redis, node: str, rooms: Callable[[str], Room | None]
    ) -> None:
        self.aio = aio
        self.node = node
        self._rooms = rooms
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._ids = itertools.count()
        #: Edge side: key -> (the client's socket, its table's stand-in room).
        self.local: dict[str, tuple[Connection, RemoteRoom]] = {}
        #: Owner side: key -> the room's view of a client on another node.
        self.remote: dict[str, RelayedConnection] = {}
        self._tasks: list[asyncio.Task[None]] = []
        #: Whether the listener is subscribed to this node's channel now.
        self.listening = False
        #: Channel -> the messages no listener received yet, with when they were queued.
        self._held: dict[str, list[tuple[str, float]]] = {}

    def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen_forever(), name="relay listener"),
            asyncio.create_task(self._publish_loop(), name="relay publisher"),
        ]

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()

    # ------------------------------------------------------------------ edge side
    def adopt(self, conn: Connection, room: RemoteRoom) -> str:
        key = f"{self.node}:{next(self._ids)}"
        self.local[key] = (conn, room)
        return key

    def forget(self, key: str) -> None:
        self.local.pop(key, None)

    def relayed_tables(self) -> set[str]:
        """The tables this edge relays sockets for."""
        return {room.code for _, room in self.local.values()}

    def moved(self, owners: dict[str, str | None]) -> None:
        """Close the relayed sockets whose table's owner is no longer the one they
        were relayed to (it died, or lost its lease)."""
        for key, (conn, room) in list(self.local.items()):
            if owners.get(room.code, room.owner) != room.owner:
                self.forget(key)
                hang_up(conn)

    # ------------------------------------------------------------------ owner side
    def edges(self) -> set[str]:
        return {conn.edge for conn in self.remote.values()}

    def edges_gone(self, alive: set[str]) -> None:
        """Let rooms see the clients of dead edges leave. An edge that was only paused
        past its heartbeat (a loaded machine) still has those sockets: it is told to
        close them, so that their clients rejoin rather than go on unseated."""
        for key, conn in list(self.remote.items()):
            if conn.edge not in alive:
                conn.hang_up()
                self._left(key)

    def _left(self, key: str) -> None:
        conn = self.remote.pop(key, None)
        if conn is None:
            return
        room = self._rooms(conn.code)
        if room is not None:
            room.post(Left(conn))

    # ------------------------------------------------------------------ the wire
    def publish(self, node: str, payload: dict[str, Any]) -> None:
        self._outbox.put_nowait((node_channel(node), dumps(payload)))

    async def _publish_loop(self) -> None:
        """Publish in arrival order, batching whatever queued up during a round trip.

        A message Redis could not take (it is away), or that no listener received
        (the addressee is subscribing again after a Redis restart, or is dead), is
        held and sent again every ``RETRY_SECONDS``, ahead of its channel's newer
        messages, until ``HOLD_SECONDS`` have passed; then it is dropped and counted.
        """
        loop = asyncio.get_running_loop()
        while True:
            fresh = await self._take(RETRY_SECONDS if self._held else None)
            now = loop.time()
            sending = [(c, text, since) for c, held in self._held.items() for text, since in held]
            sending += [(channel, text, now) for channel, text in fresh]
            self._held = {}
            pipe = self.aio.pipeline(transaction=False)
            for channel, text, _ in sending:
                pipe.publish(channel, text)
            try:
                received: list[Any] = await pipe.execute()
            except redis.RedisError:  # Redis is away: ``health`` says so, once
                received = [0] * len(sending)
            for (channel, text, since), count in zip(sending, received, strict=True):
                if count:
                    continue
                if now - since < HOLD_SECONDS and len(self._held.get(channel, ())) < BATCH:
                    self._held.setdefault(channel, []).append((text, since))
                else:
                    metrics.RELAY_PUBLISH_FAILURES.inc()

    async def _take(self, timeout: float | None) -> list[tuple[str, str]]:
        """The queued messages (up to ``BATCH``), waiting ``timeout`` for the first."""
        try:
            batch = [await asyncio.wait_for(self._outbox.get(), timeout)]
        except TimeoutError:
            return []
        while len(batch) < BATCH and not self._outbox.empty():
            batch.append(self._outbox.get_nowait())
        return batch

    async def _listen_forever(self) -> None:
        """Listen on this node's channel; subscribe again whenever Redis drops us."""
        backoff = ExponentialWithJitterBackoff(*RESUBSCRIBE_BACKOFF)
        failures = 0
        while True:
            pubsub = self.aio.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(node_channel(self.node))
                self.listening, failures = True, 0
                await self._listen(pubsub)
            except (redis.RedisError, OSError) as exc:
                logger.debug("relay listener of %s ended: %r", self.node, exc)
            finally:
                self.listening = False
                with contextlib.suppress(redis.RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            failures += 1
            await asyncio.sleep(backoff.compute(failures))

    async def _listen(self, pubsub: Any) -> None:
        while True:
            message = await pubsub.get_message(
                ignore_subscribe_messages=True, timeout=LISTEN_SECONDS
            )
            if message is None:
                continue
            try:
                self._dispatch(json.loads(message["data"]))
            except Exception:
                logger.exception("relay could not handle %r", message)

    def _dispatch(self, payload: dict[str, Any]) -> None:
        kind, key = payload["kind"], payload["conn"]
        if kind == "out":
            local = self.local.get(key)
            if local is not None:
                local[0].send_text(payload["text"])
        elif kind == "bye":
            local = self.local.get(key)
            if local is not None:
                self.forget(key)
                hang_up(local[0])
        elif kind == "in":
            room = self._rooms(payload["code"])
            if room is None:  # no longer ours: the client finds the owner again
                logger.info("relay: table %s is not served here", payload["code"])
                self.publish(payload["edge"], {"kind": "bye", "conn": key})
                return
            conn = self.remote.get(key)
            if conn is None:
                conn = self.remote[key] = RelayedConnection(
                    self, key, payload["edge"], payload["code"], payload["client"]
                )
            conn.player = payload.get("player")
            conn.blocked = frozenset(payload.get("blocked", ()))
            metrics.arrived(conn.arrivals, payload["message"])
            room.post(Inbound(conn, payload["message"]))
        elif kind == "left":
            self._left(key)

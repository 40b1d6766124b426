"""One WebSocket client: its identity at the table, its outbox and its input limits.

The room never awaits a client: it puts serialized messages in the connection's
bounded outbox, and the connection's writer task sends them. A client that stops
reading fills its outbox and is disconnected rather than slowing the room down.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import HTTPConnection
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import metrics, outbound
from .errors import ProtocolError
from .jsontext import dumps
from .latency import Lag
from .throttle import RateLimiter


class Connection:
    def __init__(
        self, ws: WebSocket, rate: float, burst: int, outbox_limit: int, client: str | None = None
    ) -> None:
        self.ws = ws
        #: The client's address, which per-client limits count by (given when the
        #: socket is on another process, see ``cluster.relay``).
        self.client = client_address(ws) if client is None else client
        #: The seat this connection plays; ``None`` for a spectator or before joining.
        self.seat: int | None = None
        #: The player of the socket's session cookie (``None``: no session).
        self.player: str | None = None
        #: Players kept apart from that player (blocked by or blocking them): no chat.
        self.blocked: frozenset[str] = frozenset()
        #: Set once the client has joined, rejoined or started spectating.
        self.joined = False
        self.limiter = RateLimiter(rate, burst)
        self.last_seq: int | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(outbox_limit)
        self.overflowed = False
        #: The last ``table`` message this connection was sent (or given in its welcome).
        self.last_table = ""
        #: seq -> when the action of that seq came in, until it is answered (metrics).
        self.arrivals: dict[int, float] = {}
        #: The connection's round-trip estimate (pinged once the client answers pings).
        self.lag = Lag(self.send)

    def check_seq(self, message: dict[str, Any]) -> None:
        """Refuse a message whose sequence number is not above the last one seen."""
        seq = message.get("seq")
        if seq is None:
            return
        if self.last_seq is not None and seq <= self.last_seq:
            raise ProtocolError(
                "repeated",
                f"message seq {seq} is not above the last one received ({self.last_seq})",
            )
        self.last_seq = seq

    def send(self, message: outbound.Outbound) -> None:
        metrics.answered(self.arrivals, message)
        self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        if self.overflowed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed = True
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    async def write_loop(self) -> None:
        """Send queued messages in order; ``None`` (overflow) closes the socket."""
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(1008, "too many unread messages")
                    return
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return  # the client is gone; the reader sees it too and leaves the room


def client_address(connection: HTTPConnection) -> str:
    """The address per-client limits count by (the peer's IP)."""
    return connection.client.host if connection.client is not None else "unknown"

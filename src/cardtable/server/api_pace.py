"""The HTTP API's requests paced per client address, before any other work.

One client polling the lobby listing (or any ``/api/`` path) without pause from a few
connections used to cost the server a third of a core and the other tables' players
their latency. ``ApiPace`` sits in front of the routes: a client's requests beyond
its burst wait their turn (``PacedClients``), and past a second burst are refused with
a 429 made of ready bytes, so that a refusal reads no body, builds no response and
encodes no JSON. A refusal is held back up to a second too: a client that ignores
refusals and asks again at once, from many connections, then gets at most one
answer a second on each instead of as many as the server can send. WebSockets and
the browser client's files are not paced: a socket's messages have their own
per-connection limit.
"""

from __future__ import annotations

import asyncio
import json
import math

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from .connection import client_address
from .throttle import PacedClients

PACED_PREFIX = "/api/"
#: Longest a refusal is held back before it is sent (it is sent sooner when the client
#: may ask again sooner).
REFUSAL_DELAY = 1.0
REFUSAL = json.dumps(
    {"error": "rate_limited", "message": "too many requests from your address; slow down"}
).encode()


class ApiPace:
    """ASGI middleware: ``rate`` API requests a second per client, bursts of ``burst``."""

    def __init__(self, app: ASGIApp, rate: float, burst: int) -> None:
        self.app = app
        self.clients = PacedClients(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith(PACED_PREFIX):
            turn = self.clients.turn(client_address(HTTPConnection(scope)))
            if not turn.admitted:
                await asyncio.sleep(min(turn.seconds, REFUSAL_DELAY))
                await refuse(send, turn.seconds)
                return
            if turn.seconds > 0:
                await asyncio.sleep(turn.seconds)
        await self.app(scope, receive, send)


async def refuse(send: Send, retry_after: float) -> None:
    """A 429 in the error format of every refusal, saying when to ask again."""
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(REFUSAL)).encode()),
        (b"retry-after", str(max(1, math.ceil(retry_after))).encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": REFUSAL})

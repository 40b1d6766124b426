"""Connection limits below the application: slow request heads, too many connections,
and a log that floods.

uvicorn closes idle keep-alive connections but not one that opens and then sends its
request head slowly or never, so a few thousand such connections exhaust the file
descriptors of the process. ``GuardedH11Protocol`` gives every request head
``head_seconds`` to arrive and closes a connection past ``max_connections`` at once.
One address alone could still hold all of those (re-opening each as its timer closed
it), so each address has its own share, well below the whole: a new connection from
an address with ``client_connections`` open, or ``client_heads`` of them still
waiting for a request head, is closed at once, at the accept, before any work. A
connection upgraded to a WebSocket leaves these counts (the application counts an
address's sockets). Errors such connections cause are logged a few times a minute per
kind, not once each.

A connection from a trusted proxy (``forwarded_allow_ips``) carries many clients, whose
addresses are known only from each request's ``X-Forwarded-For``: it has no share of
its own, only the cap on all connections (the proxy limits each address's connections
itself, see docs/deploy.md); every limit of the application then counts the client the
proxy names.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

import h11
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.h11_impl import H11Protocol

from .logs import formatter_like_uvicorn

#: Loggers whose records are rate-limited: uvicorn's, asyncio's (accept errors) and ours.
LIMITED_LOGGERS = ("uvicorn.error", "asyncio", "cardtable")


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request head, a cap on all
    connections and a share of them for each client address."""

    head_seconds: ClassVar[float] = 10.0
    max_connections: ClassVar[int] = 2000
    client_connections: ClassVar[int] = 200
    client_heads: ClassVar[int] = 32
    #: address -> its HTTP connections open, and those waiting for a request head.
    open_by_client: ClassVar[Counter[str]] = Counter()
    heads_by_client: ClassVar[Counter[str]] = Counter()
    #: The proxies whose connections have no share of their own (see the module).
    proxies: ClassVar[_TrustedHosts] = _TrustedHosts([])

    @classmethod
    def trust(cls, proxies: Iterable[str]) -> None:
        """Exempt connections from ``proxies`` (as uvicorn reads ``forwarded_allow_ips``)."""
        cls.proxies = _TrustedHosts(list(proxies))

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._peer = self.client[0] if self.client else ""
        self._counted = False
        shared = self._peer not in self.proxies
        if len(self.connections) > self.max_connections or (
            shared
            and (
                self.open_by_client[self._peer] >= self.client_connections
                or self.heads_by_client[self._peer] >= self.client_heads
            )
        ):
            transport.abort()
            return
        self._counted = True
        self.open_by_client[self._peer] += 1
        self._arm()

    def _arm(self) -> None:
        self._head_scope = self.scope
        self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)
        self.heads_by_client[self._peer] += 1

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
            _decrement(self.heads_by_client, self._peer)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.scope is not self._head_scope:  # a whole request head arrived
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._disarm()
            self._arm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        self._uncount()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._uncount()
        super().connection_lost(exc)

    def _uncount(self) -> None:
        if self._counted:
            self._counted = False
            _decrement(self.open_by_client, self._peer)

    def _too_slow(self) -> None:
        self._head_timer = None
        _decrement(self.heads_by_client, self._peer)
        if not self.transport.is_closing():
            self.transport.close()


def _decrement(counts: Counter[str], key: str) -> None:
    """One less for ``key``, forgotten at none (so that many addresses leave no trace)."""
    counts[key] -= 1
    if counts[key] <= 0:
        del counts[key]


class RateLimitedLog(logging.Filter):
    """Let through ``per_minute`` records of each kind (logger and message template) a
    minute, then one that says how many were left out."""

    def __init__(self, per_minute: int = 10) -> None:
        super().__init__()
        self.per_minute = per_minute
        #: kind -> (start of its minute, records seen in it)
        self.seen: dict[tuple[str, str], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, str(record.msg))
        now = time.monotonic()
        start, count = self.seen.get(kind, (now, 0))
        if now - start >= 60:
            if count > self.per_minute:
                record.msg = (
                    f"{record.msg} [{count - self.per_minute} like it left out last minute]"
                )
            start, count = now, 0
        self.seen[kind] = (start, count + 1)
        if len(self.seen) > 1000:
            self.seen.clear()
        return count < self.per_minute


def limit_logging(per_minute: int = 10) -> None:
    """Rate-limit the records of ``LIMITED_LOGGERS``. uvicorn's have their handler;
    the others get one on standard error (they would reach Python's last-resort
    handler otherwise, which no filter sees)."""
    log_filter = RateLimitedLog(per_minute)
    for name in LIMITED_LOGGERS:
        logger = logging.getLogger(name)
        if any(isinstance(f, RateLimitedLog) for f in logger.filters + logger.handlers):
            continue  # limited already (a second application in this process)
        if name.startswith("uvicorn"):
            logger.addFilter(log_filter)
            continue
        handler = logging.StreamHandler()
        handler.setFormatter(
            formatter_like_uvicorn()
            or logging.Formatter("%(levelname)s:     %(name)s: %(message)s")
        )
        handler.addFilter(log_filter)
        logger.addFilter(log_filter)
        logger.addHandler(handler)
        logger.propagate = False

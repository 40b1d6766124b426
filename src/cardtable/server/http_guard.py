"""Connection limits below the application: slow request heads, too many connections,
and a log that floods.

uvicorn closes idle keep-alive connections but not one that opens and then sends its
request head slowly or never, so a few thousand such connections exhaust the file
descriptors of the process. ``GuardedH11Protocol`` gives every request head
``head_seconds`` to arrive and closes a connection past ``max_connections`` at once.
Errors such connections cause are logged a few times a minute per kind, not once each.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Loggers whose records are rate-limited: uvicorn's, asyncio's (accept errors) and ours.
LIMITED_LOGGERS = ("uvicorn.error", "asyncio", "cardtable")


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request head."""

    head_seconds: ClassVar[float] = 10.0
    max_connections: ClassVar[int] = 2000

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        if len(self.connections) > self.max_connections:
            transport.abort()
            return
        self._arm()

    def _arm(self) -> None:
        self._head_scope = self.scope
        self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.scope is not self._head_scope:  # a whole request head arrived
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._disarm()
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()


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
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        handler.addFilter(log_filter)
        logger.addFilter(log_filter)
        logger.addHandler(handler)
        logger.propagate = False

"""A room's timers: the quick-discard window and each idle seat's turn.

A timer that runs out posts a ``Timeout`` command on the room's queue, so its effect
is applied by the room's owner task in order with everything else. A timer can be
cancelled after its command was queued; ``fired`` tells such a stale firing apart by
its ticket.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: ``("window",)`` or ``("turn", seat)``.
Key = tuple[Any, ...]


@dataclass(frozen=True)
class Timeout:
    key: Key
    ticket: int


class Timers:
    def __init__(self, post: Callable[[Timeout], None]) -> None:
        self._post = post
        self._tickets = itertools.count()
        #: key -> (ticket, handle, deadline on the monotonic clock)
        self._running: dict[Key, tuple[int, asyncio.TimerHandle, float]] = {}

    def start(self, key: Key, seconds: float) -> None:
        self.cancel(key)
        ticket = next(self._tickets)
        handle = asyncio.get_running_loop().call_later(seconds, self._post, Timeout(key, ticket))
        self._running[key] = (ticket, handle, time.monotonic() + seconds)

    def cancel(self, key: Key) -> None:
        entry = self._running.pop(key, None)
        if entry is not None:
            entry[1].cancel()

    def cancel_all(self) -> None:
        for key in list(self._running):
            self.cancel(key)

    def running(self, key: Key) -> bool:
        return key in self._running

    def fired(self, timeout: Timeout) -> bool:
        """Whether ``timeout`` is the current run of its timer (and forget that run)."""
        entry = self._running.get(timeout.key)
        if entry is None or entry[0] != timeout.ticket:
            return False
        del self._running[timeout.key]
        return True

    def describe(self) -> list[dict[str, Any]]:
        """Time left on each timer, for clients: ``{"kind", "ms"}`` plus ``seat`` for a turn."""
        now = time.monotonic()
        out: list[dict[str, Any]] = []
        for (kind, *seat), (_, _, end) in self._running.items():
            entry = {"kind": kind, "ms": max(0, round((end - now) * 1000))}
            out.append(entry | ({"seat": seat[0]} if seat else {}))
        return out

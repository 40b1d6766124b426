"""Rate limits: a token bucket, one bucket per client address, and requests paced
per client address.

A client here is its IP address as the server sees it (behind a reverse proxy every
client is the proxy; see docs/server.md). The per-address tables forget addresses
whose bucket has refilled (or with no request waiting), so a flood of addresses
cannot grow them without end.
"""

from __future__ import annotations

import time
from typing import NamedTuple

#: Addresses remembered at most; past this, the fullest buckets are forgotten first.
MAX_CLIENTS = 10000


class RateLimiter:
    """A token bucket: ``burst`` at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def refill(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def allow(self) -> bool:
        if self.refill() < 1:
            return False
        self.tokens -= 1
        return True


class ClientLimiter:
    """A ``RateLimiter`` per client address."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = max(1.0, burst)
        self.buckets: dict[str, RateLimiter] = {}

    def allow(self, client: str) -> bool:
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) >= MAX_CLIENTS:
                self._forget_full()
            bucket = self.buckets[client] = RateLimiter(self.rate, self.burst)
        return bucket.allow()

    def _forget_full(self) -> None:
        """Drop the buckets that are full again (their clients are as if new)."""
        full = [c for c, b in self.buckets.items() if b.refill() >= self.burst]
        for client in full or list(self.buckets)[: MAX_CLIENTS // 10]:
            del self.buckets[client]


class Turn(NamedTuple):
    """A paced request's answer: let through after ``seconds``, or refused (and then
    ``seconds`` is how long until the client may ask again)."""

    admitted: bool
    seconds: float


class PacedClients:
    """The requests of each client address paced at ``rate`` a second, as nginx's
    ``limit_req`` with a ``burst`` paces them: ``burst`` requests go through at once,
    the next ``burst`` wait their turn, and any more are refused.

    Making a request wait rather than refusing it at once matters against a client
    that does not read its refusals (a script polling without pause): each refusal
    would only free its connection for the next request, whereas a waiting request
    holds it, so that client gets no more answers a second than the rate whatever it
    does, and costs the server almost nothing while it waits.
    """

    def __init__(self, rate: float, burst: int) -> None:
        self.interval = 1.0 / rate
        #: Seconds of requests let through at once, and as many again let wait.
        self.window = max(1, burst) * self.interval
        #: client -> when its next request is within the rate (in the past: none due).
        self.due: dict[str, float] = {}

    def turn(self, client: str) -> Turn:
        now = time.monotonic()
        due = max(self.due.get(client, now), now)
        wait = due + self.interval - now - self.window
        if wait > self.window:
            return Turn(False, wait - self.window)
        if client not in self.due and len(self.due) >= MAX_CLIENTS:
            self._forget_idle(now)
        self.due[client] = due + self.interval
        return Turn(True, max(0.0, wait))

    def _forget_idle(self, now: float) -> None:
        """Drop the clients with no request due (they are as if new)."""
        idle = [c for c, due in self.due.items() if due <= now]
        for client in idle or list(self.due)[: MAX_CLIENTS // 10]:
            del self.due[client]


class SharedPace:
    """Turns for work of many keys (client addresses): at most ``per_key`` a second for
    one key and ``in_all`` a second for every key together. ``wait`` takes the next turn
    of a key and says how many seconds away it is; nothing is refused, work waits.

    A turn uses the site's next slot at that slot's own time, not at the key's turn,
    so a key far ahead of its share does not push the others back."""

    def __init__(self, per_key: float, in_all: float) -> None:
        self.key_interval = 1.0 / per_key
        self.interval = 1.0 / in_all
        self.site_due = time.monotonic()
        #: key -> when its next turn is due (in the past: now).
        self.due: dict[str, float] = {}

    def wait(self, key: str) -> float:
        now = time.monotonic()
        site = max(self.site_due, now)
        self.site_due = site + self.interval
        if key not in self.due and len(self.due) >= MAX_CLIENTS:
            for idle in [k for k, due in self.due.items() if due <= now]:
                del self.due[idle]
        turn = max(site, self.due.get(key, now), now)
        self.due[key] = turn + self.key_interval
        return turn - now

"""Rate limits: a token bucket, and one bucket per client address.

A client here is its IP address as the server sees it (behind a reverse proxy every
client is the proxy; see docs/server.md). The per-address table forgets addresses
whose bucket has refilled, so a flood of addresses cannot grow it without end.
"""

from __future__ import annotations

import time

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

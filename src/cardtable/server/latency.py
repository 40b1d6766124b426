"""Each connection's round-trip time, measured continuously by ping and pong.

The server sends ``{"type": "ping", "id": n, ...}`` and the client answers
``{"type": "pong", "id": n}`` at once; the time between the two is one sample. The
estimate is the median of the last ``RECENT`` samples, with the mean deviation of the
samples from it weighted exponentially (gain 1/4, as TCP weights its deviation, RFC
6298). A median rather than a mean because races compare the estimates of two
connections: round trips are skewed (a busy machine delays some answers a lot, none
much less), and a mean rises with the stalls a connection happens to meet, by
different amounts on different connections, while a claim usually meets none.
Measured through delaying proxies on a busy machine, the mean (RFC 6298's 1/8 gain)
overstated a 250 ms route's one-way delay by 2.3 ms and a 20 ms route's by 0.7 ms,
enough for the nearer of two players clicking at the same moment to win only 37-44%
of races; the median of the last nine exceeded the claims' typical delay by the same
~1 ms on every route (a ping's wait in the outbox, which cancels between two players),
and the split was even (docs/research/race-lag-estimate.md). A lasting change of
route moves the median within five samples; one slow answer does not move it.

Only a client that answers pings is pinged: it asks by sending a first ``pong``
without an id. The next ping goes out ``PING_SECONDS`` after each answer, so a
client has at most one ping outstanding and one that stops answering is not sent
more. A pong that does not answer the outstanding ping is ignored: a client can make
its lag look longer (by answering late) but never shorter, and the race judge caps
what a longer lag is worth (see ``races``).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import deque
from collections.abc import Callable

from . import outbound

#: Seconds between a pong and the next ping.
PING_SECONDS = 1.0
#: How many of the latest samples the estimate is the median of.
RECENT = 9
#: Weight of a new sample's distance from the estimate in the mean deviation (RFC 6298).
DEVIATION_GAIN = 1 / 4


class Lag:
    """One connection's round-trip estimate and its ping schedule."""

    __slots__ = (
        "_due",
        "_next_id",
        "_outstanding",
        "_recent",
        "_send",
        "deviation",
        "rtt",
        "samples",
    )

    def __init__(self, send: Callable[[outbound.Ping], None]) -> None:
        self._send = send
        #: Estimated round trip and its mean deviation, in seconds (``None`` before
        #: the first sample).
        self.rtt: float | None = None
        self.deviation = 0.0
        self.samples = 0
        self._recent: deque[float] = deque(maxlen=RECENT)
        self._next_id = 0
        #: (id, monotonic time sent) of the ping awaiting its pong.
        self._outstanding: tuple[int, float] | None = None
        self._due: asyncio.TimerHandle | None = None

    def sample(self, rtt: float) -> None:
        """Take one measured round trip (seconds) into the estimate."""
        if self.rtt is None:
            self.deviation = rtt / 2
        else:
            self.deviation += DEVIATION_GAIN * (abs(rtt - self.rtt) - self.deviation)
        self._recent.append(rtt)
        self.rtt = statistics.median(self._recent)
        self.samples += 1

    def one_way(self) -> float:
        """The estimated time a message takes from the client to the server: half the
        round trip (0 for a client never measured)."""
        return 0.0 if self.rtt is None else self.rtt / 2

    def pong(self, ping_id: int | None, now: float | None = None) -> None:
        """Handle a client's pong: the opening one (no id) starts the pings; the
        answer to the outstanding ping is a sample and schedules the next ping."""
        now = time.monotonic() if now is None else now
        if ping_id is None:
            if self._outstanding is None and self._due is None:
                self.ping()
            return
        if self._outstanding is None or self._outstanding[0] != ping_id:
            return
        self.sample(now - self._outstanding[1])
        self._outstanding = None
        self._due = asyncio.get_running_loop().call_later(PING_SECONDS, self.ping)

    def ping(self) -> None:
        """Send the next ping, with the estimate so far for the client to show."""
        self._due = None
        self._next_id += 1
        self._outstanding = (self._next_id, time.monotonic())
        estimate = self.describe()
        self._send(outbound.ping(self._next_id, estimate["rtt_ms"], estimate["deviation_ms"]))

    def describe(self) -> dict[str, int | None]:
        """The estimate in whole milliseconds: ``rtt_ms`` and ``deviation_ms``."""
        if self.rtt is None:
            return {"rtt_ms": None, "deviation_ms": None}
        return {"rtt_ms": round(self.rtt * 1000), "deviation_ms": round(self.deviation * 1000)}

    def stop(self) -> None:
        """No more pings (the socket closed)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
        self._outstanding = None

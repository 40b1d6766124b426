"""Fair races: out-of-turn claims that several seats may make, judged by send time.

A race is open while the match waits on a window that the server closes on a timer
(the engine offers a system action, as Cactus's quick discard does): every seat in
the window may claim at once, and the first claim wins. Judged by arrival, a player
250 ms away would lose every race to one 20 ms away, so the judge orders claims by
their **estimated send time**: the arrival minus half the connection's measured
round trip (``latency.Lag``), a compensation capped at ``CAP`` seconds so that a
player who answers pings late to look far away buys at most ``CAP``.

No claim that arrives later can have been sent before ``now - CAP``; so a claim
estimated as sent at ``s`` is decided at ``s + CAP``, when every claim sent before it
has arrived, and the claims are applied in the order of their send times. The engine
then rules on each as before (a right throw closes the window; a later one is too
late). The window itself lasts its length plus ``CAP``, so that a claim sent in the
window's last moment from far away still counts. Each claim's outcome reaches every
seat in the same broadcast. Bots claim through the same path, their send time being
the moment their human-like reaction time ends (no compensation: they sit in the
server).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from cardtable.engine.state import State

logger = logging.getLogger(__name__)

#: The most compensation a claim gets, in seconds (a round trip of up to 300 ms is
#: compensated in full).
CAP = 0.150

#: The fields the socket endpoint adds to an ``action`` message (``stamp``): the
#: estimated one-way delay of the connection it came by, in seconds, and when the
#: socket read it (wall clock: the only clock two processes of a site share). A client
#: cannot set them (the schema refuses unknown fields before they are added), and a
#: relay carries them to the table's owner.
LEAD = "_lead"
ARRIVED = "_arrived"
#: The most time a claim is taken to have waited between its socket and its room.
MAX_WAIT = 1.0

T = TypeVar("T")


@dataclass(frozen=True, order=True)
class Claim(Generic[T]):
    """One claim: ordered by estimated send time, then by arrival."""

    sent: float
    arrival: int
    payload: T = field(compare=False)


class Judge(Generic[T]):
    """Orders claims by estimated send time and says when each is decided.

    Times are seconds on one clock (the server's monotonic clock); ``lead`` is the
    claimed one-way delay of the claim's connection, compensated up to ``cap``.
    """

    def __init__(self, cap: float = CAP) -> None:
        self.cap = cap
        self._held: list[Claim[T]] = []
        self._arrivals = itertools.count()

    def sent(self, arrival: float, lead: float) -> float:
        """The estimated send time of a claim that arrived at ``arrival``."""
        return arrival - min(max(lead, 0.0), self.cap)

    def claim(self, payload: T, arrival: float, lead: float) -> Claim[T]:
        held = Claim(self.sent(arrival, lead), next(self._arrivals), payload)
        heapq.heappush(self._held, held)
        return held

    def due(self) -> float | None:
        """When the earliest held claim is decided (``None`` when none is held)."""
        return self._held[0].sent + self.cap if self._held else None

    def ready(self, now: float) -> list[Claim[T]]:
        """The held claims decided by ``now``, earliest sent first (taken out)."""
        out = []
        while self._held and self._held[0].sent + self.cap <= now:
            out.append(heapq.heappop(self._held))
        return out

    def __len__(self) -> int:
        return len(self._held)


def stamp(message: dict[str, Any], one_way: float) -> None:
    """Mark an action as it leaves its socket: its connection's one-way delay and its
    arrival. A claim is timed there, not when its room gets to it, so a room busy with
    other moves (or a relay's hop) does not make it look sent later."""
    message[LEAD] = one_way
    message[ARRIVED] = time.time()


@dataclass(frozen=True)
class RaceDue:
    """Room command: the earliest held claim is decided."""


#: What a held claim does once decided: act, as if it had just arrived.
Decide = Callable[[], Awaitable[None]]


class Races:
    """A room's race judging: holds claims while a race is open and posts ``RaceDue``
    on the room's queue when the earliest is decided, so claims are applied by the
    room's task in order with everything else."""

    def __init__(self, post: Callable[[RaceDue], None], cap: float = CAP) -> None:
        self._post = post
        self.judge: Judge[Decide] = Judge(cap)
        self._timer: asyncio.TimerHandle | None = None

    @staticmethod
    def open(state: State | None) -> bool:
        """Whether a race is open: the match waits on a timed window."""
        return state is not None and not state.is_over and bool(state.system_actions())

    def hold(self, decide: Decide, lead: float, arrival: float | None = None) -> None:
        """Hold a claim that arrived now (or at ``arrival``) from a connection whose
        one-way delay is ``lead`` seconds."""
        self.judge.claim(decide, time.monotonic() if arrival is None else arrival, lead)
        self._arm()

    def hold_message(self, decide: Decide, message: dict[str, Any]) -> None:
        """Hold a person's claim, timed by its socket's ``stamp`` (a message without
        one, from a caller that does not stamp, counts as arriving now)."""
        now = time.time()
        waited = min(max(now - message.get(ARRIVED, now), 0.0), MAX_WAIT)
        self.hold(decide, message.get(LEAD, 0.0), time.monotonic() - waited)

    async def release(self) -> None:
        """Apply every claim decided by now, earliest sent first. A claim that fails
        (a database write refused for a bot's move, which the room retries) does not
        keep the later ones from being applied."""
        for claim in self.judge.ready(time.monotonic()):
            try:
                await claim.payload()
            except Exception:
                logger.exception("a race claim could not be applied")
        self._arm()

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        due = self.judge.due()
        if due is not None:
            delay = max(0.0, due - time.monotonic())
            self._timer = asyncio.get_running_loop().call_later(delay, self._post, RaceDue())

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

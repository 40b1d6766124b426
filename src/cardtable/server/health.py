"""Whether this process is alive (``/healthz``) and ready for players (``/readyz``).

Alive means the event loop answers. Ready means what a match needs answers too: the
database, and in a site of several processes Redis and this process's relay channel.
A load balancer sends no new players to a process that is not ready; the process
itself goes on and recovers by itself when the part comes back.

``Health`` probes each part once a second in the background (each probe bounded by a
timeout, and never two of one part at once), so ``/readyz`` answers at once from the
last results; an ``Outage`` per part writes one log line when the part stops
answering and one when it answers again, however long the outage lasts.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse

logger = logging.getLogger(__name__)

#: Seconds between two rounds of probes.
PROBE_SECONDS = 1.0
#: Seconds a probe may take before its part counts as not answering.
PROBE_TIMEOUT = 2.0
#: Seconds after which a probe still running is given up and a fresh one started
#: (the probes' own calls have timeouts, so this is only a backstop).
STALE_SECONDS = 30.0

Probe = Callable[[], Awaitable[bool]]


class Outage:
    """One part's state; logs once when it goes down and once when it comes back."""

    def __init__(self, name: str) -> None:
        self.name = name
        #: ``time.monotonic()`` when the outage began; ``None`` while the part answers.
        self.since: float | None = None

    @property
    def up(self) -> bool:
        return self.since is None

    def down(self, why: object) -> bool:
        """The part failed; true if this starts an outage (then it is logged)."""
        if self.since is not None:
            return False
        self.since = time.monotonic()
        logger.warning("%s unavailable: %s", self.name, why or "no answer")
        return True

    def back(self) -> bool:
        """The part answered; true if this ends an outage (then it is logged)."""
        if self.since is None:
            return False
        logger.warning("%s available again after %.1f s", self.name, time.monotonic() - self.since)
        self.since = None
        return True


class Health:
    """The background probes of this process's parts, and their last results."""

    def __init__(self, probes: dict[str, Probe]) -> None:
        self.probes = probes
        self.outages = {name: Outage(name) for name in probes}
        #: name -> the probe running, and when it started.
        self._running: dict[str, tuple[asyncio.Task[bool], float]] = {}
        self._task: asyncio.Task[None] | None = None

    @property
    def ready(self) -> bool:
        return all(outage.up for outage in self.outages.values())

    def checks(self) -> dict[str, bool]:
        return {name: outage.up for name, outage in self.outages.items()}

    async def probe_all(self) -> None:
        await asyncio.gather(*(self._probe(name) for name in self.probes))

    async def _probe(self, name: str) -> None:
        task, started = self._running.get(name, (None, 0.0))
        if task is not None and time.monotonic() - started > STALE_SECONDS:
            task.cancel()
            task = None
        if task is None or task.done():
            task = asyncio.create_task(self._answer(name))
            self._running[name] = (task, time.monotonic())
        try:
            ok = await asyncio.wait_for(asyncio.shield(task), PROBE_TIMEOUT)
        except TimeoutError:
            self.outages[name].down(f"no answer within {PROBE_TIMEOUT:g} s")
            return
        if ok:
            self.outages[name].back()

    async def _answer(self, name: str) -> bool:
        try:
            if await self.probes[name]():
                return True
            self.outages[name].down("")
        except Exception as exc:
            self.outages[name].down(exc)
        return False

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch(), name="health probes")

    async def _watch(self) -> None:
        while True:
            await self.probe_all()
            await asyncio.sleep(PROBE_SECONDS)

    def close(self) -> None:
        for task in [self._task, *(task for task, _ in self._running.values())]:
            if task is not None:
                task.cancel()


async def healthz(request: Request) -> PlainTextResponse:
    """``GET /healthz``: the process is alive (its event loop answers)."""
    return PlainTextResponse("ok")


async def readyz(request: Request) -> JSONResponse:
    """``GET /readyz``: 200 when every part answers, else 503; the body names them."""
    health: Health = request.app.state.health
    return JSONResponse(
        {"ready": health.ready, "checks": health.checks()}, 200 if health.ready else 503
    )

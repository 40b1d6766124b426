"""Readiness probes: a part that fails or hangs is not ready, is logged once when its
outage begins and once when it ends, and a hung probe is not started again on every
round (only once it is stale)."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Route

from cardtable.server import health
from cardtable.server.health import Health

LOGGER = "cardtable.server.health"


class Part:
    """A probed part that answers, refuses, or hangs until released."""

    def __init__(self) -> None:
        self.answer: bool | None = True
        self.started = 0
        self.release = asyncio.Event()

    async def probe(self) -> bool:
        self.started += 1
        if self.answer is None:
            await self.release.wait()
        if self.answer is False:
            raise ConnectionError("refused")
        return True


def test_an_outage_is_logged_once_at_its_start_and_once_at_its_end(caplog, monkeypatch):
    monkeypatch.setattr(health, "PROBE_TIMEOUT", 0.05)

    async def scenario() -> tuple[list[bool], list[int]]:
        part = Part()
        watch = Health({"db": part.probe})
        seen, started = [], []
        for answer in [True, False, False, None, None, None, True, True]:
            if answer is True and part.answer is None:
                part.release.set()  # the hung probe ends, answering
            part.answer = answer
            await watch.probe_all()
            seen.append(watch.ready)
            started.append(part.started)
        watch.close()
        return seen, started

    with caplog.at_level(logging.WARNING, logger=LOGGER):
        seen, started = asyncio.run(scenario())
    assert seen == [True, False, False, False, False, False, True, True]
    # while the probe hangs, the rounds wait on it rather than starting another
    assert started[:6] == [1, 2, 3, 4, 4, 4]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert lines[0] == "db unavailable: refused"
    assert lines[1].startswith("db available again after ")


def test_a_stale_probe_is_given_up_and_started_afresh(monkeypatch):
    monkeypatch.setattr(health, "PROBE_TIMEOUT", 0.02)
    monkeypatch.setattr(health, "STALE_SECONDS", 0.0)

    async def scenario() -> tuple[int, bool]:
        part = Part()
        part.answer = None
        watch = Health({"db": part.probe})
        for _ in range(3):
            await watch.probe_all()
        watch.close()
        return part.started, watch.ready

    started, ready = asyncio.run(scenario())
    assert (started, ready) == (3, False)


@pytest.mark.parametrize("ready", [True, False])
def test_readyz_names_each_part_and_healthz_answers(ready):
    async def up() -> bool:
        return True

    async def maybe() -> bool:
        return ready

    app = Starlette(routes=[Route("/readyz", health.readyz), Route("/healthz", health.healthz)])

    async def scenario() -> tuple[httpx.Response, httpx.Response]:
        app.state.health = Health({"storage": up, "redis": maybe})
        await app.state.health.probe_all()
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/readyz"), await client.get("/healthz")

    response, alive = asyncio.run(scenario())
    assert response.status_code == (200 if ready else 503)
    assert response.json() == {"ready": ready, "checks": {"storage": True, "redis": ready}}
    assert (alive.status_code, alive.text) == (200, "ok")

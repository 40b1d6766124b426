"""``GET /metrics``: the figures of ``server/metrics.py`` and the lobby's own.

What is a state rather than an event (open tables and sockets by game) is read from
the lobby when scraped (``LobbyFigures``), so it never drifts from what the lobby
holds. This module reads the lobby, so it sits above it; the counters the lobby's
connections move live below them, in ``server/metrics.py``.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Iterable, Iterator

import prometheus_client
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector, CollectorRegistry
from starlette.requests import Request
from starlette.responses import Response

from .lobby import Lobby
from .metrics import count_pauses


class LobbyFigures(Collector):
    """Open tables and their connections by game, read from the lobby when scraped."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby

    def collect(self) -> Iterator[GaugeMetricFamily]:
        rooms = list(self.lobby.rooms.values())
        tables = Tally(room.table.game for room in rooms)
        conns: Tally[str] = Tally()
        for room in rooms:
            conns[room.table.game] += len(room.conns)
        yield _by_game("cardtable_open_tables", "Tables served by this process", tables)
        yield _by_game(
            "cardtable_table_connections",
            "Connections at the tables this process serves (relayed ones included)",
            conns,
        )
        sockets = GaugeMetricFamily(
            "cardtable_sockets", "WebSocket connections open on this process"
        )
        sockets.add_metric([], sum(self.lobby.sockets.values()))
        yield sockets


def _by_game(name: str, text: str, counts: Tally[str]) -> GaugeMetricFamily:
    family = GaugeMetricFamily(name, text, labels=["game"])
    for game, count in sorted(counts.items()):
        family.add_metric([game], count)
    return family


def lobby_registry(lobby: Lobby) -> CollectorRegistry:
    """A registry of one app's lobby figures (apps in one process keep theirs apart)."""
    count_pauses()
    registry = CollectorRegistry(auto_describe=True)
    registry.register(LobbyFigures(lobby))
    return registry


def exposition(registries: Iterable[CollectorRegistry]) -> bytes:
    """The text format of the default registry and of ``registries``."""
    return b"".join(
        prometheus_client.generate_latest(r) for r in [prometheus_client.REGISTRY, *registries]
    )


async def metrics_endpoint(request: Request) -> Response:
    """``GET /metrics``: every figure, in the Prometheus text format."""
    body = exposition([request.app.state.lobby_figures])
    return Response(body, media_type=prometheus_client.CONTENT_TYPE_LATEST)

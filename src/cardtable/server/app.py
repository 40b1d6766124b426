"""The ASGI application: HTTP API, WebSocket endpoint and the browser client's files."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from . import health, metrics, metrics_page, routes
from .api_pace import ApiPace
from .bots import make_executor, start_workers
from .cluster import make_lobby, make_probes
from .coaching import Coaching
from .config import ServerConfig
from .errors import ProtocolError
from .group_commit import commits
from .http_guard import limit_logging
from .origins import HostCheck
from .players import routes as player_routes
from .players.service import Players
from .reads import HeavyReads
from .sockets import table_socket
from .stores import open_store
from .webfiles import part_files, part_routes, service_worker


def create_app(config: ServerConfig) -> Starlette:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        limit_logging()
        store = open_store(config.db, durable=config.durable)
        metrics.measure_writes(store)
        actions = commits(store)
        executor = make_executor(config.bot_workers)
        await asyncio.to_thread(start_workers, executor, config.bot_workers)
        executor = metrics.MeasuredExecutor(executor)
        lobby = make_lobby(store, executor, config)
        app.state.lobby = lobby
        app.state.lobby_figures = metrics_page.lobby_registry(lobby)
        app.state.health = watching = health.Health(make_probes(lobby))
        app.state.players = players = await asyncio.to_thread(Players, config.db)
        players.watch(lobby)
        await players.resume()
        app.state.coaching = coaching = Coaching(store, executor)
        app.state.reads = reads = HeavyReads(config)
        await lobby.resume()
        await watching.probe_all()
        watching.start()
        try:
            yield
        finally:
            watching.close()
            coaching.close()
            reads.close()
            lobby.close()
            await actions.close()
            players.close()
            executor.shutdown(wait=False, cancel_futures=True)
            store.close()

    web_dir = config.web_dir if config.web_dir is not None and config.web_dir.is_dir() else None
    # The files the games' own packages bring (cardtable.web_parts), read once at start.
    added = part_files(web_dir) if web_dir is not None else {}
    table_routes: list[BaseRoute] = [
        Route("/sw.js", service_worker(config.web_dir, added)),
        Route("/api/games", routes.list_games),
        Route("/api/tables", routes.list_tables, methods=["GET"]),
        Route("/api/tables", routes.create_table, methods=["POST"]),
        Route("/api/quickmatch", routes.quick_match, methods=["POST"]),
        Route("/api/tables/{code}", routes.table_status),
        Route("/api/tables/{code}/matches", routes.match_history),
        Route("/api/tables/{code}/matches/{number}", routes.match_log),
        Route("/api/tables/{code}/matches/{number}/replay", routes.match_replay),
        Route(
            "/api/tables/{code}/matches/{number}/analysis",
            routes.match_analysis,
            methods=["GET", "POST"],
        ),
        *player_routes.ROUTES,
        Route("/openapi.json", routes.openapi_schema),
        Route("/metrics", metrics_page.metrics_endpoint),
        Route("/healthz", health.healthz),
        Route("/readyz", health.readyz),
        WebSocketRoute("/ws/{code}", table_socket),
    ]
    if web_dir is not None:
        table_routes += part_routes(added)
        table_routes.append(Mount("/", StaticFiles(directory=web_dir, html=True)))
    middleware = []
    if config.allowed_hosts:
        middleware.append(Middleware(HostCheck, allowed=config.allowed_hosts))
    middleware.append(
        Middleware(ApiPace, rate=config.api_requests_per_second, burst=config.api_burst)
    )
    return Starlette(
        routes=table_routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={ProtocolError: routes.protocol_error},
    )

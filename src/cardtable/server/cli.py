"""``cardtable serve``: the subcommand and the uvicorn launch."""

from __future__ import annotations

import argparse
import math
import os
import signal
import sys
from pathlib import Path
from typing import Any

from cardtable.argtypes import whole

from .cluster import check_site
from .config import LIMITS, WS_LIBRARIES, ServerConfig, ServerSetupError, parse_limit
from .environment import from_environment, resolve
from .logs import LOG_FORMATS, log_config
from .stores import open_store

#: Host names a server bound to a loopback address answers to unless told otherwise:
#: a page of another site that points its own name at 127.0.0.1 is not served.
LOOPBACK_NAMES = ("127.0.0.1", "localhost")


#: ``--loop`` choices: uvicorn's own choice (uvloop when installed), or one of them.
LOOPS = ("auto", "asyncio", "uvloop")

#: ``--ws-deflate`` choices and what each sets.
SWITCH = {"on": True, "off": False}


def check_loop(loop: str) -> None:
    """Refuse ``--loop uvloop`` where uvloop is not installed, saying how to get it."""
    if loop != "uvloop":
        return
    try:
        import uvloop  # noqa: F401
    except ImportError:
        raise ServerSetupError(
            "--loop uvloop needs uvloop: pip install 'cardtable[fast]'"
        ) from None


def stopped(signum: int, frame: object) -> None:
    """SIGTERM outside uvicorn's own handling (starting, or raised again once stopped)."""
    raise SystemExit(0)


def serve(
    config: ServerConfig, host: str, port: int, loop: str = "auto", log_format: str = "text"
) -> int:
    import uvicorn

    from .app import create_app
    from .http_guard import GuardedH11Protocol

    # uvicorn stops cleanly on SIGTERM, then raises the signal again so that the exit
    # status says "killed": a clean stop is a success (status 0) instead.
    signal.signal(signal.SIGTERM, stopped)
    GuardedH11Protocol.head_seconds = config.http_timeout
    GuardedH11Protocol.max_connections = config.max_connections
    GuardedH11Protocol.client_connections = config.max_connections_per_client
    GuardedH11Protocol.client_heads = config.max_heads_per_client
    GuardedH11Protocol.trust(config.forwarded_allow_ips)
    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        loop=loop,
        http=GuardedH11Protocol,
        ws=config.ws_library,
        ws_per_message_deflate=config.ws_deflate,
        ws_max_size=config.max_frame_bytes,
        limit_concurrency=config.max_connections,
        timeout_keep_alive=max(1, round(config.http_timeout)),
        proxy_headers=True,
        forwarded_allow_ips=list(config.forwarded_allow_ips),
        log_config=log_config(log_format),
        log_level="info",
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    resolve(args)
    defaults = ServerConfig()
    limits: dict[str, Any] = dict(parse_limit(text) for text in args.limit)
    if args.web and not Path(args.web).is_dir():
        raise ServerSetupError(f"the web client's directory {args.web} does not exist")
    config = ServerConfig(
        db=args.db,
        durable=args.durable,
        bot_delay=args.bot_delay,
        bot_workers=defaults.bot_workers if args.bot_workers is None else args.bot_workers,
        rate_per_second=args.rate,
        rate_burst=max(1, round(2 * args.rate)) if math.isfinite(args.rate) else 1,
        web_dir=Path(args.web) if args.web else defaults.web_dir,
        site_origins=tuple(origin.rstrip("/") for origin in args.site_origin),
        allowed_hosts=tuple(args.allowed_host)
        or (LOOPBACK_NAMES if args.host in LOOPBACK_NAMES else ()),
        redis=args.redis,
        lease_seconds=args.lease_seconds,
        forwarded_allow_ips=tuple(args.forwarded_allow_ips) or defaults.forwarded_allow_ips,
        ws_deflate=SWITCH[args.ws_deflate],
        ws_library=args.ws_library,
        **limits,
    )
    check_loop(args.loop)
    if not config.allowed_hosts:
        warn_any_host(args.host)
    open_store(config.db, durable=config.durable).close()  # a bad database fails here
    check_site(config)  # and an unreachable Redis here
    return serve(config, args.host, args.port, args.loop, args.log_format)


def warn_any_host(host: str) -> None:
    """Say loudly that a server listening beyond loopback answers any ``Host``: a page of
    any site can then reach it through a name it points at this address (DNS
    rebinding), unless ``--allowed-host`` names the site's own names."""
    print(
        f"WARNING: listening on {host} with no --allowed-host: this server answers"
        " requests for ANY host name, so a page of another site can reach it through"
        " DNS rebinding. Name this site's host names with --allowed-host NAME"
        " (repeat for several); see docs/deploy.md.",
        file=sys.stderr,
        flush=True,
    )


def add_serve_command(sub: Any) -> None:
    """Add ``serve`` to the ``cardtable`` command's subparsers."""
    defaults = ServerConfig()
    p = sub.add_parser("serve", help="run the game server (HTTP API, WebSocket, web client)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every one)")
    p.add_argument("--port", type=whole(0, 65535), default=8000, help="port to listen on")
    p.add_argument(
        "--db",
        default=defaults.db,
        help="SQLite database file (created if missing), or a postgresql:// URL",
    )
    p.add_argument(
        "--durable", action="store_true", help="sync the database on every action (power cuts)"
    )
    p.add_argument(
        "--bot-delay", type=float, default=defaults.bot_delay, help="seconds before a bot acts"
    )
    p.add_argument(
        "--bot-workers",
        type=int,
        default=None,
        help=f"bot processes (default {defaults.bot_workers}; 0 = a thread in the server)",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=defaults.rate_per_second,
        help="messages a second a connection may send (bursts of twice that)",
    )
    p.add_argument(
        "--web",
        default=None,
        help="directory of the browser client's files (default: the ones installed with cardtable)",
    )
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"change a limit (docs/server.md lists them): {', '.join(LIMITS)}",
    )
    p.add_argument(
        "--site-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another site whose pages may use this server (such as https://example.org)",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server answers to (default: any; on loopback, its own names)",
    )
    p.add_argument(
        "--redis",
        default=None,
        help="redis:// URL shared by several serve processes forming one site (needs a"
        " postgresql:// --db)",
    )
    p.add_argument(
        "--lease-seconds",
        type=float,
        default=defaults.lease_seconds,
        help="with --redis: how soon a dead process's tables move to another one",
    )
    p.add_argument(
        "--loop",
        choices=LOOPS,
        default="auto",
        help="event loop: auto (uvicorn's choice: uvloop when installed), asyncio, uvloop",
    )
    p.add_argument(
        "--ws-deflate",
        choices=tuple(SWITCH),
        default=next(name for name, on in SWITCH.items() if on == defaults.ws_deflate),
        help="offer per-message deflate to WebSocket clients: fewer bytes sent, more memory"
        " per socket and processor time per message (docs/server.md)",
    )
    p.add_argument(
        "--ws-library",
        choices=WS_LIBRARIES,
        default=defaults.ws_library,
        help=f"the WebSocket implementation (default {defaults.ws_library})",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a proxy (address, network such as 10.0.0.0/8, or *) whose X-Forwarded-For"
        f" names the client (default: {', '.join(defaults.forwarded_allow_ips)}; repeat"
        " for several)",
    )
    p.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        default="text",
        help="text, or json: one JSON object a line (time, level, logger, message)",
    )
    from_environment(p, os.environ)
    p.set_defaults(func=cmd_serve)

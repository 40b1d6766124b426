"""``cardtable serve``: the subcommand and the uvicorn launch."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardtable.argtypes import whole

from .cluster import check_site
from .config import ServerConfig, ServerSetupError
from .stores import open_store


def serve(config: ServerConfig, host: str, port: int) -> int:
    import uvicorn

    from .app import create_app

    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        ws_max_size=config.max_frame_bytes,
        log_level="info",
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    defaults = ServerConfig()
    if args.web and not Path(args.web).is_dir():
        raise ServerSetupError(f"the web client's directory {args.web} does not exist")
    config = ServerConfig(
        db=args.db,
        durable=args.durable,
        bot_delay=args.bot_delay,
        bot_workers=defaults.bot_workers if args.bot_workers is None else args.bot_workers,
        rate_per_second=args.rate,
        rate_burst=max(1, round(2 * args.rate)),
        web_dir=Path(args.web) if args.web else defaults.web_dir,
        redis=args.redis,
        lease_seconds=args.lease_seconds,
    )
    open_store(config.db, durable=config.durable).close()  # a bad database fails here
    check_site(config)  # and an unreachable Redis here
    return serve(config, args.host, args.port)


def add_serve_command(sub: Any) -> None:
    """Add ``serve`` to the ``cardtable`` command's subparsers."""
    defaults = ServerConfig()
    p = sub.add_parser("serve", help="run the game server (HTTP API, WebSocket, web client)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=whole(0, 65535), default=8000)
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
    p.add_argument("--web", default=None, help="directory of the browser client's files")
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
    p.set_defaults(func=cmd_serve)

"""The server's settings, with the defaults ``cardtable serve`` uses."""

from __future__ import annotations

import ipaddress
import math
import os
from dataclasses import dataclass, fields
from pathlib import Path

from cardtable.engine.errors import CardtableError

#: The browser client's static files, served at ``/`` when the directory exists.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


#: The WebSocket implementations uvicorn can serve the sockets with (``--ws-library``),
#: the default first (its choice between them is docs/research/server_core.md's).
WS_LIBRARIES = ("websockets-sansio", "wsproto", "websockets")


class ServerSetupError(CardtableError):
    """A server setting is out of range, or the database cannot be opened."""


def is_postgres_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database rather than an SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


@dataclass(frozen=True)
class ServerConfig:
    db: str = "cardtable.db"
    #: Sync the database to disk on every commit (survives a power cut, slower).
    durable: bool = False
    #: Seconds a bot waits before acting, so people can follow (a table may override).
    bot_delay: float = 0.6
    #: Bot worker processes; 0 runs bots in one thread of the server process.
    bot_workers: int = os.cpu_count() or 1
    #: Length of a simultaneous window with a system action when the game's options
    #: give none (a game's ``quick_discard_seconds`` takes precedence).
    window_seconds: float = 3.0
    #: Largest inbound WebSocket message answered with an error; far larger frames
    #: (over ``max_frame_bytes``) close the connection.
    max_message_bytes: int = 4096
    max_frame_bytes: int = 65536
    #: Per-connection rate limit: a burst, then this many messages a second.
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: Messages queued for a client that does not read before it is disconnected.
    outbox_limit: int = 1024
    #: Offer per-message deflate to WebSocket clients (``--ws-deflate``). Off: it costs
    #: more memory per idle socket and processor time per message than the bytes it
    #: saves are worth (figures in docs/research/server_core.md).
    ws_deflate: bool = False
    #: The WebSocket implementation uvicorn serves the sockets with (``WS_LIBRARIES``).
    ws_library: str = WS_LIBRARIES[0]
    web_dir: Path | None = WEB_DIR
    #: A Redis URL: this process is one of several serving one site (``docs/deploy.md``).
    redis: str | None = None
    #: Seconds a table's owner holds it without renewing; a dead owner's tables move
    #: to another process within about this long.
    lease_seconds: float = 3.0
    # ---- limits against abuse (docs/server.md lists each; ``--limit NAME=VALUE``)
    #: Longest thinking time per decision a bot spec may ask for, in milliseconds.
    bot_max_ms: float = 2000.0
    #: Most search iterations per decision a bot spec may ask for.
    bot_max_iterations: int = 5000
    #: Most processes one bot decision may use (``ismcts:workers=``).
    bot_max_workers: int = 1
    #: Bot decisions of one table that may wait for or use the bot pool at once, so a
    #: table with many slow bots cannot keep the pool from the others.
    bot_share: int = 1
    #: An integer rule option the game leaves unbounded may be at most this many times
    #: its default (or this many, when the default is empty or 0).
    option_factor: int = 10
    #: Shortest ``turn_seconds`` a table may set (a turn needs time to read and act).
    min_turn_seconds: float = 5.0
    #: Hints a client address may ask for a minute (in bursts of as many); each is also
    #: searched within its table's ``bot_share``.
    hints_per_minute: float = 30.0
    #: Bot moves a second at tables of bots alone: of the tables one client address
    #: created, and of all such tables together (their moves wait their turn).
    bots_alone_moves_per_client: float = 25.0
    bots_alone_moves_per_second: float = 100.0
    #: Chat texts the database keeps per table (older ones are deleted).
    chat_kept: int = 200
    #: Tables waiting for their first match, in all and per client address.
    max_open_tables: int = 1000
    max_open_tables_per_client: int = 20
    #: Tables a client address may create a minute (bursts of that many).
    tables_per_minute: float = 20.0
    #: Seconds after which a table nobody joined and no match started is removed.
    table_idle_seconds: float = 900.0
    #: Seconds after which a table nobody ever joined or watched is removed.
    unjoined_table_seconds: float = 120.0
    #: Seconds a seat taken before the match starts stays held with nobody connected.
    seat_grace_seconds: float = 120.0
    #: Seconds a seat taken before the match starts is held even with its holder
    #: connected: a match not started by then gives the seat up (its sockets watch on).
    unstarted_seat_seconds: float = 900.0
    #: Seconds a match with nobody seated connected waits before its seats' stand-ins
    #: play it to its end, so an abandoned match ends.
    abandoned_match_seconds: float = 600.0
    #: Seconds a table whose match is over stays in memory with nobody connected; it
    #: is read again from the database on the next request.
    room_idle_seconds: float = 60.0
    #: Seats a client address may take a minute (bursts of that many).
    joins_per_minute: float = 10.0
    #: Spectators one table admits.
    max_spectators: int = 100
    #: Seconds over which joins and leaves are gathered into one ``table`` message.
    status_seconds: float = 0.2
    #: Lookups of unknown table codes a client address may make a second (bursts of 20).
    misses_per_second: float = 2.0
    #: WebSocket connections open at once, per client address.
    max_sockets_per_client: int = 64
    #: Tables in one page of the lobby listing (``?limit`` may ask for fewer).
    page_size: int = 50
    #: Seconds a rendered page of the listing is served again while no table is
    #: created, changes or goes (who is connected may be that much out of date).
    listing_seconds: float = 1.0
    #: HTTP API requests (``/api/...``) a client address may make a second: a burst
    #: of ``api_burst`` at once, the next ``api_burst`` wait their turn, more get 429.
    api_requests_per_second: float = 20.0
    api_burst: int = 40
    #: Connections (HTTP and WebSocket) the server handles at once; more get a 503.
    max_connections: int = 2000
    #: Connections one client address may hold open at once, and of those how many may
    #: be waiting for a request head (sockets count in ``max_sockets_per_client``).
    max_connections_per_client: int = 200
    max_heads_per_client: int = 32
    #: Seconds an idle keep-alive connection, or one still sending its request, is kept.
    http_timeout: float = 10.0
    #: Origins besides the server's own whose pages may open sockets and create tables.
    site_origins: tuple[str, ...] = ()
    #: Replays (heavy reads of finished matches) a client address may have built a
    #: minute, in bursts of as many; a cached replay is served without counting.
    heavy_reads_per_minute: float = 30.0
    #: Replay builds waiting for the reads process at once, site-wide.
    heavy_reads_waiting: int = 16
    #: Bytes of built replays kept ready to serve again.
    read_cache_bytes: int = 64 * 2**20
    #: Host names the server answers to (empty: any).
    allowed_hosts: tuple[str, ...] = ()
    #: Addresses or networks (``10.0.0.0/8``, or ``*`` for any) of the proxies whose
    #: ``X-Forwarded-For`` names the client: a request through one of them counts as
    #: the client it names in every per-address limit; any other counts as its own
    #: address, whatever it claims. None by default: a server reached directly must
    #: not take a client's word for its address.
    forwarded_allow_ips: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse settings the server could not run with, before it starts."""
        for setting in fields(self):
            value = getattr(self, setting.name)
            if isinstance(value, float) and not math.isfinite(value):
                raise ServerSetupError(f"{setting.name} must be a finite number, not {value}")
        if self.redis is not None and not is_postgres_url(self.db):
            raise ServerSetupError(
                "several processes share one site through PostgreSQL: --redis needs"
                " --db postgresql://..."
            )
        if not 0.5 <= self.lease_seconds <= 60:
            raise ServerSetupError(
                f"the lease must last 0.5 to 60 seconds, not {self.lease_seconds}"
            )
        if self.bot_delay < 0:
            raise ServerSetupError(f"the bot delay must be 0 or more seconds, not {self.bot_delay}")
        if self.bot_workers < 0:
            raise ServerSetupError(f"bot workers must be 0 or more, not {self.bot_workers}")
        if self.rate_per_second <= 0 or self.rate_burst < 1:
            raise ServerSetupError(
                f"the message rate must be above 0 a second, not {self.rate_per_second}"
            )
        if self.window_seconds <= 0:
            raise ServerSetupError(
                f"the window must last above 0 seconds, not {self.window_seconds}"
            )
        check_proxies(self.forwarded_allow_ips)
        if self.ws_library not in WS_LIBRARIES:
            raise ServerSetupError(
                f"--ws-library must be one of {', '.join(WS_LIBRARIES)}, not {self.ws_library!r}"
            )
        for name in LIMITS:
            value = getattr(self, name)
            most = largest(name)
            if not 0 < value <= most:
                raise ServerSetupError(
                    f"the limit {name} must be above 0 and at most {most:g}, not {value}"
                )


def check_proxies(proxies: tuple[str, ...]) -> None:
    """Refuse a proxy that is no address or network (uvicorn would silently compare it
    as text, and trust nobody), and ``*`` among others."""
    for proxy in proxies:
        if proxy == "*":
            if len(proxies) > 1:
                raise ServerSetupError(
                    "--forwarded-allow-ips '*' trusts every address: give it alone"
                )
            continue
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ServerSetupError(
                f"--forwarded-allow-ips {proxy!r} is not an IP address or network"
            ) from None


#: The numeric limits ``--limit NAME=VALUE`` sets (documented in docs/server.md).
LIMITS = (
    "bot_max_ms",
    "bot_max_iterations",
    "bot_max_workers",
    "bot_share",
    "hints_per_minute",
    "bots_alone_moves_per_client",
    "bots_alone_moves_per_second",
    "option_factor",
    "min_turn_seconds",
    "max_open_tables",
    "max_open_tables_per_client",
    "tables_per_minute",
    "table_idle_seconds",
    "unjoined_table_seconds",
    "seat_grace_seconds",
    "unstarted_seat_seconds",
    "abandoned_match_seconds",
    "room_idle_seconds",
    "joins_per_minute",
    "max_spectators",
    "chat_kept",
    "status_seconds",
    "misses_per_second",
    "max_sockets_per_client",
    "page_size",
    "listing_seconds",
    "api_requests_per_second",
    "api_burst",
    "max_connections",
    "max_connections_per_client",
    "max_heads_per_client",
    "http_timeout",
    "heavy_reads_per_minute",
    "heavy_reads_waiting",
    "read_cache_bytes",
)


#: The largest value of a limit: far beyond any use, yet a number every timer and
#: counter of the server can hold. A duration (a name ending in ``_seconds``) may last
#: a day; ``LIMIT_MAXIMA`` gives the limits with a largest value of their own.
DEFAULT_MAXIMUM = 1e9
DAY_SECONDS = 86400.0
LIMIT_MAXIMA = {
    "status_seconds": 60.0,
    "listing_seconds": 3600.0,
    "http_timeout": 3600.0,
    "bot_max_ms": 3600e3,
    "read_cache_bytes": float(2**40),
}


def largest(name: str) -> float:
    """The largest value the limit ``name`` may take."""
    if name in LIMIT_MAXIMA:
        return LIMIT_MAXIMA[name]
    return DAY_SECONDS if name.endswith("_seconds") else DEFAULT_MAXIMUM


def parse_limit(text: str) -> tuple[str, float | int]:
    """``NAME=VALUE`` of ``--limit``: a known limit and a number of its type."""
    name, sep, raw = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or name not in LIMITS:
        raise ServerSetupError(f"--limit takes NAME=VALUE with NAME one of: {', '.join(LIMITS)}")
    kind = type(getattr(ServerConfig, name))
    try:
        value = kind(raw)
    except (ValueError, OverflowError):
        value = None
    if value is None or not math.isfinite(value):
        number = "whole number" if kind is int else "finite number"
        raise ServerSetupError(f"--limit {name} needs a {number}, not {raw!r}")
    return name, value

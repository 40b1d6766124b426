"""The server's settings, with the defaults ``cardtable serve`` uses."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cardtable.engine.errors import CardtableError

#: The browser client's static files, served at ``/`` when the directory exists.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


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
    web_dir: Path | None = WEB_DIR
    #: A Redis URL: this process is one of several serving one site (``docs/deploy.md``).
    redis: str | None = None
    #: Seconds a table's owner holds it without renewing; a dead owner's tables move
    #: to another process within about this long.
    lease_seconds: float = 3.0

    def __post_init__(self) -> None:
        """Refuse settings the server could not run with, before it starts."""
        if self.bot_delay < 0:
            raise ServerSetupError(f"the bot delay must be 0 or more seconds, not {self.bot_delay}")
        if self.bot_workers < 0:
            raise ServerSetupError(f"bot workers must be 0 or more, not {self.bot_workers}")
        if self.rate_per_second <= 0 or self.rate_burst < 1:
            raise ServerSetupError(
                f"the message rate must be above 0 a second, not {self.rate_per_second}"
            )
        if self.redis is not None and not is_postgres_url(self.db):
            raise ServerSetupError(
                "several processes share one site through PostgreSQL: --redis needs"
                " --db postgresql://..."
            )
        if not 0.5 <= self.lease_seconds <= 60:
            raise ServerSetupError(
                f"the lease must last 0.5 to 60 seconds, not {self.lease_seconds}"
            )
        if self.window_seconds <= 0:
            raise ServerSetupError(
                f"the window must last above 0 seconds, not {self.window_seconds}"
            )

"""One small database interface for the player layer, over SQLite or PostgreSQL.

The player tables live in the server's own database (``--db``), beside the tables and
matches, so that a match and the players who sat at it are one read apart; the
store creates them with the rest of the schema (``server/migrations.py``). Every
statement is written once, with ``?`` placeholders and SQL both databases accept;
``Database`` translates the placeholders for PostgreSQL. Calls are synchronous and
short; the HTTP layer runs them in a thread (``run``) so that PostgreSQL's network
round trips never hold up the event loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from ..config import is_postgres_url

T = TypeVar("T")


class Cursor(Protocol):
    """What a statement returns: its rows, and how many it changed."""

    rowcount: int

    def fetchall(self) -> list[tuple[Any, ...]]: ...


class Database:
    """A connection to the server's database: ``execute`` alone, or in ``transaction``."""

    def __init__(self, url: str) -> None:
        self.postgres = is_postgres_url(url)
        self._lock = threading.RLock()
        #: SQLite transactions open on this connection (a nested one joins the outer).
        self._depth = 0
        self._conn: Any
        if self.postgres:
            import psycopg

            self._conn = psycopg.connect(url, autocommit=True)
        else:
            self._conn = sqlite3.connect(
                url, isolation_level=None, check_same_thread=False, timeout=5.0
            )
            self._conn.execute("PRAGMA journal_mode=WAL")

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def execute(self, sql: str, *args: Any) -> Cursor:
        with self._lock:
            cursor: Cursor = self._conn.execute(self._sql(sql), args)
            return cursor

    def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with self._lock:
            return self.execute(sql, *args).fetchall()

    def one(self, sql: str, *args: Any) -> tuple[Any, ...] | None:
        rows = self.rows(sql, *args)
        return rows[0] if rows else None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Statements inside commit together or not at all (the lock keeps other
        threads' statements out of it)."""
        with self._lock:
            if self.postgres:
                with self._conn.transaction():
                    yield
                return
            if self._depth:  # inside another: part of it
                yield
                return
            self._conn.execute("BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")
            finally:
                self._depth -= 1

    async def run(self, method: Callable[..., T], *args: Any) -> T:
        """``method(*args)`` in a thread: the event loop serves other requests meanwhile."""
        return await asyncio.to_thread(method, *args)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

"""The databases the server suite runs on: SQLite files, and PostgreSQL.

Tests name a server's database by a path (``tmp_path / "x.db"``) whichever store is
under test; with PostgreSQL each such path stands for a fresh database of its own in
the session's cluster. ``stored_match`` and ``refuse_actions`` read and sabotage the
database directly, beside the server, as a test may and a client never can.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg

from tests.services import Postgres

SQLITE = "sqlite"
POSTGRESQL = "postgresql"


class Backend:
    """Which store the server processes of the running tests use."""

    def __init__(self) -> None:
        self.postgres: Postgres | None = None
        self._urls: dict[Path, str] = {}
        self._connections: dict[str, psycopg.Connection[Any]] = {}

    def use(self, postgres: Postgres | None) -> None:
        self.postgres = postgres
        self._urls.clear()
        for conn in self._connections.values():
            conn.close()
        self._connections.clear()

    def bind(self, db: Path, url: str) -> None:
        """Let ``db`` stand for the database at ``url`` (several servers, one database)."""
        self._urls[db] = url

    @contextlib.contextmanager
    def using(self, postgres: Postgres) -> Iterator[None]:
        """Run servers on ``postgres`` while inside, then go back to the store before."""
        before = self.postgres, dict(self._urls)
        self.use(postgres)
        try:
            yield
        finally:
            self.use(before[0])
            self._urls = before[1]

    def connection(self, db: Path) -> psycopg.Connection[Any]:
        """A connection to the database ``db`` stands for, kept open for the next
        reads (opening one per read is slow enough to upset the timer tests)."""
        url = self.url(db)
        conn = self._connections.get(url)
        if conn is None or conn.closed:
            conn = self._connections[url] = psycopg.connect(url, autocommit=True)
        return conn

    def url(self, db: Path) -> str:
        """What ``--db`` is for the database that ``db`` stands for."""
        if self.postgres is None:
            return str(db)
        if db not in self._urls:
            self._urls[db] = self.postgres.database()
        return self._urls[db]


#: Set by the server suite's fixtures; SQLite for every other suite.
BACKEND = Backend()


def _rows(db: Path, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Run one statement (``%s`` placeholders, SQL both databases speak) on ``db``."""
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as conn:
            cursor = conn.execute(sql.replace("%s", "?"), params)
            return cursor.fetchall() if cursor.description else []
    cursor = BACKEND.connection(db).execute(sql, params)
    return cursor.fetchall() if cursor.description else []


def execute(db: Path, sql: str, *params: Any) -> None:
    """Change the stored data behind the server's back, as a fault would."""
    _rows(db, sql, params)


def stored_actions(db: Path, code: str) -> int:
    ((count,),) = _rows(db, "SELECT COUNT(*) FROM actions WHERE code = %s", (code,))
    return int(count)


@contextlib.contextmanager
def locked(db: Path) -> Iterator[None]:
    """While inside, another client holds a lock that keeps every write out of ``db``."""
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as lock:
            lock.execute("BEGIN EXCLUSIVE")
            try:
                yield
            finally:
                lock.execute("ROLLBACK")
        return
    with psycopg.connect(BACKEND.url(db)) as lock:
        lock.execute("LOCK TABLE tables, seats, matches, actions IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            lock.rollback()


def unusable_database(folder: Path) -> tuple[str, str]:
    """A ``--db`` the server must refuse at start, and a phrase of the error it gives:
    a read-only SQLite file, or a PostgreSQL database that does not exist."""
    if BACKEND.postgres is None:
        db = folder / "read-only.db"
        sqlite3.connect(db).close()
        db.chmod(0o444)
        return str(db), "read-only"
    return BACKEND.postgres.url("no_such_database"), "does not exist"


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def stored_match(db: Path, code: str, number: int | None) -> dict[str, Any]:
    """A match as stored (the latest if ``number`` is None), in ``cardtable.replay``'s form."""
    if number is None:
        ((number,),) = _rows(db, "SELECT MAX(number) FROM matches WHERE code = %s", (code,))
    ((record,),) = _rows(
        db, "SELECT record FROM matches WHERE code = %s AND number = %s", (code, number)
    )
    log = _rows(
        db,
        "SELECT seat, action FROM actions WHERE code = %s AND number = %s ORDER BY idx",
        (code, number),
    )
    data = _json(record)
    return {
        "game": data["game"],
        "players": data["players"],
        "seed": data["seed"],
        "options": data["options"],
        "log": [[seat, _json(action)] for seat, action in log],
    }


@contextlib.contextmanager
def refuse_actions(db: Path, code: str, trigger: str) -> Iterator[None]:
    """While inside, the database refuses every action stored for table ``code``."""
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            conn.execute(
                f"CREATE TRIGGER {trigger} BEFORE INSERT ON actions WHEN NEW.code = '{code}'"
                " BEGIN SELECT RAISE(ABORT, 'disk full'); END"
            )
            conn.commit()
            try:
                yield
            finally:
                conn.execute(f"DROP TRIGGER {trigger}")
                conn.commit()
        return
    with psycopg.connect(BACKEND.url(db), autocommit=True) as conn:
        conn.execute(
            f"CREATE FUNCTION {trigger}() RETURNS trigger LANGUAGE plpgsql AS"
            " $$ BEGIN RAISE EXCEPTION 'disk full'; END $$"
        )
        conn.execute(
            f"CREATE TRIGGER {trigger} BEFORE INSERT ON actions FOR EACH ROW"
            f" WHEN (NEW.code = '{code}') EXECUTE FUNCTION {trigger}()"
        )
        try:
            yield
        finally:
            conn.execute(f"DROP TRIGGER {trigger} ON actions")
            conn.execute(f"DROP FUNCTION {trigger}()")

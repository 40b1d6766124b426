"""The PostgreSQL store (psycopg 3 with a connection pool), for a site past one machine.

Every write is one autocommitted statement under PostgreSQL's default
``synchronous_commit=on``: when the call returns, the row is on the database's disk,
so an acknowledged action survives the server process, the database server and the
machine. Such a commit waits for a network round trip and a disk flush, so the rooms
never make it on the event loop: they hand writes to ``executor``, a thread pool as
large as the connection pool, and other tables' rooms go on meanwhile (concurrent
commits also share disk flushes). Reads (loading a table, the open-tables list, a
finished match's log) are rare and short and stay synchronous.

The schema carries a version (table ``schema_version``); on start the store applies
the migrations the database has not seen yet, under an advisory lock so that several
processes starting at once migrate it exactly once. A database written by a newer
cardtable is refused rather than guessed at.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from .config import ServerSetupError
from .storage import MatchRecord, TableRecord

#: Schema migrations in order; the database's version is how many it has applied.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE tables (
        id BIGSERIAL UNIQUE,
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options JSONB NOT NULL,
        seats JSONB NOT NULL,
        public BOOLEAN NOT NULL,
        turn_seconds DOUBLE PRECISION,
        bot_delay DOUBLE PRECISION NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables(code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT,
        PRIMARY KEY (code, seat)
    );
    CREATE TABLE matches (
        code TEXT NOT NULL REFERENCES tables(code),
        number INTEGER NOT NULL,
        record JSONB NOT NULL,
        finished BOOLEAN NOT NULL DEFAULT false,
        result JSONB,
        PRIMARY KEY (code, number)
    );
    CREATE INDEX matches_running ON matches (code) WHERE NOT finished;
    CREATE TABLE actions (
        code TEXT NOT NULL,
        number INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action JSONB NOT NULL,
        PRIMARY KEY (code, number, idx),
        FOREIGN KEY (code, number) REFERENCES matches(code, number)
    );
    """,
)

#: Key of the advisory lock held while migrating (any constant shared by all processes).
MIGRATION_LOCK = 0x63617264  # "card"
#: Connections (and write threads) per server process.
POOL_SIZE = 8
#: Seconds to wait for the database at start before giving up.
CONNECT_SECONDS = 10.0

TABLE_COLUMNS = "code, game, options, seats, public, turn_seconds, bot_delay"


def migrate(conn: psycopg.Connection[Any]) -> int:
    """Bring the schema up to date; returns its version. ``ServerSetupError`` if the
    database's schema is newer than this code."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = conn.execute("SELECT version FROM schema_version").fetchone()
        if row is None:
            conn.execute("INSERT INTO schema_version VALUES (0)")
            version = 0
        else:
            version = row[0]
        if version > len(MIGRATIONS):
            raise ServerSetupError(
                f"the database's schema is version {version}, newer than this cardtable's"
                f" {len(MIGRATIONS)}: upgrade cardtable"
            )
        for step in MIGRATIONS[version:]:
            conn.execute(step)
        conn.execute("UPDATE schema_version SET version = %s", (len(MIGRATIONS),))
    return len(MIGRATIONS)


class PostgresStore:
    """``Store`` on a PostgreSQL database, safe to share between server processes."""

    def __init__(self, url: str, pool_size: int = POOL_SIZE) -> None:
        self.pool: ConnectionPool[psycopg.Connection[Any]] = ConnectionPool(
            url,
            # all opened at start: a write never waits for a new connection
            min_size=pool_size,
            max_size=pool_size,
            kwargs={"autocommit": True},
            open=False,
            name="cardtable",
        )
        try:
            self.pool.open(wait=True, timeout=CONNECT_SECONDS)
            with self.pool.connection() as conn:
                migrate(conn)
        except (PoolTimeout, psycopg.Error) as exc:
            self.pool.close()
            raise ServerSetupError(
                f"cannot use the database {_without_password(url)}: {exc}"
            ) from None
        except ServerSetupError:
            self.pool.close()
            raise
        self.executor = ThreadPoolExecutor(pool_size, thread_name_prefix="pg writes")

    @contextmanager
    def _conn(self) -> Iterator[psycopg.Connection[Any]]:
        with self.pool.connection() as conn:
            yield conn

    # ------------------------------------------------------------------ tables
    def add_table(self, table: TableRecord) -> bool:
        with self._conn() as conn:
            row = conn.execute(
                f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (code) DO NOTHING RETURNING code",
                (
                    table.code,
                    table.game,
                    Jsonb(table.options),
                    Jsonb(table.seats),
                    table.public,
                    table.turn_seconds,
                    table.bot_delay,
                ),
            ).fetchone()
        return row is not None

    def set_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        with self._conn() as conn:
            conn.execute(
                "INSERT INTO seats (code, seat, name, token_hash) VALUES (%s, %s, %s, %s)",
                (code, seat, name, token_hash),
            )

    def table(self, code: str) -> TableRecord | None:
        with self._conn() as conn:
            row = conn.execute(
                f"SELECT {TABLE_COLUMNS} FROM tables WHERE code = %s", (code,)
            ).fetchone()
            return None if row is None else self._table(conn, row)

    def open_tables(self) -> list[TableRecord]:
        with self._conn() as conn:
            rows = conn.execute(
                f"SELECT {TABLE_COLUMNS} FROM tables t WHERE public"
                " AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.code = t.code) ORDER BY id"
            ).fetchall()
            return [self._table(conn, row) for row in rows]

    def _table(self, conn: psycopg.Connection[Any], row: tuple[Any, ...]) -> TableRecord:
        code, game, options, seats, public, turn_seconds, bot_delay = row
        table = TableRecord(code, game, options, seats, public, turn_seconds, bot_delay)
        table.names = [None] * len(seats)
        table.token_hashes = [None] * len(seats)
        for seat, name, token_hash in conn.execute(
            "SELECT seat, name, token_hash FROM seats WHERE code = %s", (code,)
        ):
            table.names[seat] = name
            table.token_hashes[seat] = token_hash
        return table

    # ------------------------------------------------------------------ matches
    def tables_with_running_match(self) -> list[str]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT m.code FROM matches m WHERE NOT m.finished"
                " AND m.number = (SELECT MAX(number) FROM matches WHERE code = m.code)"
            ).fetchall()
        return [code for (code,) in rows]

    def start_match(self, match: MatchRecord) -> None:
        with self._conn() as conn:
            conn.execute(
                "INSERT INTO matches (code, number, record) VALUES (%s, %s, %s)",
                (match.code, match.number, Jsonb(match.creation())),
            )

    def append_action(
        self, code: str, number: int, index: int, seat: int, action: dict[str, Any]
    ) -> None:
        with self._conn() as conn:
            conn.execute(
                "INSERT INTO actions (code, number, idx, seat, action) VALUES (%s, %s, %s, %s, %s)",
                (code, number, index, seat, Jsonb(action)),
            )

    def finish_match(self, code: str, number: int, result: dict[str, Any]) -> None:
        with self._conn() as conn:
            conn.execute(
                "UPDATE matches SET finished = true, result = %s WHERE code = %s AND number = %s",
                (Jsonb(result), code, number),
            )

    def match(self, code: str, number: int) -> MatchRecord | None:
        with self._conn() as conn:
            row = conn.execute(
                "SELECT record, finished, result FROM matches WHERE code = %s AND number = %s",
                (code, number),
            ).fetchone()
            if row is None:
                return None
            log = conn.execute(
                "SELECT seat, action FROM actions WHERE code = %s AND number = %s ORDER BY idx",
                (code, number),
            ).fetchall()
        creation, finished, result = row
        actions = [(seat, action) for seat, action in log]
        return MatchRecord.stored(code, number, creation, actions, finished, result)

    def latest_match(self, code: str) -> MatchRecord | None:
        with self._conn() as conn:
            row = conn.execute(
                "SELECT MAX(number) FROM matches WHERE code = %s", (code,)
            ).fetchone()
        number = None if row is None else row[0]
        return None if number is None else self.match(code, number)

    def finished_matches(self, code: str) -> list[int]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT number FROM matches WHERE code = %s AND finished ORDER BY number",
                (code,),
            ).fetchall()
        return [number for (number,) in rows]

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.pool.close()


def _without_password(url: str) -> str:
    """The URL as it may appear in an error message."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "(an unreadable PostgreSQL URL)"
    info.pop("password", None)
    return psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in info.items()})

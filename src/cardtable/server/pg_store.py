"""The PostgreSQL store (psycopg 3 with a connection pool), for a site past one machine.

Every write is one autocommitted statement (or one transaction) under PostgreSQL's
default ``synchronous_commit=on``: when the call returns, the row is on the database's
disk, so an acknowledged action survives the server process, the database server and
the machine. Such a commit waits for a network round trip and a disk flush, and a
read (loading a table and replaying its log, a finished match's log, a table's chat)
waits for the network and may wait for a lock or a long log, so the server makes
neither on the event loop: it hands every call to ``executor``, a thread pool as large
as the connection pool, and other tables' rooms go on meanwhile (concurrent commits
also share disk flushes).

The schema carries a version (table ``schema_version``); on start the store applies
the steps of ``server/migrations.py`` the database has not seen yet, under an advisory
lock so that several processes starting at once migrate it exactly once. A database
written by a newer cardtable is refused rather than guessed at.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from .config import ServerSetupError
from .migrations import VERSION, pending
from .storage import CHAT_KEPT, ActionRow, MatchRecord, TableRecord, contiguous

#: Key of the advisory lock held while migrating (any constant shared by all processes).
MIGRATION_LOCK = 0x63617264  # "card"
#: Connections (and write threads) per server process.
POOL_SIZE = 8
#: Seconds (whole) to wait for the database at start before giving up.
CONNECT_SECONDS = 10
#: Seconds a write waits for a free connection before it fails (and is retried).
CHECKOUT_SECONDS = 5.0

TABLE_COLUMNS = "code, game, options, seats, public, turn_seconds, bot_delay"


def migrate(conn: psycopg.Connection[Any], url: str) -> int:
    """Bring the schema up to ``VERSION``; returns it. ``ServerSetupError`` if the
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
        for statement in pending(version, "postgres", without_password(url)):
            conn.execute(statement)
        conn.execute("UPDATE schema_version SET version = %s", (VERSION,))
    return VERSION


#: Deletes a table's chat texts older than the latest so many.
PRUNE_CHAT = (
    "DELETE FROM chat WHERE code = %s AND id <= (SELECT id FROM chat WHERE code = %s"
    " ORDER BY id DESC LIMIT 1 OFFSET %s)"
)


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
            timeout=CHECKOUT_SECONDS,
            name="cardtable",
        )
        try:
            # One connection first: a wrong URL fails with the database's own reason.
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_SECONDS) as conn:
                migrate(conn, url)
            self.pool.open(wait=True, timeout=CONNECT_SECONDS)
        except (PoolTimeout, psycopg.Error) as exc:
            self.pool.close()
            raise ServerSetupError(
                f"cannot use the database {without_password(url)}: {exc}"
            ) from None
        except ServerSetupError:
            self.pool.close()
            raise
        self.executor = ThreadPoolExecutor(pool_size, thread_name_prefix="pg")
        #: The actions' batches go through the same threads and connections.
        self.writer = self.executor

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        with self.pool.connection() as conn:
            conn.execute(sql, args)

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self.pool.connection() as conn:
            return conn.execute(sql, args).fetchall()

    # ------------------------------------------------------------------ tables
    def add_table(self, table: TableRecord) -> bool:
        rows = self._rows(
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
        )
        return bool(rows)

    def set_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        self._write(
            "INSERT INTO seats (code, seat, name, token_hash) VALUES (%s, %s, %s, %s)",
            (code, seat, name, token_hash),
        )

    def free_seat(self, code: str, seat: int) -> None:
        self._write("DELETE FROM seats WHERE code = %s AND seat = %s", (code, seat))

    def drop_table(self, code: str) -> None:
        with self.pool.connection() as conn, conn.transaction():
            for dependent in ("chat", "seats", "tables"):
                conn.execute(f"DELETE FROM {dependent} WHERE code = %s", (code,))

    def quarantine(self, code: str, reason: str) -> None:
        self._write(
            "INSERT INTO quarantine (code, reason) VALUES (%s, %s)"
            " ON CONFLICT (code) DO UPDATE SET reason = EXCLUDED.reason",
            (code, reason),
        )

    def quarantined(self) -> dict[str, str]:
        return {code: reason for code, reason in self._rows("SELECT code, reason FROM quarantine")}

    def set_seat_kinds(self, code: str, seats: list[str]) -> None:
        self._write("UPDATE tables SET seats = %s WHERE code = %s", (Jsonb(seats), code))

    def table(self, code: str) -> TableRecord | None:
        tables = self._tables("WHERE code = %s", (code,))
        return tables[0] if tables else None

    def open_tables(self) -> list[TableRecord]:
        return self._tables(
            "t WHERE NOT EXISTS (SELECT 1 FROM matches m WHERE m.code = t.code) ORDER BY id", ()
        )

    def _tables(self, where: str, args: tuple[Any, ...]) -> list[TableRecord]:
        with self.pool.connection() as conn:
            rows = conn.execute(f"SELECT {TABLE_COLUMNS} FROM tables {where}", args).fetchall()
            tables = []
            for code, game, options, seats, public, turn_seconds, bot_delay in rows:
                table = TableRecord(code, game, options, seats, public, turn_seconds, bot_delay)
                table.names = [None] * len(seats)
                table.token_hashes = [None] * len(seats)
                for seat, name, token_hash in conn.execute(
                    "SELECT seat, name, token_hash FROM seats WHERE code = %s", (code,)
                ):
                    table.names[seat] = name
                    table.token_hashes[seat] = token_hash
                tables.append(table)
        return tables

    # ------------------------------------------------------------------ matches
    def tables_with_running_match(self) -> list[str]:
        rows = self._rows(
            "SELECT m.code FROM matches m WHERE NOT m.finished"
            " AND m.number = (SELECT MAX(number) FROM matches WHERE code = m.code)"
        )
        return [code for (code,) in rows]

    def start_match(self, match: MatchRecord) -> None:
        self._write(
            "INSERT INTO matches (code, number, record) VALUES (%s, %s, %s)",
            (match.code, match.number, Jsonb(match.creation())),
        )

    def append_action(
        self, code: str, number: int, index: int, seat: int, action: dict[str, Any]
    ) -> None:
        self._append([(code, number, index, seat, action)])

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        self._append(rows)

    def _append(self, rows: Sequence[ActionRow]) -> None:
        """``rows`` in one transaction: one commit, one flush of the database's log."""
        with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO actions (code, number, idx, seat, action) VALUES (%s, %s, %s, %s, %s)",
                [(c, n, i, s, Jsonb(a)) for c, n, i, s, a in rows],
            )

    def finish_match(self, code: str, number: int, result: dict[str, Any]) -> None:
        self._write(
            "UPDATE matches SET finished = true, result = %s WHERE code = %s AND number = %s",
            (Jsonb(result), code, number),
        )

    def match(self, code: str, number: int) -> MatchRecord | None:
        with self.pool.connection() as conn:
            row = conn.execute(
                "SELECT record, finished, result FROM matches WHERE code = %s AND number = %s",
                (code, number),
            ).fetchone()
            if row is None:
                return None
            log = conn.execute(
                "SELECT idx, seat, action FROM actions WHERE code = %s AND number = %s"
                " ORDER BY idx",
                (code, number),
            ).fetchall()
        creation, finished, result = row
        actions = [(seat, action) for seat, action in contiguous(code, number, log)]
        return MatchRecord.stored(code, number, creation, actions, finished, result)

    def latest_match(self, code: str) -> MatchRecord | None:
        ((number,),) = self._rows("SELECT MAX(number) FROM matches WHERE code = %s", (code,))
        return None if number is None else self.match(code, number)

    def finished_matches(self, code: str) -> list[int]:
        rows = self._rows(
            "SELECT number FROM matches WHERE code = %s AND finished ORDER BY number", (code,)
        )
        return [number for (number,) in rows]

    def save_analysis(self, code: str, number: int, seat: int, analysis: dict[str, Any]) -> None:
        self._write(
            "INSERT INTO analyses (code, number, seat, analysis) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (code, number, seat) DO UPDATE SET analysis = EXCLUDED.analysis",
            (code, number, seat, Jsonb(analysis)),
        )

    def analysis(self, code: str, number: int, seat: int) -> dict[str, Any] | None:
        rows = self._rows(
            "SELECT analysis FROM analyses WHERE code = %s AND number = %s AND seat = %s",
            (code, number, seat),
        )
        return dict(rows[0][0]) if rows else None

    # ------------------------------------------------------------------ chat
    def add_chat(self, code: str, entry: dict[str, Any], kept: int = CHAT_KEPT) -> None:
        self._write("INSERT INTO chat (code, entry) VALUES (%s, %s)", (code, Jsonb(entry)))
        self._write(PRUNE_CHAT, (code, code, kept))

    def recent_chat(self, code: str, limit: int) -> list[dict[str, Any]]:
        rows = self._rows(
            "SELECT entry FROM chat WHERE code = %s ORDER BY id DESC LIMIT %s", (code, limit)
        )
        return [entry for (entry,) in reversed(rows)]

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.pool.close()


def without_password(url: str) -> str:
    """The URL as it may appear in an error message."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "(an unreadable PostgreSQL URL)"
    info.pop("password", None)
    return psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in info.items()})

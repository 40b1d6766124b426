"""The embedded SQLite store (stdlib ``sqlite3``).

Writes are short: each commits in WAL mode with ``synchronous=NORMAL``, which does not
wait for the disk (tens of microseconds) yet survives the server process being killed,
since a committed transaction is in the operating system's hands. Only a power cut can
lose the last commits; ``durable=True`` switches to ``synchronous=FULL`` for that, at
the cost of a disk sync per commit. The rare writes (tables, seats, chat, a match's
start and end) are autocommitted statements on the event loop; the actions, the
steady stream, come in batches (``group_commit``: those of one turn of the loop, one
transaction, one sync when durable) on a connection of their own, committed by one
writer thread when durable (``writer``).

The one slow step of WAL mode, the checkpoint that copies the log into the database
and syncs it to disk, runs in a background thread on its own connection, so actions
do not wait for the disk (an automatic checkpoint on the event loop stalled every
room for 15 ms or more, every thousand pages). Such a passive checkpoint never
blocks a write, but under a steady stream of writes it never catches up either, and
the log would grow without end; when it holds more than ``WAL_LIMIT_PAGES`` after a
passive checkpoint, a truncating one makes writers wait for that short final step.

A checkpoint has a cost on the event loop too: the first write after a complete one
starts the log again from its beginning and syncs the log's header to disk, in the
writer, on the loop (5 to 130 ms each on a busy disk, once a second while the server
checkpointed every second). So the thread checkpoints only after
``CHECKPOINT_WRITES`` writes, or ``CHECKPOINT_SECONDS`` after the last checkpoint, and
in between syncs the log file itself every ``SYNC_SECONDS`` (from its own thread, no
lock taken): what a power cut can lose stays the last second of commits, and the
loop syncs once per ``CHECKPOINT_WRITES`` writes or per minute, not every second.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .config import ServerSetupError
from .migrations import VERSION, pending
from .storage import CHAT_KEPT, ActionRow, MatchRecord, TableRecord, contiguous

#: Seconds a write waits for a lock another process holds on the database before it
#: fails: the write runs on the event loop, so every room waits with it.
BUSY_SECONDS = 0.2
#: Seconds during which writes fail at once after one failed on a lock, so that many
#: rooms retrying do not each wait ``BUSY_SECONDS`` on a database that is down.
DOWN_SECONDS = 1.0
#: Seconds between two syncs of the write-ahead log to disk by the background thread.
SYNC_SECONDS = 1.0
#: Writes, or seconds, after which the background thread checkpoints.
CHECKPOINT_WRITES = 500
CHECKPOINT_SECONDS = 60.0
#: Pages the write-ahead log may hold before a checkpoint holds writers back.
WAL_LIMIT_PAGES = 1000


def _checkpoint(db: sqlite3.Connection) -> None:
    """Copy the log into the database; truncate it when it has grown too long."""
    _, pages, _ = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    if pages > WAL_LIMIT_PAGES:
        with contextlib.suppress(sqlite3.OperationalError):  # busy: next time
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _open(path: str | Path, durable: bool) -> sqlite3.Connection:
    """The database with the store's settings and tables; a file that cannot be
    created or is not an SQLite database raises ``ServerSetupError`` (and is left as
    it was)."""
    folder = Path(path).parent
    if not folder.is_dir():
        raise ServerSetupError(f"cannot create the database {path}: no directory {folder}")
    file = Path(path)
    if file.exists() and (not os.access(file, os.W_OK) or not file.stat().st_mode & 0o222):
        raise ServerSetupError(f"cannot write to the database {path}: the file is read-only")
    db = None
    try:
        db = _connect(path, durable)
        db.execute("PRAGMA journal_mode=WAL")
        _migrate(db, str(path))
    except (sqlite3.Error, ServerSetupError) as exc:
        if db is not None:
            db.close()
        if isinstance(exc, ServerSetupError):
            raise
        raise ServerSetupError(f"cannot open the database {path}: {exc}") from None
    return db


def _connect(path: str | Path, durable: bool) -> sqlite3.Connection:
    """A connection with the store's settings (they hold per connection). Usable from
    any thread: the store's lock says which one writes."""
    db = sqlite3.connect(
        str(path), isolation_level=None, timeout=BUSY_SECONDS, check_same_thread=False
    )
    db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA wal_autocheckpoint=0")
    return db


def _migrate(db: sqlite3.Connection, path: str) -> None:
    """Bring the schema to ``VERSION`` (``server/migrations.py``) in one transaction that
    holds the write lock, so two processes starting on one file upgrade it once."""
    if db.execute("PRAGMA user_version").fetchone()[0] == VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        for statement in pending(version, "sqlite", path):
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


#: Deletes a table's chat texts older than the latest so many.
PRUNE_CHAT = (
    "DELETE FROM chat WHERE code = ? AND id <= (SELECT id FROM chat WHERE code = ?"
    " ORDER BY id DESC LIMIT 1 OFFSET ?)"
)


class SQLiteStore:
    """``Store`` on one SQLite file."""

    #: Calls run on the event loop (see the module's docstring).
    executor = None

    def __init__(self, path: str | Path, durable: bool = False) -> None:
        self.db = _open(path, durable)
        #: Where the actions' batches are committed, on a connection of their own
        #: (WAL lets ``db`` go on reading beside that writer): when ``durable``, one
        #: thread, so that the loop does not wait for their disk syncs; else on the
        #: loop, as a commit without a sync takes less than handing it to a thread
        #: and back (measured: docs/research/server_core.md, "The write path").
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="sqlite writer") if durable else None
        self._actions_db = _connect(path, durable)
        #: Held by whichever of the two connections writes: the other waits here for a
        #: commit to end rather than in SQLite's busy loop, which sleeps in steps of
        #: milliseconds and would count a long sync as the database being locked.
        self._lock = threading.Lock()
        self._down_until = 0.0
        #: Writes made so far (read by the checkpoint thread).
        self.writes = 0
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoints, args=(str(path),), name="sqlite checkpoints", daemon=True
        )
        self._checkpointer.start()

    def _checkpoints(self, path: str) -> None:
        """Sync the log every ``SYNC_SECONDS`` while writes come; checkpoint it after
        ``CHECKPOINT_WRITES`` writes or ``CHECKPOINT_SECONDS``."""
        db = sqlite3.connect(path, isolation_level=None)
        log = os.open(f"{path}-wal", os.O_RDONLY)
        synced = checkpointed = 0
        last_checkpoint = time.monotonic()
        try:
            while not self._stop.wait(SYNC_SECONDS):
                writes = self.writes
                if writes == synced:
                    continue
                due = time.monotonic() - last_checkpoint >= CHECKPOINT_SECONDS
                if writes - checkpointed >= CHECKPOINT_WRITES or due:
                    _checkpoint(db)
                    checkpointed, last_checkpoint = writes, time.monotonic()
                else:
                    os.fdatasync(log)
                synced = writes
        finally:
            os.close(log)
            db.close()

    # ------------------------------------------------------------------ tables
    @contextlib.contextmanager
    def _writing(self, writes: int) -> Iterator[None]:
        """Around ``writes`` writes: one connection at a time, and a locked database
        fails them fast (see ``DOWN_SECONDS``)."""
        if time.monotonic() < self._down_until:
            raise sqlite3.OperationalError("database is locked (retrying shortly)")
        with self._lock:
            try:
                yield
            except sqlite3.OperationalError:
                self._down_until = time.monotonic() + DOWN_SECONDS
                raise
            self.writes += writes

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        """One autocommitted write."""
        with self._writing(1):
            self.db.execute(sql, args)

    def add_table(self, table: TableRecord) -> bool:
        try:
            self._write(
                "INSERT INTO tables (code, game, options, seats, public, turn_seconds, bot_delay)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table.code,
                    table.game,
                    json.dumps(table.options),
                    json.dumps(table.seats),
                    int(table.public),
                    table.turn_seconds,
                    table.bot_delay,
                ),
            )
        except sqlite3.IntegrityError:
            return False
        return True

    def set_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        self._write(
            "INSERT INTO seats (code, seat, name, token_hash) VALUES (?, ?, ?, ?)",
            (code, seat, name, token_hash),
        )

    def free_seat(self, code: str, seat: int) -> None:
        self._write("DELETE FROM seats WHERE code = ? AND seat = ?", (code, seat))

    def drop_table(self, code: str) -> None:
        self._write("DELETE FROM chat WHERE code = ?", (code,))
        self._write("DELETE FROM seats WHERE code = ?", (code,))
        self._write("DELETE FROM tables WHERE code = ?", (code,))

    def quarantine(self, code: str, reason: str) -> None:
        self._write(
            "INSERT OR REPLACE INTO quarantine (code, reason) VALUES (?, ?)", (code, reason)
        )

    def quarantined(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT code, reason FROM quarantine").fetchall())

    def set_seat_kinds(self, code: str, seats: list[str]) -> None:
        self._write("UPDATE tables SET seats = ? WHERE code = ?", (json.dumps(seats), code))

    def table(self, code: str) -> TableRecord | None:
        row = self.db.execute(
            "SELECT code, game, options, seats, public, turn_seconds, bot_delay"
            " FROM tables WHERE code = ?",
            (code,),
        ).fetchone()
        return None if row is None else self._table(row)

    def open_tables(self) -> list[TableRecord]:
        rows = self.db.execute(
            "SELECT code, game, options, seats, public, turn_seconds, bot_delay FROM tables"
            " WHERE code NOT IN (SELECT code FROM matches) ORDER BY created"
        ).fetchall()
        out = []
        for row in rows:
            try:
                out.append(self._table(row))
            except ValueError:  # not JSON: quarantined when the table is first asked for
                continue
        return out

    def _table(self, row: tuple[Any, ...]) -> TableRecord:
        code, game, options, seats, public, turn_seconds, bot_delay = row
        table = TableRecord(
            code,
            game,
            json.loads(options),
            json.loads(seats),
            bool(public),
            turn_seconds,
            bot_delay,
        )
        table.names = [None] * len(table.seats)
        table.token_hashes = [None] * len(table.seats)
        for seat, name, token_hash in self.db.execute(
            "SELECT seat, name, token_hash FROM seats WHERE code = ?", (code,)
        ):
            table.names[seat] = name
            table.token_hashes[seat] = token_hash
        return table

    # ------------------------------------------------------------------ matches
    def tables_with_running_match(self) -> list[str]:
        rows = self.db.execute(
            "SELECT m.code FROM matches m WHERE m.finished = 0"
            " AND m.number = (SELECT MAX(number) FROM matches WHERE code = m.code)"
        ).fetchall()
        return [code for (code,) in rows]

    def start_match(self, match: MatchRecord) -> None:
        self._write(
            "INSERT INTO matches (code, number, record) VALUES (?, ?, ?)",
            (match.code, match.number, json.dumps(match.creation())),
        )

    def append_action(
        self, code: str, number: int, index: int, seat: int, action: dict[str, Any]
    ) -> None:
        self._append([(code, number, index, seat, action)])

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        self._append(rows)

    def _append(self, rows: Sequence[ActionRow]) -> None:
        """``rows`` in one transaction, on the writer's connection."""
        db = self._actions_db
        with self._writing(len(rows)):
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany(
                    "INSERT INTO actions (code, number, idx, seat, action) VALUES (?, ?, ?, ?, ?)",
                    [(c, n, i, s, json.dumps(a)) for c, n, i, s, a in rows],
                )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def finish_match(self, code: str, number: int, result: dict[str, Any]) -> None:
        self._write(
            "UPDATE matches SET finished = 1, result = ? WHERE code = ? AND number = ?",
            (json.dumps(result), code, number),
        )

    def match(self, code: str, number: int) -> MatchRecord | None:
        row = self.db.execute(
            "SELECT record, finished, result FROM matches WHERE code = ? AND number = ?",
            (code, number),
        ).fetchone()
        if row is None:
            return None
        record, finished, result = row
        rows = self.db.execute(
            "SELECT idx, seat, action FROM actions WHERE code = ? AND number = ? ORDER BY idx",
            (code, number),
        ).fetchall()
        log = [(seat, json.loads(action)) for seat, action in contiguous(code, number, rows)]
        outcome = None if result is None else json.loads(result)
        return MatchRecord.stored(code, number, json.loads(record), log, bool(finished), outcome)

    def latest_match(self, code: str) -> MatchRecord | None:
        (number,) = self.db.execute(
            "SELECT MAX(number) FROM matches WHERE code = ?", (code,)
        ).fetchone()
        return None if number is None else self.match(code, number)

    def finished_matches(self, code: str) -> list[int]:
        rows = self.db.execute(
            "SELECT number FROM matches WHERE code = ? AND finished = 1 ORDER BY number", (code,)
        ).fetchall()
        return [number for (number,) in rows]

    def save_analysis(self, code: str, number: int, seat: int, analysis: dict[str, Any]) -> None:
        self._write(
            "INSERT OR REPLACE INTO analyses VALUES (?, ?, ?, ?)",
            (code, number, seat, json.dumps(analysis)),
        )

    def analysis(self, code: str, number: int, seat: int) -> dict[str, Any] | None:
        row = self.db.execute(
            "SELECT analysis FROM analyses WHERE code = ? AND number = ? AND seat = ?",
            (code, number, seat),
        ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    # ------------------------------------------------------------------ chat
    def add_chat(self, code: str, entry: dict[str, Any], kept: int = CHAT_KEPT) -> None:
        self._write("INSERT INTO chat (code, entry) VALUES (?, ?)", (code, json.dumps(entry)))
        self._write(PRUNE_CHAT, (code, code, kept))

    def recent_chat(self, code: str, limit: int) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT entry FROM chat WHERE code = ? ORDER BY id DESC LIMIT ?", (code, limit)
        ).fetchall()
        return [json.loads(entry) for (entry,) in reversed(rows)]

    def close(self) -> None:
        if self.writer is not None:
            self.writer.shutdown(wait=True)
        self._stop.set()
        self._checkpointer.join()
        self._actions_db.close()
        self.db.close()

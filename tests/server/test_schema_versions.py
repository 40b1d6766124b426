"""Schema versions: a database of the previous version is upgraded at start and keeps
its tables and matches; one of a newer cardtable is refused in one line.

The previous version's schema is frozen here, word for word as the stores created it
before they had ``server/migrations.py`` (SQLite: no version at all; PostgreSQL:
version 1 in ``schema_version``), so the test keeps checking the real upgrade path
however the steps change later.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from psycopg.types.json import Jsonb

from cardtable.cli import main
from cardtable.server.config import ServerSetupError
from cardtable.server.migrations import VERSION
from cardtable.server.stores import open_store

from .backends import BACKEND
from .browsers import Browser
from .support import Server, create_table

PREVIOUS_SQLITE = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    public INTEGER NOT NULL,
    turn_seconds REAL,
    bot_delay REAL NOT NULL,
    created REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS matches (
    code TEXT NOT NULL REFERENCES tables(code),
    number INTEGER NOT NULL,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS quarantine (
    code TEXT PRIMARY KEY,
    reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, number, idx)
);
CREATE TABLE IF NOT EXISTS analyses (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    analysis TEXT NOT NULL,
    PRIMARY KEY (code, number, seat)
);
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL REFERENCES tables(code),
    entry TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_table ON chat (code, id);
"""

PREVIOUS_POSTGRES = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
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
CREATE TABLE quarantine (
    code TEXT PRIMARY KEY,
    reason TEXT NOT NULL
);
CREATE TABLE analyses (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    analysis JSONB NOT NULL,
    PRIMARY KEY (code, number, seat)
);
CREATE TABLE chat (
    id BIGSERIAL PRIMARY KEY,
    code TEXT NOT NULL REFERENCES tables(code),
    entry JSONB NOT NULL
);
CREATE INDEX chat_by_table ON chat (code, id);
"""

CREATION = {
    "game": "skyjo",
    "options": {},
    "players": 2,
    "seed": 1234,
    "seats": ["human", "random"],
    "names": ["Ada", "Bot"],
}
LOG = [(0, {"type": "flip", "index": 3}), (1, {"type": "flip", "index": 7})]
RESULT = {"scores": [12, 30], "winners": [0]}


def _previous_database(db: Path) -> str:
    """A database of the previous schema version holding one table with a finished
    match and a running one, written as the previous release wrote them."""
    url = BACKEND.url(db)
    rows: list[tuple[str, tuple[Any, ...]]] = [
        (
            "INSERT INTO tables (code, game, options, seats, public, turn_seconds, bot_delay)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            ("ABCD", "skyjo", {}, ["human", "random"], True, 30.0, 0.5),
        ),
        ("INSERT INTO seats VALUES (?, ?, ?, ?)", ("ABCD", 0, "Ada", "f" * 64)),
        ("INSERT INTO matches VALUES (?, ?, ?, ?, ?)", ("ABCD", 1, CREATION, True, RESULT)),
        ("INSERT INTO matches VALUES (?, ?, ?, ?, ?)", ("ABCD", 2, CREATION, False, None)),
        *[
            ("INSERT INTO actions VALUES (?, ?, ?, ?, ?)", ("ABCD", number, idx, seat, action))
            for number in (1, 2)
            for idx, (seat, action) in enumerate(LOG)
        ],
        ("INSERT INTO chat (code, entry) VALUES (?, ?)", ("ABCD", {"name": "Ada", "text": "hi"})),
    ]
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as conn:
            conn.executescript(PREVIOUS_SQLITE)
            for sql, args in rows:
                conn.execute(sql, [_sqlite(value) for value in args])
    else:
        with psycopg.connect(url, autocommit=True) as pg:
            pg.execute(PREVIOUS_POSTGRES)
            for sql, args in rows:
                pg.execute(sql.replace("?", "%s"), [_postgres(value) for value in args])
    return url


def _sqlite(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    return json.dumps(value) if isinstance(value, dict | list) else value


def _postgres(value: Any) -> Any:
    return Jsonb(value) if isinstance(value, dict | list) else value


def _version(url: str) -> int:
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(url)) as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])
    with psycopg.connect(url) as pg:
        ((version,),) = pg.execute("SELECT version FROM schema_version").fetchall()
        return int(version)


def _set_version(url: str, version: int) -> None:
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(url)) as conn:
            conn.execute(f"PRAGMA user_version = {version}")
            conn.commit()
        return
    with psycopg.connect(url, autocommit=True) as pg:
        pg.execute("UPDATE schema_version SET version = %s", (version,))


def test_a_database_of_the_previous_version_is_upgraded_and_keeps_its_matches(tmp_path):
    url = _previous_database(tmp_path / "previous.db")
    assert _version(url) < VERSION
    store = open_store(url)
    try:
        assert _version(url) == VERSION
        table = store.table("ABCD")
        assert table is not None
        assert (table.game, table.seats, table.public) == ("skyjo", ["human", "random"], True)
        assert (table.names, table.token_hashes) == (["Ada", None], ["f" * 64, None])
        assert store.finished_matches("ABCD") == [1]
        assert store.tables_with_running_match() == ["ABCD"]
        finished = store.match("ABCD", 1)
        assert finished is not None
        assert (finished.creation(), finished.log) == (CREATION, LOG)
        assert (finished.finished, finished.result) == (True, RESULT)
        running = store.latest_match("ABCD")
        assert running is not None
        assert (running.number, running.log, running.finished) == (2, LOG, False)
        assert store.recent_chat("ABCD", 10) == [{"name": "Ada", "text": "hi"}]
        # play goes on where it stopped
        store.append_action("ABCD", 2, 2, 0, {"type": "draw"})
        again = store.match("ABCD", 2)
        assert again is not None and again.log == [*LOG, (0, {"type": "draw"})]
        # and the upgraded schema is the current one: an action refers to its match
        with pytest.raises((sqlite3.IntegrityError, psycopg.errors.ForeignKeyViolation)):
            store.append_action("ABCD", 9, 0, 0, {"type": "draw"})
    finally:
        store.close()
    open_store(url).close()  # a second start finds nothing to do
    assert _version(url) == VERSION


def test_a_new_database_gets_the_current_version(tmp_path):
    url = BACKEND.url(tmp_path / "new.db")
    open_store(url).close()
    assert _version(url) == VERSION


def test_a_database_of_a_newer_cardtable_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    url = BACKEND.url(tmp_path / "newer.db")
    open_store(url).close()
    _set_version(url, VERSION + 1)
    with pytest.raises(ServerSetupError, match=f"schema version {VERSION + 1}, newer than"):
        open_store(url)
    monkeypatch.setattr("cardtable.server.cli.serve", lambda *args: 0)
    assert main(["serve", "--db", url]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("cardtable: error: the database")
    assert f"newer than this cardtable's {VERSION}" in line
    assert _version(url) == VERSION + 1  # left as it was


def test_three_starts_on_one_database_apply_each_step_once_and_keep_what_was_written(tmp_path):
    """Start, stop, start, stop, start a server on one database: the first start applies
    every step, the later ones none (a step applied again fails on a table it creates
    that is there already, and the server with it), and the table, the guest player and
    the guest's session written in the first run are all there in the third."""
    server = Server(tmp_path / "thrice.db")
    url = BACKEND.url(server.db)
    session: str | None = None
    code = player = ""
    try:
        for start in range(3):
            server.start()
            assert _version(url) == VERSION
            browser = Browser(server)  # the site's Origin: this start's port
            browser.session = session
            if start == 0:
                player = browser.guest("Ada")["id"]
                session = browser.session
                code = create_table(server, "skyjo", ["human", "random"])["code"]
            assert browser.me().json()["id"] == player
            status = httpx.get(f"{server.url}/api/tables/{code}", timeout=5)
            assert status.status_code == 200 and status.json()["code"] == code
            server.stop()
    finally:
        server.stop()
    assert "already exists" not in server.log.read_text()

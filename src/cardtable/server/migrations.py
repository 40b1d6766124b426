"""The database schema of both stores, as ordered steps that each raise its version by one.

A database's version is how many of ``STEPS`` it has applied: SQLite keeps it in
``PRAGMA user_version``, PostgreSQL in the one-row table ``schema_version``. On start
each store applies, in one transaction, the steps the database has not seen yet, so a
database of an earlier cardtable is upgraded in place and keeps its tables and matches;
a database whose version is above ``VERSION`` was written by a newer cardtable and is
refused (see ``pending``) rather than guessed at. An SQLite file of the first releases,
which had tables but no version, is at version 0: its first step is written
``CREATE ... IF NOT EXISTS`` and so adopts the tables it already has.

The two stores shared no schema at first, and drifted apart (step 1 keeps each one's
first schema word for word); step 2 brought SQLite to the schema PostgreSQL had, and
every later step is written once, for both, in the neutral words of ``WORDS``:
``{json}`` (a JSON document), ``{bool}``, ``{real}``, ``{false}``, ``{true}``,
``{serial_key}`` (a growing integer primary key) and ``{now}`` with ``{timestamp}``.

To change the schema, append a ``Step`` to ``STEPS``; never edit a step already
released, since databases out there have applied it. For example::

    Step(
        "players and their passkeys",
        sql=\"\"\"
        CREATE TABLE players (
            id {serial_key},
            name TEXT NOT NULL,
            created {timestamp} NOT NULL DEFAULT {now}
        );
        \"\"\",
    )

A step is a few statements separated by ``;`` (no ``;`` inside a string literal). It
runs inside the upgrade's transaction, so a step that fails leaves the database at the
version it had. Where the two databases need different words for the same change,
give ``sqlite=`` and ``postgres=`` instead of ``sql=``; SQLite's ``ALTER TABLE`` is
limited (no new constraint on a column), so such a change there copies the table:
create the new one, copy the rows, drop the old one, rename the new one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .config import ServerSetupError

Dialect = Literal["sqlite", "postgres"]

#: The neutral words of a step, in each database's SQL.
WORDS: dict[Dialect, dict[str, str]] = {
    "sqlite": {
        "json": "TEXT",
        "bool": "INTEGER",
        "real": "REAL",
        "false": "0",
        "true": "1",
        "serial_key": "INTEGER PRIMARY KEY",
        "timestamp": "REAL",
        "now": "(julianday('now'))",
    },
    "postgres": {
        "json": "JSONB",
        "bool": "BOOLEAN",
        "real": "DOUBLE PRECISION",
        "false": "false",
        "true": "true",
        "serial_key": "BIGSERIAL PRIMARY KEY",
        "timestamp": "TIMESTAMPTZ",
        "now": "now()",
    },
}


@dataclass(frozen=True)
class Step:
    """One change of the schema: ``sql`` in neutral words, or one text per database."""

    summary: str
    sql: str | None = None
    sqlite: str | None = None
    postgres: str | None = None

    def text(self, dialect: Dialect) -> str:
        """The step in ``dialect``'s SQL."""
        own = self.sqlite if dialect == "sqlite" else self.postgres
        text = own if own is not None else self.sql
        if text is None:
            raise ValueError(f"the schema step {self.summary!r} has no SQL for {dialect}")
        return text.format(**WORDS[dialect])


STEPS: tuple[Step, ...] = (
    Step(
        "the first schema of each store",
        sqlite="""
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
        """,
        postgres="""
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
        """,
    ),
    Step(
        # An action row is read only through its match; one without a match (which no
        # release wrote, but a hand-edited file may hold) could never be read, and is
        # left behind by the copy.
        "SQLite as PostgreSQL: each action refers to its match; running matches indexed",
        sqlite="""
        CREATE TABLE actions_v2 (
            code TEXT NOT NULL,
            number INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (code, number, idx),
            FOREIGN KEY (code, number) REFERENCES matches(code, number)
        );
        INSERT INTO actions_v2 (code, number, idx, seat, action)
            SELECT a.code, a.number, a.idx, a.seat, a.action FROM actions a
            WHERE EXISTS (SELECT 1 FROM matches m WHERE m.code = a.code AND m.number = a.number);
        DROP TABLE actions;
        ALTER TABLE actions_v2 RENAME TO actions;
        CREATE INDEX matches_running ON matches (code) WHERE NOT finished;
        """,
        postgres="",
    ),
    Step(
        # The player layer (server/players, docs/players.md). Times are seconds since
        # the epoch; a session and a recovery code are kept as their SHA-256 only.
        "players: guests and registered, passkeys, sessions, who sat where, ratings",
        sql="""
        -- A player: a guest (name_key NULL) or registered (name unique, casefolded).
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT UNIQUE,
            recovery_hash TEXT,
            created DOUBLE PRECISION NOT NULL
        );
        CREATE TABLE passkeys (
            credential_id TEXT PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            public_key TEXT NOT NULL,
            sign_count BIGINT NOT NULL,
            created DOUBLE PRECISION NOT NULL
        );
        -- A signed-in browser: the SHA-256 of its cookie's random id (revoked: deleted).
        CREATE TABLE sessions (
            id_hash TEXT PRIMARY KEY,
            player_id TEXT NOT NULL REFERENCES players(id),
            created DOUBLE PRECISION NOT NULL
        );
        -- A WebAuthn challenge handed out and not yet answered (one use, short-lived).
        CREATE TABLE challenges (
            id TEXT PRIMARY KEY,
            challenge TEXT NOT NULL,
            player_id TEXT,
            expires DOUBLE PRECISION NOT NULL
        );
        -- Who holds a table's seat now (set when a signed-in browser takes it).
        CREATE TABLE seat_players (
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            player_id TEXT NOT NULL,
            PRIMARY KEY (code, seat)
        );
        -- Who sat where in each finished match (player_id NULL: a deleted account).
        CREATE TABLE match_players (
            code TEXT NOT NULL,
            number INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            player_id TEXT,
            game TEXT NOT NULL,
            finished DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (code, number, seat)
        );
        CREATE INDEX match_players_by_player ON match_players (player_id, finished);
        -- A finished match whose players (and ratings) are recorded: written in the same
        -- transaction, so a match is settled exactly once whatever restarts in between.
        CREATE TABLE settled (
            code TEXT NOT NULL,
            number INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            PRIMARY KEY (code, number)
        );
        CREATE TABLE ratings (
            player_id TEXT NOT NULL REFERENCES players(id),
            game TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            matches INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, game)
        );
        CREATE TABLE rating_history (
            player_id TEXT NOT NULL REFERENCES players(id),
            game TEXT NOT NULL,
            code TEXT NOT NULL,
            number INTEGER NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, code, number)
        );
        """,
    ),
    Step(
        "players follow players and invite them to their tables",
        sql="""
        CREATE TABLE follows (
            follower TEXT NOT NULL REFERENCES players(id),
            followed TEXT NOT NULL REFERENCES players(id),
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (follower, followed)
        );
        CREATE INDEX follows_by_followed ON follows (followed);
        -- An invitation not yet shown to its player (deleted once shown).
        CREATE TABLE invites (
            sender TEXT NOT NULL REFERENCES players(id),
            player_id TEXT NOT NULL REFERENCES players(id),
            code TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (sender, player_id, code)
        );
        """,
    ),
    Step(
        "fair play: rated matches left, blocks, reports, bans",
        sql="""
        CREATE TABLE leaves (
            player_id TEXT NOT NULL REFERENCES players(id),
            code TEXT NOT NULL,
            number INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player_id, code, number)
        );
        CREATE TABLE blocks (
            blocker TEXT NOT NULL REFERENCES players(id),
            blocked TEXT NOT NULL REFERENCES players(id),
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (blocker, blocked)
        );
        CREATE INDEX blocks_by_blocked ON blocks (blocked);
        -- A report for an operator: who, about whom, the match it concerns, why.
        CREATE TABLE reports (
            id TEXT PRIMARY KEY,
            reporter TEXT,
            reported TEXT NOT NULL,
            code TEXT,
            number INTEGER,
            reason TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL
        );
        ALTER TABLE players ADD COLUMN banned_until DOUBLE PRECISION;
        """,
    ),
)

#: The schema version this cardtable writes.
VERSION = len(STEPS)


def pending(version: int, dialect: Dialect, database: str) -> list[str]:
    """The SQL statements that bring a database at ``version`` up to ``VERSION``, in
    order; ``ServerSetupError`` (one line, naming ``database``) if it is newer."""
    if version > VERSION:
        raise ServerSetupError(
            f"the database {database} has schema version {version}, newer than this"
            f" cardtable's {VERSION}: run the cardtable that wrote it, or a newer one"
        )
    return [
        statement for step in STEPS[version:] for statement in split_statements(step.text(dialect))
    ]


def split_statements(script: str) -> list[str]:
    """The statements of a step, without the blank ones."""
    return [statement.strip() for statement in script.split(";") if statement.strip()]

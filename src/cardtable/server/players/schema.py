"""The player layer's tables, in SQL that SQLite and PostgreSQL both accept.

Times are seconds since the epoch (``DOUBLE PRECISION``); ids and secrets' hashes are
text. Nothing secret is kept in the clear: a session cookie and a recovery code are
stored as their SHA-256, a passkey as its public key.
"""

from __future__ import annotations

TABLES: tuple[str, ...] = (
    # A player: a guest (name_key NULL) or registered (name unique, casefolded).
    """CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT UNIQUE,
        recovery_hash TEXT,
        created DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS passkeys (
        credential_id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        public_key TEXT NOT NULL,
        sign_count BIGINT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # A signed-in browser: the SHA-256 of its cookie's random id; revoking deletes it.
    """CREATE TABLE IF NOT EXISTS sessions (
        id_hash TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        created DOUBLE PRECISION NOT NULL
    )""",
    # A WebAuthn challenge handed out and not yet answered (one use, short-lived).
    """CREATE TABLE IF NOT EXISTS challenges (
        id TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        player_id TEXT,
        expires DOUBLE PRECISION NOT NULL
    )""",
    # Who holds a table's seat now (set when a signed-in browser takes it).
    """CREATE TABLE IF NOT EXISTS seat_players (
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        player_id TEXT NOT NULL,
        PRIMARY KEY (code, seat)
    )""",
    # Who sat where in each finished match (player_id NULL: a deleted account).
    """CREATE TABLE IF NOT EXISTS match_players (
        code TEXT NOT NULL,
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        player_id TEXT,
        game TEXT NOT NULL,
        finished DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, number, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS match_players_by_player ON match_players (player_id, finished)",
    # A finished match whose players (and ratings) are recorded: written in the same
    # transaction, so a match is settled exactly once whatever restarts in between.
    """CREATE TABLE IF NOT EXISTS settled (
        code TEXT NOT NULL,
        number INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        PRIMARY KEY (code, number)
    )""",
    """CREATE TABLE IF NOT EXISTS ratings (
        player_id TEXT NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        matches INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player_id, game)
    )""",
    """CREATE TABLE IF NOT EXISTS rating_history (
        player_id TEXT NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        code TEXT NOT NULL,
        number INTEGER NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (player_id, code, number)
    )""",
)

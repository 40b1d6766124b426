"""Opening the store that ``--db`` names: an SQLite file, or a PostgreSQL URL."""

from __future__ import annotations

from .config import ServerSetupError, is_postgres_url
from .sqlite_store import SQLiteStore
from .storage import Store


def open_store(db: str, durable: bool = False) -> Store:
    """The store for ``db``; ``ServerSetupError`` if it cannot be opened.

    PostgreSQL needs the ``postgres`` extra (psycopg); it is imported only when a
    PostgreSQL URL is given, so the embedded default runs without it. ``durable``
    concerns SQLite only: PostgreSQL's commits are always flushed to disk.
    """
    if not is_postgres_url(db):
        return SQLiteStore(db, durable=durable)
    try:
        from .pg_store import PostgresStore
    except ImportError as exc:
        raise ServerSetupError(
            f"a PostgreSQL database needs psycopg ({exc.name} is missing):"
            " pip install 'cardtable[postgres]'"
        ) from None
    return PostgresStore(db)

"""The SQLite store's write-ahead log: synced to disk every second from the background
thread, copied into the database only after enough writes (each such copy makes the
next write, on the event loop, sync the log's header)."""

import os
import threading
import time

from cardtable.server import sqlite_store
from cardtable.server.sqlite_store import SQLiteStore
from cardtable.server.storage import TableRecord


def table(code):
    return TableRecord(
        code, "skyjo", {}, ["human", "human"], True, None, 0.0, [None] * 2, [None] * 2
    )


def test_the_log_is_synced_by_the_thread_and_checkpointed_after_enough_writes(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(sqlite_store, "SYNC_SECONDS", 0.05)
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_WRITES", 40)
    syncs = []
    real_sync = os.fdatasync

    def recorded_sync(fd):
        syncs.append(threading.current_thread().name)
        real_sync(fd)

    monkeypatch.setattr(os, "fdatasync", recorded_sync)
    db = tmp_path / "log.db"
    store = SQLiteStore(db)
    try:
        before = db.stat().st_size
        store.add_table(table("AAAAAA"))
        for n in range(10):
            store.add_chat("AAAAAA", {"text": "x" * 2000, "n": n})
        time.sleep(0.5)
        synced_only = db.stat().st_size
        thread_syncs = list(syncs)
        for n in range(40):
            store.add_chat("AAAAAA", {"text": "y" * 2000, "n": n})
        deadline = time.monotonic() + 5
        while db.stat().st_size == before and time.monotonic() < deadline:
            time.sleep(0.05)
        checkpointed = db.stat().st_size
    finally:
        store.close()
    assert thread_syncs and set(thread_syncs) == {"sqlite checkpoints"}
    assert synced_only == before  # eleven writes: synced, not yet copied into the database
    assert checkpointed > before + 40 * 2000  # fifty writes: copied in

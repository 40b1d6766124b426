"""Group commit: the actions of all tables appended in one turn of the event loop are
stored in one transaction, each append returns only once its own row is committed,
a row the database refuses fails only its own action, and no transaction holds more
than the batch's bound. On each store, with its commits off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Callable, Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any

import psycopg
import pytest

from cardtable.server.group_commit import GroupCommit
from cardtable.server.storage import ActionRow, MatchRecord, Store, TableRecord
from cardtable.server.stores import open_store

from .backends import BACKEND

CODES = ["AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD"]


def stored_indices(db: Path, code: str) -> list[int]:
    """The indices of table ``code``'s stored actions, read on a connection of its own."""
    sql = "SELECT idx FROM actions WHERE code = %s ORDER BY idx"
    if BACKEND.postgres is None:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            return [idx for (idx,) in conn.execute(sql.replace("%s", "?"), (code,))]
    with psycopg.connect(BACKEND.url(db)) as conn:
        return [idx for (idx,) in conn.execute(sql, (code,))]


@pytest.fixture(params=[False, True], ids=["synced-by-the-system", "durable"])
def durable(request: pytest.FixtureRequest) -> bool:
    """SQLite commits on the loop, or (durable, a disk sync a commit) in its writer
    thread; PostgreSQL always in its threads."""
    return bool(request.param)


@contextlib.contextmanager
def store_with_matches(db: Path, durable: bool) -> Iterator[Store]:
    """A store with a running match at each table of ``CODES``."""
    store = open_store(BACKEND.url(db), durable=durable)
    try:
        for code in CODES:
            store.add_table(
                TableRecord(
                    code, "skyjo", {}, ["human"] * 2, True, None, 0.0, [None] * 2, [None] * 2
                )
            )
            store.start_match(MatchRecord(code, 1, "skyjo", {}, 2, 7, ["human"] * 2, ["a", "b"]))
        yield store
    finally:
        store.close()


class Transactions:
    """The store's action writes, each one transaction: how many rows each held, and
    the thread it ran in."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sizes: list[int] = []
        self.threads: set[str] = set()
        many, one = store.append_actions, store.append_action

        def append_actions(rows: Sequence[ActionRow]) -> None:
            self._note(len(rows))
            many(rows)

        def append_action(*row: Any) -> None:
            self._note(1)
            one(*row)

        monkeypatch.setattr(store, "append_actions", append_actions)
        monkeypatch.setattr(store, "append_action", append_action)

    def _note(self, rows: int) -> None:
        self.sizes.append(rows)
        self.threads.add(threading.current_thread().name)


def row(code: str, index: int) -> ActionRow:
    return (code, 1, index, index % 2, {"type": "draw", "n": index})


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def test_the_actions_of_several_tables_in_one_turn_are_stored_in_one_transaction(
    tmp_path: Path, durable: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    with store_with_matches(tmp_path / "turn.db", durable) as store:
        transactions = Transactions(store, monkeypatch)
        commits = GroupCommit(store)

        async def one_turn() -> None:
            await asyncio.gather(*(commits.append(row(code, 0)) for code in CODES))

        run(one_turn)
        assert transactions.sizes == [len(CODES)]
        on_the_loop = threading.current_thread().name in transactions.threads
        assert on_the_loop == (store.writer is None)
        assert store.writer is not None or not durable  # a disk sync is never on the loop
        for code in CODES:
            assert stored_indices(tmp_path / "turn.db", code) == [0]


def test_each_append_returns_only_once_its_own_row_is_readable_from_another_connection(
    tmp_path: Path,
    durable: bool,
) -> None:
    db = tmp_path / "ack.db"
    readable: list[bool] = []
    with store_with_matches(db, durable) as store:
        commits = GroupCommit(store)

        async def table(code: str) -> None:
            for index in range(5):
                await commits.append(row(code, index))
                readable.append(stored_indices(db, code) == list(range(index + 1)))

        async def tables() -> None:
            await asyncio.gather(*(table(code) for code in CODES))

        run(tables)
    assert readable == [True] * 5 * len(CODES)


def test_a_row_the_database_refuses_fails_only_its_own_action(
    tmp_path: Path, durable: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "refused.db"
    with store_with_matches(db, durable) as store:
        store.append_action("BBBBBB", 1, 0, 0, {"type": "draw"})
        transactions = Transactions(store, monkeypatch)
        commits = GroupCommit(store)

        async def one_turn() -> list[BaseException | None]:
            # table B's action 0 is stored already: the database refuses it again
            return await asyncio.gather(
                *(commits.append(row(code, 0)) for code in CODES), return_exceptions=True
            )

        outcomes = asyncio.run(one_turn())
        refused = [code for code, outcome in zip(CODES, outcomes, strict=True) if outcome]
        assert refused == ["BBBBBB"]
        assert isinstance(outcomes[1], (sqlite3.IntegrityError, psycopg.errors.UniqueViolation))
        # the batch first, then each of its actions alone
        assert transactions.sizes == [len(CODES)] + [1] * len(CODES)
        for code in CODES:
            assert stored_indices(db, code) == [0]


def test_a_transaction_holds_at_most_the_batch_bound_and_the_rest_follow(
    tmp_path: Path, durable: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "bound.db"
    with store_with_matches(db, durable) as store:
        transactions = Transactions(store, monkeypatch)
        commits = GroupCommit(store, max_batch=3)

        async def one_turn() -> None:
            await asyncio.gather(
                *(commits.append(row(code, index)) for code in CODES[:2] for index in range(4))
            )

        run(one_turn)
        assert transactions.sizes == [3, 3, 2]
        for code in CODES[:2]:
            assert stored_indices(db, code) == [0, 1, 2, 3]


def test_closing_waits_for_the_batch_being_committed(tmp_path: Path, durable: bool) -> None:
    db = tmp_path / "close.db"
    with store_with_matches(db, durable) as store:
        commits = GroupCommit(store)

        async def close_at_once() -> None:
            pending = [asyncio.ensure_future(commits.append(row(code, 0))) for code in CODES]
            await asyncio.sleep(0)  # the appends are in; their batch starts
            await commits.close()
            assert [stored_indices(db, code) for code in CODES] == [[0]] * len(CODES)
            await asyncio.gather(*pending)

        run(close_at_once)


def test_a_database_out_of_reach_fails_every_action_of_the_batch_without_retrying_each(
    tmp_path: Path, durable: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    down = sqlite3.OperationalError if BACKEND.postgres is None else psycopg.OperationalError
    db = tmp_path / "down.db"
    with store_with_matches(db, durable) as store:
        tries: list[int] = []

        def out_of_reach(rows: Sequence[ActionRow]) -> None:
            tries.append(len(rows))
            raise down("the database is out of reach")

        monkeypatch.setattr(store, "append_actions", out_of_reach)
        monkeypatch.setattr(store, "append_action", lambda *row: out_of_reach([row]))
        commits = GroupCommit(store)

        async def one_turn() -> list[BaseException | None]:
            return await asyncio.gather(
                *(commits.append(row(code, 0)) for code in CODES), return_exceptions=True
            )

        outcomes = asyncio.run(one_turn())
        assert all(isinstance(outcome, down) for outcome in outcomes)
        assert tries == [len(CODES)]
        assert [stored_indices(db, code) for code in CODES] == [[]] * len(CODES)

"""Group commit: the actions that all rooms append in one turn of the event loop are
stored in one transaction, so a durable database syncs its disk once for all of them.

A room hands its action's row to ``commits(store).append`` and awaits it; the await
returns only once that row is committed, so an action is still acknowledged only after
it is stored, exactly as durable as one commit per action. The rows gathered during a
turn are written together at the end of the turn (``loop.call_soon`` runs after every
callback already due), in the store's ``writer`` (the PostgreSQL pool's threads, or the
one writer thread of a durable SQLite file) while the loop goes on serving, or on the
loop itself for a store that commits in microseconds (``writer`` None).

One batch is being committed at a time: the rows appended meanwhile wait for it and
then go together (the longer a commit takes, the larger the next batch, which is what
makes a sync per batch pay). A batch holds at most ``MAX_BATCH`` rows; more wait for
the next one, so no transaction grows without bound. When the database refuses a
batch, each of its rows is tried again alone, so that only a row the database refuses
on its own fails its room's action; when the database is down or locked, every row of
the batch fails at once.
"""

from __future__ import annotations

import asyncio
import weakref

from .storage import ActionRow, Store

#: The most rows one transaction holds.
MAX_BATCH = 256


def _commit(store: Store, rows: list[ActionRow]) -> list[Exception | None]:
    """Store ``rows`` in one transaction; if the database refuses it, each row alone.
    What each row's room is told: ``None`` when stored, else why not."""
    if len(rows) == 1:
        return _alone(store, rows)
    try:
        store.append_actions(rows)
    except Exception as exc:
        if _unavailable(exc):
            return [exc] * len(rows)
        return _alone(store, rows)  # one bad row spoils the batch: find it
    return [None] * len(rows)


def _unavailable(exc: Exception) -> bool:
    """Whether ``exc`` says the database is down, locked or out of reach rather than
    refusing a row: PEP 249 names that error ``OperationalError`` (``sqlite3`` and
    psycopg alike). Trying each row alone then would only wait that much longer."""
    return any(kind.__name__ == "OperationalError" for kind in type(exc).__mro__)


def _alone(store: Store, rows: list[ActionRow]) -> list[Exception | None]:
    outcomes: list[Exception | None] = []
    for row in rows:
        try:
            store.append_action(*row)
        except Exception as exc:
            outcomes.append(exc)
        else:
            outcomes.append(None)
    return outcomes


def _settle(
    batch: list[tuple[ActionRow, asyncio.Future[None]]], outcomes: list[Exception | None]
) -> None:
    """Tell each room of ``batch`` whether its row was stored."""
    for (_, stored), outcome in zip(batch, outcomes, strict=True):
        if stored.done():  # its room was closed meanwhile
            continue
        if outcome is None:
            stored.set_result(None)
        else:
            stored.set_exception(outcome)


class GroupCommit:
    """The batches of actions of one store (one per store: ``commits``)."""

    def __init__(self, store: Store, max_batch: int = MAX_BATCH) -> None:
        self.store = store
        self.max_batch = max_batch
        self._waiting: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._flush_due = False
        self._committing: asyncio.Task[None] | None = None

    async def append(self, row: ActionRow) -> None:
        """Store ``row`` with the others of this turn; returns once it is committed,
        raises what the database said if it refused it."""
        loop = asyncio.get_running_loop()
        stored = loop.create_future()
        self._waiting.append((row, stored))
        if not self._flush_due:
            self._flush_due = True
            loop.call_soon(self._flush)
        if len(self._waiting) >= self.max_batch:
            self._flush()
        await stored

    def _flush(self) -> None:
        """Commit the rows waiting, unless a batch is being committed (its end starts
        the next one): on the loop when the store's ``writer`` is None, else there."""
        self._flush_due = False
        while self._waiting and self._committing is None:
            batch = self._waiting[: self.max_batch]
            del self._waiting[: self.max_batch]
            if self.store.writer is None:
                _settle(batch, _commit(self.store, [row for row, _ in batch]))
            else:
                self._committing = asyncio.get_running_loop().create_task(self._commit(batch))

    async def _commit(self, batch: list[tuple[ActionRow, asyncio.Future[None]]]) -> None:
        rows = [row for row, _ in batch]
        outcomes: list[Exception | None] = [RuntimeError("the store was closed")] * len(rows)
        try:
            loop = asyncio.get_running_loop()
            outcomes = await loop.run_in_executor(self.store.writer, _commit, self.store, rows)
        except Exception as exc:  # the writer is shut down: nothing of the batch stored
            outcomes = [exc] * len(rows)
        finally:
            _settle(batch, outcomes)
            self._committing = None
        self._flush()

    async def close(self) -> None:
        """Wait until every row appended so far is committed or refused."""
        self._flush()
        while self._committing is not None:
            await asyncio.shield(self._committing)


_batchers: weakref.WeakKeyDictionary[Store, GroupCommit] = weakref.WeakKeyDictionary()


def commits(store: Store) -> GroupCommit:
    """The one batcher of ``store`` (made on first use)."""
    batcher = _batchers.get(store)
    if batcher is None:
        batcher = _batchers[store] = GroupCommit(store)
    return batcher

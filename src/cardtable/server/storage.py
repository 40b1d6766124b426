"""What the server keeps, and the interface every database behind it implements.

Rooms and the protocol talk only to ``Store``; the SQLite store is the embedded
default, and another database (PostgreSQL for a deployment that outgrows one machine)
is one more class with these methods. A table's seat tokens are kept as hashes only,
so a copy of the database lets nobody act for a seat.

A match is stored as its creation record (game, options, players, seed, seats, names)
plus an append-only action log; replaying the log from the seed rebuilds the state
exactly, which is how a restarted server resumes every unfinished match.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

#: An action as stored: (table code, match number, index in the match, seat, action).
ActionRow = tuple[str, int, int, int, dict[str, Any]]

#: The kind of a seat that a person plays.
HUMAN = "human"


#: Chat texts kept per table by default (``chat_kept``): each new one deletes those
#: older than the latest this many (a joining client is sent the last 50).
CHAT_KEPT = 200


@dataclass
class TableRecord:
    """A table: its game and rules, its seats, and who sits where."""

    code: str
    game: str
    options: dict[str, Any]
    #: One entry per seat: ``HUMAN`` or a bot spec such as ``random``.
    seats: list[str]
    public: bool
    turn_seconds: float | None
    bot_delay: float
    #: The name at each seat (``None`` while a human seat is free).
    names: list[str | None] = field(default_factory=list)
    #: SHA-256 of each human seat's secret token (``None`` while free).
    token_hashes: list[str | None] = field(default_factory=list)


@dataclass
class MatchRecord:
    """One match at a table: enough to replay it exactly, and its result once over."""

    code: str
    number: int
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    seats: list[str]
    names: list[str]
    log: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    finished: bool = False
    result: dict[str, Any] | None = None

    def creation(self) -> dict[str, Any]:
        """What a store keeps of a match when it starts (all but the log and result)."""
        return {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
            "names": self.names,
        }

    @classmethod
    def stored(
        cls,
        code: str,
        number: int,
        creation: dict[str, Any],
        log: list[tuple[int, dict[str, Any]]],
        finished: bool,
        result: dict[str, Any] | None,
    ) -> MatchRecord:
        """A match read back from a store: its ``creation()``, log and outcome."""
        return cls(code, number, log=log, finished=finished, result=result, **creation)

    def replay_record(self) -> dict[str, Any]:
        """The form ``cardtable.replay`` takes."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "log": [[seat, action] for seat, action in self.log],
        }


class Store(Protocol):
    """Durable storage of tables, matches and action logs.

    Every write is durable when the method returns: the server acknowledges an action
    only after ``append_action`` or ``append_actions`` has returned.

    ``executor`` is where the server runs every call it makes while serving, reads
    and writes alike (through ``call``): ``None`` for a store that answers in
    microseconds, called on the event loop; threads for a store whose calls wait on a
    network and a disk, so that one table's write, or the replay of a long log when a
    table is loaded, never holds up another table's room.
    """

    @property
    def executor(self) -> Executor | None: ...

    @property
    def writer(self) -> Executor | None:
        """Where ``append_actions`` runs (``group_commit``): threads for a store whose
        commit waits on a disk sync or a network, so that it never holds up the rooms;
        ``None`` (on the event loop) for one that commits in microseconds."""
        ...

    def add_table(self, table: TableRecord) -> bool:
        """Insert a new table; False if its code is already taken."""
        ...

    def set_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        """Record that a person took ``seat``."""
        ...

    def free_seat(self, code: str, seat: int) -> None:
        """Forget who took ``seat`` (before the match starts, its holder gone too long)."""
        ...

    def drop_table(self, code: str) -> None:
        """Remove a table that never had a match (and its seats)."""
        ...

    def quarantine(self, code: str, reason: str) -> None:
        """Mark a table whose stored match no longer replays, with why."""
        ...

    def quarantined(self) -> dict[str, str]:
        """Every quarantined table's code and reason."""
        ...

    def set_seat_kinds(self, code: str, seats: list[str]) -> None:
        """Replace the table's seat kinds (free seats handed to bots before a match)."""
        ...

    def table(self, code: str) -> TableRecord | None: ...

    def open_tables(self) -> list[TableRecord]:
        """Tables (public or private) whose first match has not started yet."""
        ...

    def tables_with_running_match(self) -> list[str]:
        """The codes of the tables whose latest match is unfinished."""
        ...

    def start_match(self, match: MatchRecord) -> None: ...

    def append_action(
        self, code: str, number: int, index: int, seat: int, action: dict[str, Any]
    ) -> None:
        """Append the ``index``-th action of a match (indices count from 0, no gaps)."""
        ...

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        """Append several actions (of any matches) in one transaction: all or none."""
        ...

    def finish_match(self, code: str, number: int, result: dict[str, Any]) -> None: ...

    def match(self, code: str, number: int) -> MatchRecord | None:
        """A match with its whole log."""
        ...

    def latest_match(self, code: str) -> MatchRecord | None: ...

    def finished_matches(self, code: str) -> list[int]: ...

    def save_analysis(self, code: str, number: int, seat: int, analysis: dict[str, Any]) -> None:
        """Keep the coach's analysis of one seat of a finished match."""
        ...

    def analysis(self, code: str, number: int, seat: int) -> dict[str, Any] | None:
        """The analysis ``save_analysis`` kept, if any."""
        ...

    def add_chat(self, code: str, entry: dict[str, Any], kept: int = CHAT_KEPT) -> None:
        """Append one chat message (sender, seat, name, text, time) to the table's record,
        and delete the table's messages older than the latest ``kept``."""
        ...

    def recent_chat(self, code: str, limit: int) -> list[dict[str, Any]]:
        """The table's last ``limit`` chat messages, oldest first."""
        ...

    def close(self) -> None: ...


@dataclass
class SavedTable:
    """What a room is built from: the table, its latest match (replayed), the numbers
    of its finished matches and its recent chat."""

    table: TableRecord
    match: MatchRecord | None = None
    finished: list[int] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)


class StoredDataError(ValueError):
    """A stored row the server cannot use: not JSON, or a match's log with a gap."""


def contiguous(code: str, number: int, rows: Iterable[tuple[Any, ...]]) -> list[tuple[Any, Any]]:
    """The (seat, action) of a match's stored action rows (idx, seat, action), in order;
    ``StoredDataError`` if an index is missing (every later action would be refused)."""
    out = []
    for position, (idx, seat, action) in enumerate(rows):
        if idx != position:
            raise StoredDataError(f"match {number} of table {code} has no action {position}")
        out.append((seat, action))
    return out


def saved_table(store: Store, code: str, chat_limit: int) -> SavedTable | None:
    """Table ``code`` as stored, with all a room needs, read in one ``call``."""
    table = store.table(code)
    if table is None:
        return None
    return SavedTable(
        table,
        store.latest_match(code),
        store.finished_matches(code),
        store.recent_chat(code, chat_limit),
    )


def records_of(store: Store, code: str, numbers: Iterable[int]) -> list[MatchRecord]:
    """The matches ``numbers`` of table ``code``, in that order, read in one ``call``."""
    out = []
    for number in numbers:
        match = store.match(code, number)
        assert match is not None
        out.append(match)
    return out


async def call(store: Store, method: Callable[..., T], *args: Any) -> T:
    """Run one of ``store``'s methods (or a function of several of them, given the
    store) where the store wants it run: on the event loop, or in its ``executor``
    while the loop serves other rooms."""
    if store.executor is None:
        return method(*args)
    return await asyncio.get_running_loop().run_in_executor(store.executor, method, *args)

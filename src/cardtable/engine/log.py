"""A match's action log that clones share instead of copying.

A search clones its position thousands of times a decision, and every clone used to
copy the whole log, so clones grew dearer as a match went on (20,000 entries in a long
Cactus match). A log is append-only, so the entries a clone inherits never change: a
``MatchLog`` keeps them in a tuple that its forks share, and only what it appends
since in a list of its own. Forking an unchanged log costs nothing; forking one that
has grown joins its new entries to the shared tuple once, and every later fork of it
is free again. It reads like the list it replaces (length, indexing, slices, iteration,
equality with lists), so records and replays are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, overload

from .actions import Action

Entry = tuple[int, Action]


class MatchLog:
    """The ``(seat, action)`` entries of a match, oldest first."""

    __slots__ = ("_own", "_shared", "append")

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._shared: tuple[Entry, ...] = tuple(entries)
        self._own: list[Entry] = []
        #: Add an entry at the end (the list's own method: playouts call it per action).
        self.append = self._own.append

    def fork(self) -> MatchLog:
        """A log with the same entries that grows independently of this one."""
        if self._own:
            self._shared += tuple(self._own)
            self._own = []
            self.append = self._own.append
        other = MatchLog.__new__(MatchLog)
        other._shared = self._shared
        other._own = []
        other.append = other._own.append
        return other

    def __len__(self) -> int:
        return len(self._shared) + len(self._own)

    def __iter__(self) -> Iterator[Entry]:
        yield from self._shared
        yield from self._own

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...
    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        if isinstance(index, slice):
            return list(self)[index]
        shared = len(self._shared)
        if index < 0:
            index += len(self)
        if 0 <= index < shared:
            return self._shared[index]
        if index < 0:
            raise IndexError("log index out of range")
        return self._own[index - shared]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MatchLog | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like the list it replaces

    def __repr__(self) -> str:
        return f"MatchLog({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (for search workers) as its entries: the bound ``append`` is not."""
        return (MatchLog, (list(self),))

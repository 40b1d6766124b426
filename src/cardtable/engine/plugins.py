"""Plug-in tables read from entry-point groups, for every layer above the engine.

A game brings more than its rules: its bot levels, its coach's profile, its RL
encoder, its terminal renderer. Each of those layers declares an entry-point group
(``cardtable.<layer>``) and reads it here, by game name, so a layer holds no per-game
table and a game in a package of its own plugs in by declaring the same groups in its
own ``pyproject.toml``. The engine only loads the entries; what an entry must be is
the layer's business (``expected`` checks its type on loading, so a wrong entry fails
with its name rather than deep inside the layer).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any, TypeVar

from .errors import CardtableError

T = TypeVar("T")


@cache
def _group(group: str) -> dict[str, Any]:
    """Every entry of ``group``, loaded once, by entry name."""
    return {entry.name: entry.load() for entry in entry_points(group=group)}


def plugin_table(group: str, expected: type[T]) -> dict[str, T]:
    """The entries of ``group`` by name, each checked to be an ``expected``."""
    table = _group(group)
    for name, value in table.items():
        if not isinstance(value, expected):
            raise CardtableError(
                f"the {group} entry point {name} is a {type(value).__name__}, "
                f"not a {expected.__name__}"
            )
    return dict(table)


def plugin(group: str, name: str, expected: type[T]) -> T | None:
    """The entry ``name`` of ``group`` (a game's name, usually), or None if no package
    declares one."""
    return plugin_table(group, expected).get(name)


def reload_plugins() -> None:
    """Forget the loaded groups (after installing a package, or in a test that
    replaces the installed entry points)."""
    _group.cache_clear()

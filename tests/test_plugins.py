"""The plug-in loader: entry-point groups read by game name, each entry checked for its
type on loading, and read again after ``reload_plugins``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib.metadata import EntryPoint

import pytest

from cardtable.engine import plugins
from cardtable.engine.errors import CardtableError
from cardtable.engine.plugins import plugin, plugin_table, reload_plugins

GROUP = "cardtable.test_widgets"

#: Entry values the fake group names.
WIDGET = "a widget"
OTHER_WIDGET = "another widget"
NOT_A_WIDGET = 42

Declare = Callable[..., None]


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> Iterator[Declare]:
    """Replace the installed entry points of ``GROUP`` by ``name=attribute`` pairs."""
    real = plugins.entry_points

    def declare(**entries: str) -> None:
        points = [EntryPoint(name, f"{__name__}:{attr}", GROUP) for name, attr in entries.items()]

        def fake(group: str) -> object:
            return points if group == GROUP else real(group=group)

        monkeypatch.setattr(plugins, "entry_points", fake)
        reload_plugins()

    yield declare
    monkeypatch.undo()
    reload_plugins()


def test_a_group_is_read_by_entry_name(declared: Declare) -> None:
    declared(skyjo="WIDGET", cactus="OTHER_WIDGET")
    assert plugin_table(GROUP, str) == {"skyjo": WIDGET, "cactus": OTHER_WIDGET}
    assert plugin(GROUP, "cactus", str) == OTHER_WIDGET


def test_a_game_without_an_entry_gets_none(declared: Declare) -> None:
    declared(skyjo="WIDGET")
    assert plugin(GROUP, "lastcard", str) is None
    assert plugin("cardtable.no_such_group", "skyjo", str) is None


def test_an_entry_of_the_wrong_type_is_refused_with_its_name(declared: Declare) -> None:
    declared(skyjo="WIDGET", cactus="NOT_A_WIDGET")
    message = r"the cardtable.test_widgets entry point cactus is a int, not a str"
    with pytest.raises(CardtableError, match=message):
        plugin_table(GROUP, str)
    with pytest.raises(CardtableError, match=message):
        plugin(GROUP, "skyjo", str)  # one wrong entry fails the group, whoever asks


def test_a_group_is_loaded_once_until_reloaded(
    declared: Declare, monkeypatch: pytest.MonkeyPatch
) -> None:
    declared(skyjo="WIDGET")
    assert plugin(GROUP, "skyjo", str) == WIDGET
    points = [EntryPoint("skyjo", f"{__name__}:OTHER_WIDGET", GROUP)]
    monkeypatch.setattr(plugins, "entry_points", lambda group: points)
    assert plugin(GROUP, "skyjo", str) == WIDGET  # the loaded group is kept
    reload_plugins()
    assert plugin(GROUP, "skyjo", str) == OTHER_WIDGET


def test_the_table_is_a_copy(declared: Declare) -> None:
    declared(skyjo="WIDGET")
    plugin_table(GROUP, str).clear()
    assert plugin(GROUP, "skyjo", str) == WIDGET

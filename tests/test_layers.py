"""The package's layers: the engine knows no game, bots reach games through the registry.

The import graph is read from the sources (``ast``), counting ``importlib`` calls with
a literal name too, so a late import cannot hide a dependency. ``from p import m``
counts as importing the module ``p.m`` when there is one, and ``p`` otherwise.
"""

from __future__ import annotations

import ast
import dataclasses
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from cardtable.engine import registry
from cardtable.engine.errors import CardtableError
from cardtable.games.skyjo import SPEC as SKYJO

SOURCES = Path(registry.__file__).parents[2]


def _module_files() -> dict[str, Path]:
    files = {}
    for path in (SOURCES / "cardtable").rglob("*.py"):
        parts = path.relative_to(SOURCES).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


def _imported(node: ast.AST, module: str, is_package: bool) -> list[str]:
    """The module names one import statement (or ``import_module("...")``) names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            base = module.split(".")[: len(module.split(".")) - node.level + is_package]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        return [source, *(f"{source}.{alias.name}" for alias in node.names)]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    ):
        return [str(node.args[0].value)]
    return []


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports."""
    files = _module_files()
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = [n for n in _imported(node, module, is_package) if n in files]
            # ``from p import m``: the submodule m when it is one, else the package p.
            submodules = [n for n in names[1:] if n in files]
            targets.update(submodules or names[:1])
        graph[module] = targets - {module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for target in graph[module]:
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_the_graph_sees_a_known_import():
    assert "cardtable.engine.registry" in import_graph()["cardtable.bots.base"]


def test_the_package_has_no_import_circle():
    assert cycles(import_graph()) == []


def test_a_circle_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


#: The compiled core sits below the engine: it imports nothing of the package.
BELOW_THE_ENGINE = "cardtable._core"


def test_the_compiled_core_imports_nothing_of_the_package():
    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith(BELOW_THE_ENGINE):
            assert not {t for t in targets if t.startswith("cardtable.")} - {module}, module


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        ("cardtable.engine", ("cardtable.",)),
        ("cardtable.bots", ("cardtable.games", "cardtable.sim", "cardtable.server")),
    ],
)
def test_a_layer_imports_only_below_itself(layer: str, forbidden: tuple[str, ...]):
    graph = import_graph()
    for module, targets in graph.items():
        if module == layer or module.startswith(layer + "."):
            wrong = {
                t
                for t in targets
                if t.startswith(forbidden)
                and not t.startswith(layer)
                and not t.startswith(BELOW_THE_ENGINE)
            }
            assert not wrong, f"{module} imports {sorted(wrong)}"


#: A game declared by another package, as its entry point would name it.
VARIANT = dataclasses.replace(SKYJO, name="skyjo-variant", title="Skyjo variant")


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch):
    """Replace the installed entry points by the given ones, for one test."""

    def declare(*values: str) -> None:
        points = [
            EntryPoint(f"game{i}", value, registry.ENTRY_POINT_GROUP)
            for i, value in enumerate(values)
        ]
        monkeypatch.setattr(registry, "entry_points", lambda group: points)
        registry._load.cache_clear()

    yield declare
    registry._GAMES.pop(VARIANT.name, None)
    registry._load.cache_clear()


def test_a_game_in_another_package_registers_through_its_entry_point(declared):
    declared(f"{__name__}:VARIANT")
    assert registry.get_game("skyjo-variant") is VARIANT
    assert "skyjo-variant" in [g.name for g in registry.games()]


def test_an_entry_point_that_is_no_game_is_refused(declared):
    declared(f"{__name__}:SOURCES")
    with pytest.raises(CardtableError, match=r"entry point game0 = .*SOURCES is a PosixPath"):
        registry.games()

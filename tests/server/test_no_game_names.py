"""The server and the simulations know no game by name: each game is a plug-in.

They reach a game only through the registry (``engine.registry``) and the plug-in
tables (``engine.plugins``), so a game added by another package works in them
unchanged. A game's name written into their code (a string ``"skyjo"``, a module
``skyjo.``, an import of ``cardtable.games.skyjo``) would tie them to that game.
Prose that names a game (a docstring's "Cactus's quick discard") is not code and
is capitalised, so it is not matched.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.engine.registry import games

PACKAGE = Path(__file__).parents[2] / "src" / "cardtable"
GAME_FREE_LAYERS = ("server", "sim")


def name_pattern(names: list[str]) -> re.Pattern[str]:
    """What ties code to a game: its name quoted, or followed by a dot (a module or
    attribute), or as the module after ``games.``."""
    alternatives = "|".join(re.escape(name) for name in names)
    return re.compile(
        rf"""["'](?:{alternatives})["']|\b(?:{alternatives})\.|\bgames\.(?:{alternatives})\b"""
    )


def game_names_in(root: Path, pattern: re.Pattern[str]) -> list[str]:
    """Each line of the Python files under ``root`` that names a game, as path:line: text."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_the_registry_has_the_games_whose_names_are_looked_for():
    assert {"cactus", "lastcard", "skyjo"} <= {spec.name for spec in games()}


@pytest.mark.parametrize("layer", GAME_FREE_LAYERS)
def test_no_game_is_named_in_the_layer(layer: str):
    pattern = name_pattern([spec.name for spec in games()])
    assert game_names_in(PACKAGE / layer, pattern) == []


@pytest.mark.parametrize(
    "line",
    [
        '"game": {"example": "skyjo"},',
        "if game == 'lastcard':",
        "from cardtable.games.cactus import SPEC",
        "import cardtable.games.skyjo",
        "rules = skyjo.RULES",
    ],
)
def test_a_game_name_in_code_is_found(line: str, tmp_path: Path):
    (tmp_path / "module.py").write_text(f"x = 1\n{line}\n")
    pattern = name_pattern(["cactus", "lastcard", "skyjo"])
    assert game_names_in(tmp_path, pattern) != []


@pytest.mark.parametrize(
    "line",
    [
        '"""A window such as Cactus\'s quick discard."""',
        "# a state message of Skyjo (about 750 bytes)",
        'spec = get_game(table["game"])',
    ],
)
def test_prose_and_registry_lookups_are_not_game_names(line: str, tmp_path: Path):
    (tmp_path / "module.py").write_text(f"{line}\n")
    pattern = name_pattern(["cactus", "lastcard", "skyjo"])
    assert game_names_in(tmp_path, pattern) == []

"""The lobby shows each game's rules from a copy of docs/rules/ shipped with the client."""

from pathlib import Path

import pytest

from cardtable.engine.registry import games

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_the_client_ships_each_games_rules_page_unchanged(game):
    docs = ROOT / "docs" / "rules" / f"{game}.md"
    shipped = ROOT / "src" / "cardtable" / "web" / "rules" / f"{game}.md"
    assert shipped.exists() and shipped.read_text() == docs.read_text(), (
        f"copy {docs.relative_to(ROOT)} to {shipped.relative_to(ROOT)}"
    )

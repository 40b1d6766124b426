"""The lobby shows each game's rules, in the page's language, from a copy of docs/rules/
shipped with the client: English at docs/rules/<game>.md, every other language of the
client's catalogues at docs/rules/<language>/<game>.md."""

import re
from pathlib import Path

import pytest

from cardtable.engine.registry import games

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = sorted(path.stem for path in (ROOT / "src/cardtable/web/i18n").glob("*.json"))


def page(root: Path, language: str, game: str) -> Path:
    folder = root if language == "en" else root / language
    return folder / f"{game}.md"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_the_client_ships_each_games_rules_page_unchanged_in_every_language(game, language):
    docs = page(ROOT / "docs" / "rules", language, game)
    shipped = page(ROOT / "src" / "cardtable" / "web" / "rules", language, game)
    assert docs.exists(), f"{docs.relative_to(ROOT)} is missing"
    assert shipped.exists() and shipped.read_text() == docs.read_text(), (
        f"copy {docs.relative_to(ROOT)} to {shipped.relative_to(ROOT)}"
    )


def test_the_client_speaks_the_four_languages():
    assert LANGUAGES == ["de", "en", "es", "fr"]


#: Seats or slots named from 0, or places given as engine indices.
ENGINE_NUMBERING = re.compile(
    r"\b(seats?|slots?|places?|emplacements?|Platz|Plätze|puestos?|huecos?)( \d+,)* 0\b|row x 4",
    re.IGNORECASE,
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_rules_pages_count_seats_and_slots_from_1(game, language):
    text = page(ROOT / "docs" / "rules", language, game).read_text()
    assert ENGINE_NUMBERING.findall(text) == []

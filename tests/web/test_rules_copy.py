"""The lobby shows each game's rules, in the page's language, from the rules pages the
package ships and the server serves: English at ``src/cardtable/web/rules/<game>.md``,
every other language of the client's catalogues at ``<language>/<game>.md`` there.
They are kept in that one place; the checkout holds no second copy to drift from it."""

import os
import re
from pathlib import Path

import pytest

from cardtable.engine.registry import games
from tests.rules_pages import RULES_DIR, rules_page

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = sorted(path.stem for path in (ROOT / "src/cardtable/web/i18n").glob("*.json"))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_the_client_ships_each_games_rules_page_in_every_language(game, language):
    page = rules_page(game, language)
    assert page.is_file(), f"{page} is missing"


#: Folders of the checkout that are not the project's sources (tools, builds, copies).
NOT_SOURCES = {".git", ".venv", "build", "dist", "mutants", "node_modules"}


def test_the_checkout_keeps_one_copy_of_the_rules_pages():
    """A second copy (as docs/rules/ once was) would drift from the pages players see."""
    names = {f"{spec.name}.md" for spec in games()}
    copies = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in NOT_SOURCES]
        if names & set(files) and not Path(folder).is_relative_to(RULES_DIR):
            copies.append(str(Path(folder).relative_to(ROOT)))
    assert copies == []


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
    text = rules_page(game, language).read_text()
    assert ENGINE_NUMBERING.findall(text) == []

"""Where the tests read the rules pages: the one copy the package ships and the server
serves (``src/cardtable/web/rules/``), found from the imported package so that the
tests read the same pages wherever the package is run from (a checkout, mutmut's
``mutants/`` copy of ``src``, an installed wheel)."""

from pathlib import Path

from cardtable.server.config import WEB_DIR

#: English pages at ``<game>.md``; every other language at ``<language>/<game>.md``.
RULES_DIR: Path = WEB_DIR / "rules"


def rules_page(game: str, language: str = "en") -> Path:
    """The rules page of ``game`` in ``language``."""
    folder = RULES_DIR if language == "en" else RULES_DIR / language
    return folder / f"{game}.md"

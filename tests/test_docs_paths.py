"""Every file the guides and the README name exists, so that a reader who follows one
finds it: each relative link, and each path in backticks (alone or in a command) that
starts at the project's root (``bench/``, ``docs/``, ``src/`` ...) or at the package
(``cardtable/``, under ``src/``). Names with placeholders (``<game>``) or wildcards
are patterns, not paths, and are left out."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [*sorted(ROOT.glob("docs/**/*.md")), ROOT / "README.md"]

#: A span of inline code (not a fence's backticks).
CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
#: A path from the project's root, or from the package (found under src/).
ROOTED = re.compile(r"(?:bench|docs|examples|research|src|tests|\.ci)/[\w./-]*")
PACKAGE = re.compile(r"cardtable/[\w./-]*")
#: A markdown link's target.
LINK = re.compile(r"\]\(([^)\s]+)\)")


def named_paths(text: str) -> list[Path]:
    """The paths the inline code of ``text`` names, relative to the project's root."""
    paths = []
    for span in CODE.findall(text):
        for word in span.split():
            word = word.split("::")[0].rstrip(".,:;)")  # a pytest node id names its file
            if ROOTED.fullmatch(word):
                paths.append(Path(word))
            elif PACKAGE.fullmatch(word):
                paths.append(Path("src", word))
    return paths


def linked_paths(page: Path) -> list[Path]:
    """The files ``page`` links to, relative to its folder (web addresses left out)."""
    targets = (target.split("#")[0] for target in LINK.findall(page.read_text()))
    return [page.parent / target for target in targets if target and ":" not in target]


def test_the_patterns_find_paths_in_code_and_commands():
    text = "Run `.venv/bin/python bench/engine.py --rounds 5`, read `cardtable/engine/api.py`."
    assert named_paths(text) == [Path("bench/engine.py"), Path("src/cardtable/engine/api.py")]
    patterns = "`tests/x.py::test_y` and `src/cardtable/web/rules/<game>.md`"
    assert named_paths(patterns) == [Path("tests/x.py")]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page):
    text = page.read_text()
    missing = [
        str(path)
        for path in named_paths(text)
        if not (ROOT / path).exists() and not (page.parent / path).exists()
    ]
    missing += [os.path.relpath(path, ROOT) for path in linked_paths(page) if not path.exists()]
    assert missing == [], f"{page.relative_to(ROOT)} names files that are not there"

"""One spelling in code: identifiers say ``color``, as the wire protocol does.

The protocol's field is ``color`` (public API, docs/protocol.md), so every name in the
package's code follows it: Python, JavaScript and C names, CSS classes and custom
properties, message keys and placeholders, stored preference keys and data attributes.
Prose keeps British spelling (comments, docstrings, rules pages, the messages' text),
so only code is read here: Python through its syntax tree (names, attributes,
arguments, imports, f-string fields), JavaScript, CSS and C with comments removed, and
the JSON files by their keys and the ``{placeholders}`` of their values.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
#: A token of code that carries the other spelling.
TOKEN = re.compile(r"[\w$.:-]*colour[\w.-]*", re.IGNORECASE)
#: A string, template or comment of JavaScript, CSS or C: strings are kept (they hold
#: class names, keys and attributes), comments dropped.
LEXEME = re.compile(
    r"""(?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)"""
    r"""|(?P<comment>/\*.*?\*/|//[^\n]*)""",
    re.DOTALL,
)
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Tokens allowed where they stand: the preference key of former versions, which
#: js/theme.js reads once to carry a returning player's choice over to its new key.
ALLOWED = {("cardtable/web/js/theme.js", "cardtable:colourblind")}
SUFFIXES = (".py", ".js", ".css", ".c", ".h", ".json")


def python_names(source: str) -> Iterator[str]:
    """Every name the code of a Python module defines or uses."""
    for node in ast.walk(ast.parse(source)):
        for field in ("id", "attr", "name", "arg", "asname", "module"):
            value = getattr(node, field, None)
            if isinstance(value, str):
                yield value
        if isinstance(node, ast.Global | ast.Nonlocal):
            yield from node.names


def code_without_comments(source: str) -> str:
    """JavaScript, CSS or C with its comments removed (a ``//`` inside a string stays)."""
    return LEXEME.sub(lambda m: m.group("string") or " ", source)


def json_names(value: Any) -> Iterator[str]:
    """A JSON document's keys, and the placeholders named in its strings, at any depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from json_names(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_names(item)
    elif isinstance(value, str):
        yield from PLACEHOLDER.findall(value)


def offending_tokens(suffix: str, source: str) -> list[str]:
    """The tokens of the other spelling in the code of one file (prose left out)."""
    if suffix == ".py":
        text = "\n".join(python_names(source))
    elif suffix == ".json":
        text = "\n".join(json_names(json.loads(source)))
    else:
        text = code_without_comments(source)
    return TOKEN.findall(text)


def source_files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*") if p.suffix in SUFFIXES and p.is_file())


def test_the_checker_reads_code_and_leaves_prose_alone() -> None:
    python = '"""The colour."""\n# a colour\nCOLOUR_MASKS = f"{colour}"\nx.colourName(colours=1)\n'
    found = sorted(offending_tokens(".py", python))
    assert found == ["COLOUR_MASKS", "colour", "colourName", "colours"]
    js = '// the colour\nconst url = "http://x/colour-ring"; /* colours */ t(`colour.${c}`);\n'
    assert offending_tokens(".js", js) == ["colour-ring", "colour."]
    css = "/* colour-blind */ .colour-ring .card { --colourFill: red; }"
    assert offending_tokens(".css", css) == [".colour-ring", "--colourFill"]
    catalogue = '{"prefs.colourBlind": "Colour-blind cards", "follow": "colour: {colour}"}'
    assert offending_tokens(".json", catalogue) == ["prefs.colourBlind", "colour"]


def test_the_package_has_source_files_of_every_kind() -> None:
    kinds = {p.suffix for p in source_files()}
    assert kinds >= {".py", ".js", ".css", ".c", ".h", ".json"}


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_no_identifier_in_the_package_spells_colour(suffix: str) -> None:
    found = []
    for path in (p for p in source_files() if p.suffix == suffix):
        name = path.relative_to(SRC).as_posix()
        tokens = offending_tokens(suffix, path.read_text(encoding="utf-8"))
        found += [f"{name}: {token}" for token in tokens if (name, token) not in ALLOWED]
    assert found == [], "identifiers spell `color` (prose may say colour)"

"""The browser's message catalogues (web/i18n/<language>.json) against each other and
against the code that uses them.

The client names a message by a literal key (``t("lobby.join")``, ``data-i18n=...``)
or by a template whose variable part is a name from a fixed list
(``t(`tips.${game}.${situation}`)``). Both are read from the client's sources here:
every literal must exist, every template must match some key, and every key must be
used by one of them. Families whose names come from the server (refusal codes, rule
options, bot levels) are checked against the server itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import bot_names
from cardtable.bots.levels import bot_choices
from cardtable.engine.registry import games

WEB = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web"
SERVER = WEB.parent / "server"
LANGUAGES = ("en", "fr", "de", "es")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: The client's functions that take a message key first (lobby.js's `known` falls back
#: to the server's text when the catalogue has none).
LOOKUPS = r"(?<![.\w])(?:t|has|ordinal|known)\(\s*"
LITERAL = re.compile(LOOKUPS + r"\"([^\"]+)\"")
TEMPLATE = re.compile(LOOKUPS + r"`([^`]+)`")
MARKUP = re.compile(r"data-i18n(?:-label)?=\"([^\"]+)\"")
REFUSAL = re.compile(r"ProtocolError\(\s*\"(\w+)\"|\"error\": \"(\w+)\"")


def catalogue(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads((WEB / "i18n" / f"{language}.json").read_text())
    return messages


def sources() -> str:
    files = [*sorted((WEB / "js").rglob("*.js")), *sorted(WEB.glob("*.html"))]
    return "\n".join(path.read_text() for path in files)


def literal_keys() -> set[str]:
    code = sources()
    return set(LITERAL.findall(code)) | set(MARKUP.findall(code))


def template_patterns() -> dict[str, re.Pattern[str]]:
    """Each key template of the client as a pattern: its ${...} parts match any name."""
    patterns = {}
    for template in TEMPLATE.findall(sources()):
        parts = re.split(r"\$\{[^}]*\}", template)
        patterns[template] = re.compile("[\\w.-]*".join(re.escape(part) for part in parts))
    return patterns


def forms(message: Any) -> list[str]:
    """A message's texts: itself, or each of its plural forms."""
    return list(message.values()) if isinstance(message, dict) else [message]


def placeholders(message: Any) -> set[str]:
    return {name for text in forms(message) for name in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_language_has_every_key_of_english_and_no_other(language):
    english, other = catalogue("en"), catalogue(language)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}.json"
    assert sorted(set(other) - set(english)) == [], f"only in {language}.json"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_message_has_the_placeholders_of_english_in_every_form(language):
    english = catalogue("en")
    for key, message in catalogue(language).items():
        wanted = placeholders(english[key])
        for text in forms(message):
            assert isinstance(text, str) and text.strip(), f"{language}: {key} is empty"
            assert set(PLACEHOLDER.findall(text)) == wanted, f"{language}: {key}: {text!r}"
        if isinstance(message, dict):
            assert "other" in message, f"{language}: {key} has no 'other' plural form"
            assert set(message) <= {"zero", "one", "two", "few", "many", "other"}, key


def test_every_key_the_code_names_exists():
    keys = set(catalogue("en"))
    assert sorted(literal_keys() - keys) == []
    unmatched = [t for t, p in template_patterns().items() if not any(map(p.fullmatch, keys))]
    assert unmatched == []


def test_every_key_is_used_by_the_code():
    used = literal_keys()
    patterns = list(template_patterns().values())

    def used_by_a_template(key: str) -> bool:
        return any(pattern.fullmatch(key) for pattern in patterns)

    unused = [k for k in catalogue("en") if k not in used and not used_by_a_template(k)]
    assert unused == []


def test_every_refusal_of_the_server_has_a_message():
    code = "\n".join(path.read_text() for path in SERVER.rglob("*.py"))
    refusals = {a or b for a, b in REFUSAL.findall(code)}
    assert len(refusals) > 30, "the server's refusal codes were not found"
    assert sorted(r for r in refusals if f"error.{r}" not in catalogue("en")) == []


def test_every_rule_option_bot_level_and_bot_has_its_texts():
    keys = set(catalogue("en"))
    wanted = set()
    for spec in games():
        for option in spec.describe()["options"]:
            wanted |= {f"option.{option['name']}", f"option.{spec.name}.{option['name']}.help"}
        levels = bot_choices(spec.name)
        for level in levels:
            wanted |= {f"level.{level.spec}.title", f"level.{level.spec}.summary"}
        named = {level.spec for level in levels}
        wanted |= {f"bot.{bot}" for bot in bot_names(spec.name) if bot not in named}
    assert sorted(wanted - keys) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hint_button_and_the_tip_line_use_different_words(language):
    """The coach's move (Hint) and the page's tips on how to play are two things: one
    word for both (German "Tipp") made a person look for the coach in the tips."""
    hint, tip = (
        set(re.findall(r"\w+", catalogue(language)[key].lower()))
        for key in ("table.hint", "tips.label")
    )
    assert hint.isdisjoint(tip), f"{language}: Hint and Tip share {hint & tip}"

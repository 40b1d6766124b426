"""Every text a person sees is in the page's language: no English left over.

Each screen (the landing page with its custom table form and settings, the waiting
room, each game's table mid-round as its player and as a spectator see it, the match
end, the replay, the rules pages, the offline page, a missing table's page) is shown in
English, then in each other language of the site, in one tab that changes only its
language.
Every visible text of the translated screen (text nodes, the labels, titles and
placeholders of what is shown, the options of its lists, the values of its fields, the
page's title) is cut into words, and a word fails when it is English: a word of the
English catalogue or of the same screen in English, or a common English word ("the",
"and", "you"); the full rules pages' prose, where the languages share too many words,
is checked for the common words only.

A word is the language's own when its catalogue uses it in a message that is not the
English one; the few messages that are the same in both languages ("Total", "Chat")
have their words listed below. Names (the site, its games, the players, the languages'
own names in the language switch), table codes, links and the identifiers of rule
options and actions (the custom form's tooltips, as in the rules pages) are no
language's words.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

import cardtable
from tests.server.support import Server, create_table, short_options

from .support import MOVES, TablePage, open_custom, open_settings

pytestmark = pytest.mark.slow

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "i18n"
LANGUAGES = ("fr", "de", "es")
#: A word: two letters or more (single letters are card ranks and units).
WORD = re.compile(r"[^\W\d_]{2,}")
#: The words of the messages a language says as English does ("Normal", "Bots", "Pause").
SAME = {
    "fr": set(
        WORD.findall(
            "bot bots code coach expert normal pause pixel art point points standard table"
            " total volume"
        )
    ),
    "de": set(
        WORD.findall("bot bots chat coach code link normal offline party pause person standard wow")
    ),
    "es": set(WORD.findall("bot bots chat normal pixel art total")),
}
#: English words that any English sentence has, whether the catalogue has them or not.
COMMON = set(
    WORD.findall(
        "the and of to is are be you your with when it its this that for or not from by at"
        " their they what which who have has will can may must each every after before then"
        " than only if there here one all any"
    )
)
#: Names, the same in every language: the site, the players of these tests, the
#: language switch's codes and names of each language in itself, a search (ISMCTS) and
#: the libraries whose bots the custom table offers.
NAMES = set(
    WORD.findall(
        "cardtable ann en fr de es english français deutsch español ismcts openspiel rlcard"
    )
)
#: The games' names ("Last Card" is a name, its words are not).
TITLES = re.compile("|".join(re.escape(spec.title) for spec in cardtable.games()))
LINK = re.compile(r"\S+://\S+")
#: A table code as the pages show it, in groups ("RVV-8FN", "6R8T-M5JY-HJKF-X5U8"):
#: the landing page lists other tables' codes too.
GROUPED_CODE = re.compile(r"\b[A-Z0-9]{3,4}(?:-[A-Z0-9]{3,4})+\b")
#: An identifier of the rules or the protocol, written as such (`close_window`).
IDENTIFIER = re.compile(r"[a-z]+(?:_[a-z]+)+")
#: The rule options' identifiers (the custom form's tooltips, as in the rules pages).
IDENTIFIERS = {
    option["name"] for spec in cardtable.games() for option in spec.describe()["options"]
}
MATCH_SECONDS = 240
#: The person's moves before the mid-round screen.
MOVES_IN = 4
#: Moves a person holds back while getting a table mid-round (ending a Cactus round early).
HOLD_BACK = ":is([data-action*='call_cactus'], [data-action*='pass'])"
NOTICE = "dialog[open]:not(.chooser)"
#: Short matches: one round (Cactus's windows short too, so the bots' turns pass quickly).
OPTIONS = {
    "skyjo": short_options("skyjo"),
    "lastcard": short_options("lastcard"),
    "cactus": {"rounds": 1, "quick_discard_seconds": 1},
}

#: Every text the page shows: visible text nodes, the labels, titles and placeholders
#: of visible elements, the options of visible lists, the values of visible fields.
TEXTS = """() => {
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && el.getClientRects().length > 0;
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el && !el.closest('script, style, template, option') && shown(el)) {
      texts.push(node.textContent);
    }
  }
  const labelled = document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]');
  for (const el of labelled) {
    if (!shown(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      texts.push(el.getAttribute(name) ?? '');
    }
  }
  for (const select of document.querySelectorAll('select')) {
    if (!shown(select)) continue;
    for (const option of select.options) {
      texts.push(option.text, option.getAttribute('aria-label') ?? '', option.title);
    }
  }
  const fields = 'input:not([type=hidden], [type=checkbox], [type=radio], [type=range]), textarea';
  for (const field of document.querySelectorAll(fields)) {
    if (shown(field)) texts.push(field.value);
  }
  return texts.map((text) => text.trim()).filter(Boolean);
}"""


def catalogue(language: str) -> dict[str, list[str]]:
    """Each message of ``language``'s catalogue as its texts (each plural form)."""
    messages = json.loads((CATALOGUES / f"{language}.json").read_text())
    return {k: list(m.values()) if isinstance(m, dict) else [m] for k, m in messages.items()}


def catalogue_words(messages: dict[str, list[str]]) -> set[str]:
    texts = [text for forms in messages.values() for text in forms]
    return set().union(*(words(re.sub(r"\{\w+\}", " ", text)) for text in texts))


def own_words(language: str) -> set[str]:
    """The words of ``language``: its catalogue's, but those of a message that is the
    English one only where listed in SAME."""
    english, messages = catalogue("en"), catalogue(language)
    translated = {k: forms for k, forms in messages.items() if forms != english.get(k)}
    return catalogue_words(translated) | SAME[language] | NAMES


def words(text: str, code: str = "") -> set[str]:
    """The words of ``text``, lower case, without links, table codes (``code`` however
    it is grouped) and game names; none in an identifier of the rules."""
    if text in IDENTIFIERS or IDENTIFIER.fullmatch(text):
        return set()
    text = GROUPED_CODE.sub(" ", LINK.sub(" ", text))
    if code:
        text = re.sub(r"[-\s]?".join(map(re.escape, code)), " ", text, flags=re.IGNORECASE)
    return {word.lower() for word in WORD.findall(TITLES.sub(" ", text))}


class Screens:
    """One tab that shows a screen in each language and keeps what is English in it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.code = ""
        self.leftovers: dict[str, list[str]] = {}

    def texts(self, language: str, ready: Callable[[], None]) -> list[str]:
        """The screen's texts in ``language`` (the page reloaded, then made ready)."""
        self.page.evaluate("(l) => localStorage.setItem('cardtable:language', l)", language)
        self.page.reload()
        self.page.wait_for_function("(l) => document.documentElement.lang === l", arg=language)
        ready()
        self.page.wait_for_timeout(300)  # the last messages drawn
        texts: list[str] = self.page.evaluate(TEXTS)
        return texts

    def check(self, screen: str, ready: Callable[[], None], prose: bool = False) -> None:
        """Show the screen in English, then in each language; keep its English words
        (for ``prose``, the common ones only)."""
        vocabulary = COMMON
        if not prose:
            english = self.texts("en", ready)
            vocabulary = vocabulary.union(
                catalogue_words(catalogue("en")), *(words(t, self.code) for t in english)
            )
        for language in LANGUAGES:
            allowed = own_words(language)
            for text in dict.fromkeys(self.texts(language, ready)):
                found = (words(text, self.code) & vocabulary) - allowed
                if found:
                    self.leftovers.setdefault(f"{screen} ({language})", []).append(
                        f"{text!r}: {', '.join(sorted(found))}"
                    )

    def assert_translated(self) -> None:
        report = "\n".join(
            f"{where}:\n  " + "\n  ".join(bad) for where, bad in self.leftovers.items()
        )
        assert self.leftovers == {}, f"English left in the translated pages:\n{report}"


def test_the_landing_page_and_its_custom_table_form_speak_each_language(web_server, open_page):
    page = open_page(locale="en-US")
    page.goto(f"{web_server.url}/")
    screens = Screens(page)
    for spec in cardtable.games():

        def ready(game: str = spec.name) -> None:
            page.wait_for_selector(".game-card [data-now]")
            open_settings(page)
            open_custom(page)
            page.click(f"#game-picker [data-game={game}]")

        screens.check(f"landing, custom {spec.name}", ready)
    screens.assert_translated()


def test_the_waiting_room_speaks_each_language(web_server, open_page):
    page = open_page(locale="en-US")
    person = TablePage(page, web_server.url).open(
        create_table(web_server, "skyjo", ["human"] * 3)["code"]
    )
    person.join("Ann")
    screens = Screens(page)
    screens.code = person.code
    screens.check("waiting room", lambda: page.wait_for_selector("[data-start]"))
    screens.assert_translated()


def test_the_rules_offline_and_missing_table_pages_speak_each_language(web_server, open_page):
    page = open_page(locale="en-US")
    screens = Screens(page)
    page.goto(f"{web_server.url}/offline.html")
    screens.check("offline page", lambda: page.wait_for_selector("h2:not(:empty)"))
    screens.code = "NOSUCHTABLE"
    page.goto(f"{web_server.url}/table.html?code={screens.code}")
    screens.check("missing table", lambda: page.wait_for_selector("#status:not(:empty)"))
    screens.code = ""
    for spec in cardtable.games():
        for full in ("", "&full=1"):
            page.goto(f"{web_server.url}/rules.html?game={spec.name}{full}")
            screens.check(
                f"rules of {spec.name}{' (full)' if full else ''}",
                lambda: page.wait_for_selector("#rules-body :is(h1, h2, h3, h4)"),
                prose=bool(full),
            )
    screens.assert_translated()


def play_on(
    person: TablePage, rng: random.Random, until: Callable[[], bool], hold_back: str = ""
) -> None:
    """Click the moves the page offers (closing notices) until ``until()``."""
    page = person.page
    deadline = time.monotonic() + MATCH_SECONDS
    while not until():
        assert time.monotonic() < deadline, "the match did not get there in time"
        if page.locator(NOTICE).count():
            page.keyboard.press("Escape")
        elif person.click_a_move(rng, hold_back) is None:
            page.wait_for_timeout(50)


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_a_match_mid_round_its_end_and_its_replay_speak_each_language(
    web_server: Server, open_page, game
):
    page = open_page(locale="en-US")
    table = create_table(
        web_server,
        game,
        ["human", "heuristic", "slip:rate=0.1"],
        options=OPTIONS[game],
        bot_delay=0.05,
    )
    person = TablePage(page, web_server.url).open(table["code"])
    person.join("Ann")
    person.start()
    screens = Screens(page)
    screens.code = person.code
    rng = random.Random(game)
    for _ in range(MOVES_IN):
        page.wait_for_selector(MOVES)
        person.click_a_move(rng, HOLD_BACK)

    def mid_round() -> None:
        page.wait_for_selector(MOVES)
        open_settings(page)

    screens.check(f"{game} mid-round", mid_round)
    watcher = TablePage(open_page(locale="en-US"), web_server.url).open(person.code, watch=True)
    spectators = Screens(watcher.page)
    spectators.code = person.code
    spectators.check(f"{game} watched", lambda: watcher.page.wait_for_selector(".felt .player"))
    screens.leftovers |= spectators.leftovers
    play_on(person, rng, lambda: page.locator(".match-end").count() > 0)
    screens.check(f"{game} match end", lambda: page.wait_for_selector(".match-end"))
    page.goto(f"{web_server.url}/replay.html?code={person.code}&match=1&seat=0")

    def halfway() -> None:
        """The replay loaded, then moved to its middle move."""
        page.wait_for_function("Number(document.querySelector('#position').max) > 0")
        middle = int(page.locator("#position").get_attribute("max") or 0) // 2
        page.locator("#position").fill(str(middle))
        page.wait_for_function(
            "(n) => document.querySelector('#position-text').textContent.startsWith(n)",
            arg=f"{middle} ",
        )

    screens.check(f"{game} replay", halfway)
    screens.assert_translated()

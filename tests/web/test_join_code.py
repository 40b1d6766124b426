"""The front door by code: a private table's 16-letter code, read in groups, typed or
pasted any way a person would (dashes, spaces, lower case, the whole invite link),
joins and watches; the waiting room shows the whole code on every screen; the game
cards offer the bot levels alone, and their Rules link leads to the players' guide,
with the full rules one link further, in every language of the site."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cardtable.bots.levels import bot_choices
from cardtable.engine.registry import games
from cardtable.server.lobby import grouped_code
from tests.server.support import create_table

from .support import TablePage, set_name

WEB = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web"
#: The languages the site speaks: the keys of i18n.js's LANGUAGES.
SITE_LANGUAGES = re.findall(
    r"(\w+): \"", re.search(r"LANGUAGES = \{([^}]*)\}", (WEB / "js" / "i18n.js").read_text())[1]
)
SCREENS = [
    {"width": 390, "height": 844},
    {"width": 360, "height": 740},
    {"width": 1280, "height": 800},
]


def as_typed(code: str) -> str:
    """A code typed the way a person might: lower case, grouped with a dash and spaces."""
    groups = [code[i : i + 4].lower() for i in range(0, len(code), 4)]
    return f" {groups[0]}-{groups[1]} {groups[2]} {groups[3]} "


def catalogue(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads((WEB / "i18n" / f"{language}.json").read_text())
    return messages


def private_table(server: Any) -> str:
    code: str = create_table(server, "skyjo", ["human", "human"], public=False)["code"]
    assert len(code) == 16
    return code


def seen_whole(page: Page, selector: str) -> dict[str, Any]:
    """Where ``selector`` is and whether a person sees it whole: inside the viewport,
    its text not scrolled out of its box, and not covered at its centre."""
    seen: dict[str, Any] = page.locator(selector).evaluate(
        """(node) => {
          const box = node.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return {
            inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth
              && box.bottom <= innerHeight,
            clipped: node.scrollWidth > node.clientWidth,
            covered: !(top === node || node.contains(top)),
            pageWidth: document.documentElement.scrollWidth,
            viewport: innerWidth,
          };
        }"""
    )
    return seen


def test_a_private_code_typed_with_dashes_spaces_and_lower_case_joins_and_watches(
    web_server, open_page
):
    code = private_table(web_server)
    ann, cy = open_page(), open_page()
    ann.goto(f"{web_server.url}/")
    ann.fill("#join-code", as_typed(code))
    ann.click("#join-form button[type=submit]")
    TablePage(ann, web_server.url).join("Ann")
    assert ann.locator("#code").inner_text() == grouped_code(code)

    cy.goto(f"{web_server.url}/")
    cy.fill("#join-code", as_typed(code))
    cy.click("#watch-code")
    cy.wait_for_selector("#who:has-text('watching')")
    cy.wait_for_selector("#seats li:has-text('Ann')")


def test_a_pasted_invite_link_joins_its_table(web_server, open_page):
    code = private_table(web_server)
    bob = open_page()
    bob.goto(f"{web_server.url}/")
    bob.locator("#join-code").focus()
    bob.keyboard.insert_text(f"{web_server.url}/table.html?code={grouped_code(code)}")
    assert bob.input_value("#join-code") == grouped_code(code)
    bob.click("#join-form button[type=submit]")
    TablePage(bob, web_server.url).join("Bob")
    assert bob.locator("#code").inner_text() == grouped_code(code)


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_waiting_room_shows_the_whole_code_on_the_screen(web_server, open_page, screen):
    page = open_page(viewport=screen)
    page.goto(f"{web_server.url}/")
    set_name(page, "Ann")
    page.select_option(".game-card[data-game=skyjo] [data-players]", "2")
    page.click(".game-card[data-game=skyjo] [data-friends]")
    TablePage(page, web_server.url).seated_as("Ann")
    page.locator("#invite-code").scroll_into_view_if_needed()
    field = seen_whole(page, "#invite-code")
    assert field["pageWidth"] <= field["viewport"], f"the page is {field['pageWidth']} px wide"
    assert field == field | {"inside": True, "clipped": False, "covered": False}
    code = page.input_value("#invite-code")
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){3}", code), code
    for button in ("#invite-code + .copy", "#invite-link + .copy"):
        page.locator(button).scroll_into_view_if_needed()
        shown = seen_whole(page, button)
        assert shown["inside"] and not shown["covered"], button


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.name)
def test_the_landing_bots_select_offers_exactly_the_levels(web_server, open_page, spec):
    page = open_page()
    page.goto(f"{web_server.url}/")
    select = page.locator(f".game-card[data-game={spec.name}] [data-bot]")
    levels = [level.spec for level in bot_choices(spec.name)]
    # The cards fill in once the game's module has loaded: wait for the options.
    expect(select.locator("option")).to_have_count(len(levels))
    values = select.locator("option").evaluate_all("nodes => nodes.map(n => n.value)")
    assert values == levels
    labels = select.locator("option").all_inner_texts()
    english = catalogue("en")
    assert labels == [english[f"level.{value}.short"] for value in values]
    assert all(len(label) <= 24 for label in labels), labels
    assert select.input_value() == "normal"


@pytest.mark.parametrize("language", SITE_LANGUAGES)
def test_the_rules_link_leads_to_the_players_guide_then_the_full_rules(
    web_server, open_page, language
):
    words = catalogue(language)
    page = open_page(locale=language)
    page.goto(f"{web_server.url}/")
    page.click(".game-card[data-game=cactus] [data-rules]")
    title = words["guide.title"].replace("{game}", "Cactus")
    page.wait_for_selector(f"#rules-title:has-text('{title}')")
    guide = page.locator("#rules-body")
    assert guide.locator(".guide-section").count() >= 5
    assert guide.locator("h3").first.inner_text() == words["guide.cactus.goal.title"]
    assert words["guide.cactus.quick_discard.text"] in guide.inner_text()
    assert guide.locator("table").count() == 0, "the players' guide shows the spec's tables"
    assert "10h" not in guide.inner_text()

    page.click("[data-full-rules]")
    page.wait_for_selector("#rules-body table")
    spec = page.locator("#rules-body")
    spec_file = "rules/cactus.md" if language == "en" else f"rules/{language}/cactus.md"
    heading = (WEB / spec_file).read_text().split("\n## ")[1].split("\n")[0]
    assert heading in spec.inner_text()
    page.click("[data-guide-link]")
    page.wait_for_selector(f"#rules-title:has-text('{title}')")

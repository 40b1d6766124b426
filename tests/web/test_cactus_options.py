"""The Cactus table with its options on, on positions the engine really reaches: a snap
of another player's card and the give that follows are on screen, say what they do and
send their move; the lobby names the options and the presets set them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from . import choices
from .choices import sent
from .states import Step, render_position
from .support import open_custom_game

SNAP = {"snap_opponent": True}


def where(kind: str, test: Callable[[Step, int], bool] | None = None, **options: Any):
    """A Cactus position (three players) whose viewer may make a move of ``kind``."""
    return choices.where("cactus", 3, kind, test, **options)


def test_another_players_card_can_be_thrown_in_a_quick_discard(web_server, open_page):
    shown = where("throw_opponent", **SNAP)
    page = open_page()
    render_position(page, web_server.url, "cactus", shown)
    assert "or another player's" in page.locator("#status").inner_text()
    snap = next(a for a in shown["legal"] if a["type"] == "throw_opponent")
    card = page.locator(f'[data-key="L{snap["seat"]}:{snap["slot"]}"]')
    assert "throw it (snap)" in card.get_attribute("aria-label")
    card.click()
    assert sent(page)[-1] == snap


def test_without_the_option_another_players_card_offers_no_throw(web_server, open_page):
    shown = where("throw")
    page = open_page()
    render_position(page, web_server.url, "cactus", shown)
    others = [p for p in range(shown["view"]["players"]) if p != shown["you"]]
    for p in others:
        assert page.locator(f'[data-key^="L{p}:"][data-action]').count() == 0
        assert page.locator(f'button[data-key^="L{p}:"]').count() == 0


def test_after_a_right_snap_the_thrower_gives_one_of_their_cards(web_server, open_page):
    shown = where("give", **SNAP)
    page = open_page()
    render_position(page, web_server.url, "cactus", shown)
    target = shown["view"]["giving"]["target"]
    assert f"to give to Bot {target[0] + 1}" in page.locator("#status").inner_text()
    # The right snap that led here is in the log, with the card everyone saw.
    assert f"throws Bot {target[0] + 1}'s" in page.locator("#log").inner_text()
    assert ": right!" in page.locator("#log").inner_text()
    give = shown["legal"][0]
    card = page.locator(f'[data-key="L{shown["you"]}:{give["slot"]}"]')
    assert "give it in place of the thrown card" in card.get_attribute("aria-label")
    card.click()
    assert sent(page)[-1] == give


def test_the_options_are_named_in_the_lobby_and_the_snap_preset_sets_them(web_server, open_page):
    page = open_page()
    open_custom_game(page, web_server.url, "cactus")
    for name, label in {
        "snap_opponent": "Snap others' cards",
        "wrong_throw_penalty": "Wrong throw penalty",
    }.items():
        row = page.locator(f"label:has([data-option='{name}'])")
        assert row.locator(".option-name").inner_text() == label
    assert not page.is_checked('[data-option="snap_opponent"]')
    page.click("#presets [data-preset='snap']")
    assert page.locator("#presets [aria-pressed=true]").inner_text().startswith("Snap!")
    assert page.is_checked('[data-option="snap_opponent"]')
    page.click("#create")
    code = page.locator("#created [data-code]").inner_text()
    options = httpx.get(f"{web_server.url}/api/tables/{code}").json()["options"]
    assert options["snap_opponent"] is True and options["wrong_throw_penalty"] == 2


def test_the_skyjo_preset_without_column_clearing(web_server, open_page):
    page = open_page()
    open_custom_game(page, web_server.url, "skyjo")
    assert page.is_checked('[data-option="clear_columns"]')
    page.click("#presets [data-preset='nocolumns']")
    assert (
        page.locator("#presets [aria-pressed=true]").inner_text().startswith("No column clearing")
    )
    assert not page.is_checked('[data-option="clear_columns"]')

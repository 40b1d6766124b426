"""The Last Card table under the house rules, on positions the engine really reaches:
each new kind of choice is on screen, says what it does, and sends its move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from . import choices
from .choices import sent
from .states import Step, render_position
from .support import open_custom_game

PARTY = {"jump_in": True, "seven_zero": True, "catch_missed_call": True}
CHALLENGE = {"challenge_plus_four": True}


def where(kind: str, test: Callable[[Step, int], bool] | None = None, **options: Any):
    """A Last Card position (four players) whose viewer may make a move of ``kind``."""
    return choices.where("lastcard", 4, kind, test, **options)


def test_a_card_that_may_jump_in_is_playable_from_the_hand_out_of_turn(web_server, open_page):
    shown = where("play", lambda step, seat: seat != step.state.current, **PARTY)
    page = open_page()
    render_position(page, web_server.url, "lastcard", shown)
    card = shown["view"]["jump"]
    assert "jump in" in page.locator("#status").inner_text()
    page.locator("#board .hand [data-action]").first.click()
    assert sent(page)[-1] == {"type": "play", "card": card, "color": None, "call": False}


def test_a_window_can_be_let_go(web_server, open_page):
    only_pass = lambda step, seat: [a.kind for a in step.state.legal_actions(seat)] == ["pass"]  # noqa: E731
    page = open_page()
    render_position(page, web_server.url, "lastcard", where("pass", only_pass, **PARTY))
    page.get_by_role("button", name="Let it go").click()
    assert sent(page)[-1] == {"type": "pass"}


def test_a_missed_call_can_be_caught(web_server, open_page):
    shown = where("catch", **PARTY)
    page = open_page()
    render_position(page, web_server.url, "lastcard", shown)
    assert "forgot to call" in page.locator("#status").inner_text()
    page.get_by_role("button", name="Catch!").click()
    assert sent(page)[-1] == {"type": "catch"}


def test_a_plus_four_can_be_challenged(web_server, open_page):
    shown = where("challenge", **CHALLENGE)
    page = open_page()
    render_position(page, web_server.url, "lastcard", shown)
    assert "challenge it" in page.locator("#status").inner_text()
    page.get_by_role("button", name="Challenge the +4").click()
    assert sent(page)[-1] == {"type": "challenge"}


def test_after_a_seven_each_other_player_can_be_chosen_to_swap_with(web_server, open_page):
    shown = where("swap_with", **PARTY)
    page = open_page()
    render_position(page, web_server.url, "lastcard", shown)
    assert "swap hands" in page.locator("#status").inner_text()
    you = shown["you"]
    others = [p for p in range(shown["view"]["players"]) if p != you]
    buttons = page.get_by_role("button", name="Swap with")
    assert buttons.count() == len(others)
    page.get_by_role("button", name=f"Swap with Bot {others[-1] + 1}").click()
    assert sent(page)[-1] == {"type": "swap_with", "seat": others[-1]}


def test_the_house_rules_presets_set_their_options_and_name_the_table(web_server, open_page):
    page = open_page()
    open_custom_game(page, web_server.url, "lastcard")
    for name, label in LABELS.items():
        row = page.locator(f"label:has([data-option='{name}'])")
        assert row.locator(".option-name").inner_text() == label
    page.click("#presets [data-preset='strict']")
    assert page.locator("#presets [aria-pressed=true]").inner_text().startswith("Strict (official)")
    assert page.is_checked('[data-option="challenge_plus_four"]')
    assert not page.is_checked('[data-option="stack_plus_two"]')
    page.click("#presets [data-preset='party']")
    assert page.is_checked('[data-option="jump_in"]') and page.is_checked(
        '[data-option="seven_zero"]'
    )
    assert not page.is_checked('[data-option="challenge_plus_four"]')  # back to its default
    page.click("#create")
    code = page.locator("#created [data-code]").inner_text()
    options = httpx.get(f"{web_server.url}/api/tables/{code}").json()["options"]
    assert options["jump_in"] is True and options["seven_zero"] is True
    page.click("[data-open-table]")
    page.wait_for_selector("#rules-on:has-text('Rules: Party')")


#: The house rules' names in the lobby's custom table (English).
LABELS = {
    "jump_in": "Jump-in",
    "seven_zero": "7-0",
    "draw_until_playable": "Draw until playable",
    "challenge_plus_four": "Challenge a +4",
    "catch_missed_call": "Catch a missed call",
    "strict_plus_four": "Strict +4",
    "forced_play_drawn": "Must play drawn card",
}

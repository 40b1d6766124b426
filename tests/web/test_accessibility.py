"""Every control a person can operate has an accessible name, on every page.

Names are read from Chromium's accessibility tree, the one a screen reader gets.
"""

import random

import pytest

from cardtable.engine.registry import games

from .support import MOVES, TablePage, set_name, unnamed_controls


def test_the_landing_page_names_every_control(web_server, open_page):
    page = open_page()
    page.goto(f"{web_server.url}/")
    page.wait_for_selector(".game-card")
    page.evaluate("document.getElementById('custom').open = true")
    page.wait_for_selector("[data-option]")
    assert unnamed_controls(page) == []


def test_the_waiting_room_names_every_control(web_server, open_page):
    page = open_page()
    page.goto(f"{web_server.url}/")
    set_name(page, "Ann")
    page.click(".game-card[data-game=skyjo] [data-friends]")
    page.wait_for_selector("#invite-code")
    page.click("#rules-button")
    assert unnamed_controls(page) == []


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_a_table_mid_round_names_every_control(web_server, open_page, game):
    page = open_page()
    person = TablePage.seated(page, web_server, game, ["human", "random", "random"])
    rng = random.Random(game)
    for _ in range(3):
        page.wait_for_selector(MOVES)
        person.click_a_move(rng, ":is([data-action*='call_cactus'])")
    page.wait_for_selector(MOVES)
    assert unnamed_controls(page) == []
    names = page.locator("#board button.card").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )
    assert all(name and "cardtable" not in name for name in names), names

"""The landing page: one click to a started match, quick matches between strangers
(and the bots that fill a quick match nobody else joins), and rule presets."""

import httpx
import pytest

from cardtable.engine.registry import games

from .support import TablePage, open_custom_game, set_name


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_play_now_is_one_click_to_a_seated_started_match(web_server, open_page, game):
    page = open_page()
    page.goto(f"{web_server.url}/")
    set_name(page, "Ann")
    page.click(f".game-card[data-game={game}] [data-now]")
    table = TablePage(page, web_server.url)
    table.seated_as("Ann")
    page.wait_for_function("window.__ct.last !== null")
    code = page.url.split("code=")[1].split("&")[0]
    status = httpx.get(f"{web_server.url}/api/tables/{code}").json()
    assert status["status"] == "playing" and status["public"] is False
    assert [s["kind"] for s in status["seats"]] == ["human", "bot", "bot", "bot"]
    assert page.locator("#status").inner_text() != "Connecting…"


def test_the_name_is_asked_once_and_remembered(web_server, open_page):
    page = open_page()
    page.goto(f"{web_server.url}/")
    guest = page.input_value("#player-name")
    assert guest.startswith("Guest ")
    set_name(page, "Zoë")
    page.reload()
    assert page.input_value("#player-name") == "Zoë"


def test_play_with_friends_lands_seated_with_the_invite_ready(web_server, open_page):
    page, friend = open_page(), open_page()
    page.goto(f"{web_server.url}/")
    set_name(page, "Ann")
    page.select_option(".game-card[data-game=skyjo] [data-players]", "2")
    page.click(".game-card[data-game=skyjo] [data-friends]")
    TablePage(page, web_server.url).seated_as("Ann")
    code = page.input_value("#invite-code")
    link = page.input_value("#invite-link")
    assert link.endswith(f"table.html?code={code}")
    assert page.locator("[data-start]").is_disabled()

    friend.goto(link)
    friend.fill("#join-name", "Bob")
    friend.click("#room button[type=submit]")
    TablePage(friend, web_server.url).seated_as("Bob")
    page.click("[data-start]:not([disabled])")
    for person in (page, friend):
        person.wait_for_function("window.__ct.last !== null")


def test_quick_match_seats_two_strangers_together_and_bots_fill_after_the_wait(
    web_server, open_page
):
    ann, bob = open_page(), open_page()
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        page.goto(f"{web_server.url}/")
        set_name(page, name)
        page.select_option(".game-card[data-game=cactus] [data-players]", "3")
        page.select_option("#quick-wait", "15")
        page.click(".game-card[data-game=cactus] [data-quick]")
        TablePage(page, web_server.url).seated_as(name)
    codes = {page.url.split("code=")[1].split("&")[0] for page in (ann, bob)}
    assert len(codes) == 1, "the two people were sent to different tables"
    ann.wait_for_selector("[data-bots-in]")
    for page in (ann, bob):
        page.wait_for_function("window.__ct.last !== null", timeout=30_000)
    status = httpx.get(f"{web_server.url}/api/tables/{codes.pop()}").json()
    assert [s["kind"] for s in status["seats"]] == ["human", "human", "bot"]
    assert sorted(s["name"] for s in status["seats"][:2]) == ["Ann", "Bob"]


def test_a_preset_sets_its_options_and_the_table_names_it(web_server, open_page):
    page = open_page()
    open_custom_game(page, web_server.url, "skyjo")
    page.click("#presets [data-preset='quick']")
    assert page.input_value('[data-option="target_score"]') == "50"
    assert page.locator("#presets [aria-pressed=true]").inner_text().startswith("Quick game")
    page.click("#presets [data-preset='rows']")
    assert page.input_value('[data-option="target_score"]') == "100"  # back to its default
    assert page.is_checked('[data-option="clear_rows"]')
    page.click("#presets [data-preset='quick']")
    page.click("#create")
    code = page.locator("#created [data-code]").inner_text()
    assert httpx.get(f"{web_server.url}/api/tables/{code}").json()["options"]["target_score"] == 50
    page.click("[data-open-table]")
    page.wait_for_selector("#rules-on:has-text('Rules: Quick game')")

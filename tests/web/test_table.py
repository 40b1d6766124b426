"""Several people at one table: joining by code, seeing each other's moves, coming back
after a refresh or a dropped connection, and watching."""

import random
import re

import pytest

from tests.server.support import create_table

from .support import MOVES, TablePage, create_in_lobby

pytestmark = pytest.mark.slow


def skyjo_labels(snapshot, seat):
    """The labels of the cards of ``seat``'s Skyjo layout in a snapshot, by position."""
    return [snapshot["cards"][f"L{seat}:{pos}"] for pos in range(12)]


def test_two_people_join_by_code_and_see_each_others_moves(web_server, open_page):
    ann_page, bob_page = open_page(), open_page()
    code = create_in_lobby(ann_page, web_server.url, "skyjo", ["human", "human"], {})
    ann_page.click("[data-open-table]")
    ann = TablePage(ann_page, web_server.url)
    ann.seated_as("Ann")

    bob_page.goto(f"{web_server.url}/")
    bob_page.fill("#join-code", code.lower())
    bob_page.click("#join-form button[type=submit]")
    bob = TablePage(bob_page, web_server.url)
    bob.join("Bob")
    ann_page.wait_for_selector("#seats li:has-text('Bob')")
    ann.start()
    bob_page.wait_for_function("window.__ct.last !== null")

    # Setup: each turns a card; the other sees exactly that card turn up.
    for me, other, seat in ((ann, bob, 0), (bob, ann, 1)):
        pos = 5 + seat
        place = f'[data-key="L{seat}:{pos}"]'
        me.page.click(f"{place}[data-action]")
        value = me.page.locator(f'{place} > svg[aria-label^="Skyjo "]').get_attribute("aria-label")
        other.page.wait_for_selector(f'{place} > svg[aria-label="{value}"]')
    # Each turns a second card, then whoever starts takes a turn that the other follows.
    for person in (ann, bob):
        person.page.locator("""[data-action*='"reveal"']""").first.click()
    for person in (ann, bob):
        person.page.wait_for_function("window.__ct.last.view.phase === 'turn'")
    start = ann.snapshot()["state"]["view"]["current"]
    player, watcher = (ann, bob) if start == 0 else (bob, ann)
    player.page.click("[data-key=draw][data-action]")
    drawn = player.page.locator('[data-key="hold"] > svg[aria-label^="Skyjo "]')
    value = drawn.get_attribute("aria-label")
    player.page.click(f'[data-key="L{start}:0"][data-action]')
    watcher.page.wait_for_selector(f'[data-key="L{start}:0"] > svg[aria-label="{value}"]')
    player.page.wait_for_selector(f'[data-key="L{start}:0"] > svg[aria-label="{value}"]')
    assert skyjo_labels(watcher.snapshot(), start) == skyjo_labels(player.snapshot(), start)
    assert ann.errors() == [] and bob.errors() == []


def test_a_refresh_mid_match_returns_to_the_same_seat(web_server, open_page):
    page = open_page()
    ann = TablePage.seated(page, web_server, "skyjo", ["random", "human"])
    ann.take_turns(6, random.Random(5))
    page.wait_for_selector("#board [data-action]")
    before = ann.snapshot()

    page.reload()
    page.wait_for_function("window.__ct.last !== null")
    page.wait_for_selector("#board [data-action]")
    after = ann.snapshot()
    assert page.locator("#who").inner_text() == "you are Ann"
    assert after["state"]["view"]["you"] == 1
    assert skyjo_labels(after, 1) == skyjo_labels(before, 1)
    assert sum(label.startswith("Skyjo ") for label in skyjo_labels(after, 1)) >= 2
    assert sorted(after["offered"], key=str) == sorted(before["offered"], key=str)
    assert page.locator("#join-name").count() == 0

    # Someone else opening the link is offered to join (no free seat) or watch, not Ann's seat.
    stranger = TablePage(open_page(), web_server.url).open(ann.code)
    stranger.page.wait_for_selector("text=Every seat is taken.")
    assert stranger.page.locator("#who").inner_text() == ""


def test_a_dropped_connection_shows_a_banner_and_comes_back_to_the_seat(web_server, open_page):
    page = open_page()
    sockets = []
    network_down = [False]

    def route(ws):
        if network_down[0]:
            ws.close()
            return
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket("**/ws/*", route)
    ann = TablePage.seated(page, web_server, "cactus", ["human", "heuristic"])
    page.wait_for_selector("#board [data-action]")

    network_down[0] = True
    sockets[-1].close()
    page.wait_for_selector("#banner.lost:has-text('Connection lost')")
    assert page.locator("#banner").is_visible()
    page.wait_for_timeout(1200)  # reconnection attempts fail meanwhile
    network_down[0] = False
    page.wait_for_selector("#banner.back:has-text('Connection is back')")
    page.wait_for_selector("#board [data-action]")
    ann.seated_as("Ann")  # the seat is named again once the server has it back
    assert ann.snapshot()["state"]["view"]["you"] == 0
    page.wait_for_selector("#banner", state="hidden")


def test_a_spectator_sees_the_table_and_can_click_nothing(web_server, open_page):
    table = create_table(web_server, "skyjo", ["heuristic", "random"], bot_delay=0.05)
    watcher = TablePage(open_page(), web_server.url).open(table["code"], watch=True)
    watcher.page.wait_for_function("window.__ct.last !== null && window.__ct.last.version > 6")
    snap = watcher.snapshot()
    assert watcher.page.locator("#who").inner_text() == "watching"
    assert snap["state"]["legal"] == [] and snap["offered"] == []
    assert watcher.page.locator("#board [data-choice], #board button:not([disabled])").count() == 0
    shown = [label for key, label in snap["cards"].items() if key.startswith("L")]
    assert len(shown) == 24 and any(label.startswith("Skyjo ") for label in shown)


def test_moves_can_be_made_with_the_keyboard(web_server, open_page):
    page = open_page()
    ann = TablePage.seated(page, web_server, "skyjo", ["human", "heuristic"])
    for pos, key in ((0, "Enter"), (1, " ")):
        place = f'[data-key="L0:{pos}"]'
        page.focus(f"{place}[data-action]")
        page.keyboard.press(key)
        page.wait_for_selector(f'{place} > svg[aria-label^="Skyjo "]')
    page.wait_for_function("window.__ct.last.view.reveals_left[0] === 0")
    assert ann.errors() == []


def test_a_turn_limit_shows_a_countdown_on_the_player_to_act(web_server, open_page):
    page = open_page()
    TablePage.seated(page, web_server, "lastcard", ["human", "random"], turn_seconds=60)
    page.wait_for_selector(MOVES)  # a hand of only wilds offers choosers, no data-action
    timer = page.locator(".player.mine .player-tag [role=timer]")
    assert timer.count() == 1
    assert 55 <= int(timer.get_attribute("aria-label").split()[-2]) <= 60


def test_an_unknown_table_code_says_so(web_server, open_page):
    page = open_page()
    TablePage(page, web_server.url).open("NOSUCH")
    page.wait_for_selector("#status:has-text('There is no table NOS-UCH.')")
    assert page.locator("#join-name").count() == 0
    # One message, no empty panels, and the way back.
    assert page.locator("#error").inner_text() == ""
    assert page.locator("#side").is_hidden()
    page.click("[data-lobby]")
    page.wait_for_selector(".game-card")


def test_the_status_says_what_to_do_while_the_join_form_is_shown(web_server, open_page):
    code = create_table(web_server, "skyjo", ["human", "random"])["code"]
    page = open_page()
    TablePage(page, web_server.url).open(code)
    page.wait_for_selector("#join-name")
    assert page.locator("#status").inner_text() == "Choose a name and take a seat, or watch."
    stranger = TablePage(open_page(), web_server.url).open(code)
    stranger.page.fill("#join-name", "Bob")
    stranger.page.click("#room button[type=submit]")
    stranger.seated_as("Bob")
    page.reload()
    page.wait_for_selector("text=Every seat is taken.")
    assert page.locator("#status").inner_text() == "Every seat is taken: you can watch the match."


CARD_CODE = re.compile(r"\b(10|[2-9AJQK])[cdhs]\b")


def test_the_log_survives_a_refresh_and_names_cards_in_words(web_server, open_page):
    page = open_page()
    ann = TablePage.seated(page, web_server, "cactus", ["human", "heuristic"])
    ann.take_turns(4, random.Random(3))
    page.wait_for_function("document.querySelectorAll('#log li').length >= 4")
    before = page.locator("#log li").all_inner_texts()
    page.reload()
    page.wait_for_function("window.__ct.last !== null")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(before)}")
    after = page.locator("#log li").all_inner_texts()
    assert after[: len(before)] == before
    assert not [line for line in after if CARD_CODE.search(line)], "a card is named by its code"
    assert any(" of " in line for line in after)  # "the 7 of spades"


def test_the_rules_drawer_explains_the_game_with_pictures(web_server, open_page):
    for game in ("skyjo", "cactus", "lastcard"):
        page = open_page()
        TablePage.seated(page, web_server, game, ["human", "random"])
        page.click("#rules-button")
        drawer = page.locator("dialog#rules-drawer[open]")
        assert drawer.locator("h3").count() >= 4
        assert drawer.locator(".guide-cards svg").count() >= 3
        text = drawer.inner_text()
        for jargon in ("seat 0", "position =", "slot 0", "_"):
            assert jargon not in text, f"{game}'s rules say {jargon!r}"
        page.click("#rules-close")
        assert page.locator("dialog#rules-drawer[open]").count() == 0
        assert page.locator("#tip").inner_text().startswith("Tip:")


def test_an_idle_seat_is_played_by_the_stand_in_and_taken_back(web_server, open_page):
    page = open_page()
    TablePage.seated(page, web_server, "skyjo", ["human", "random"], turn_seconds=3, bot_delay=0.4)
    page.wait_for_selector("#idle [data-back]", timeout=20_000)
    note = page.locator("#idle")
    assert "a bot is playing for you" in note.inner_text()
    assert note.get_attribute("role") == "status" and page.locator("#error").inner_text() == ""
    page.wait_for_selector("#seats li.stand-in:has-text('a bot plays for now')")
    # The stand-in keeps playing the seat's turns, each at once (no new wait of 3 s).
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')]"
        ".filter(li => li.textContent.startsWith('Ann ')).length >= 4",
        timeout=15_000,
    )
    page.click("[data-back]")
    page.wait_for_selector("#idle", state="hidden")
    page.wait_for_function("!document.querySelector('#seats li.stand-in')")
    page.wait_for_selector("#board [data-action]")

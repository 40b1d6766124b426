"""Defects found by playing in the browser, each drawn from a real position.

Each test fails on the client as it was before its fix: the pressed "Last Card!"
button lost its colour to the playable style, the call was not prompted for a drawn
card, raised cards covered the name tag and a long hand ran off a phone, the Skyjo
discard control sat below the fold, Skyjo 6 and 9 looked alike, a wrong Cactus throw
went by unexplained, and cards were named "face-down cardcardtable" by screen readers.
"""

from playwright.sync_api import Page

from .states import find, position, render_position
from .support import DESKTOP, PHONE


def call_position(phase: str):
    """A Last Card position where the player to act may (must) call, in ``phase``."""

    def found(step):
        state = step.state
        if state.is_over or state.view(state.current)["phase"] != phase:
            return None
        legal = [a.to_json() for a in state.legal_actions(state.current)]
        return state.current if any(a.get("call") for a in legal) else None

    step, seat = find("lastcard", 3, found)
    return position(step, seat)


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def test_the_pressed_last_card_button_stays_readable(web_server, open_page):
    page = open_page()
    render_position(page, web_server.url, "lastcard", call_position("turn"))
    toggle = page.locator("[data-toggle=last-card]")
    before = toggle.evaluate("node => getComputedStyle(node).backgroundColor")
    toggle.click()
    page.wait_for_selector("[data-toggle=last-card][aria-pressed=true]")
    pressed = page.locator("[data-toggle=last-card]")
    colors = pressed.evaluate(
        "node => [getComputedStyle(node).backgroundColor, getComputedStyle(node).color]"
    )
    assert colors[0] != before, "pressing the button does not change how it looks"
    assert colors == ["rgb(242, 193, 78)", "rgb(34, 34, 34)"]  # dark text on gold


def test_the_call_is_prompted_when_the_drawn_card_is_the_second_to_last(web_server, open_page):
    page = open_page()
    render_position(page, web_server.url, "lastcard", call_position("play_drawn"))
    assert "Last Card!" in page.locator("#status").inner_text()
    assert page.locator("[data-toggle=last-card]").is_enabled()
    page.click("[data-toggle=last-card]")
    page.locator("#board .hand [data-action]").first.click()
    sent = page.evaluate("window.__sent")
    assert sent and sent[-1]["call"] is True


def long_hand():
    """A Last Card position where the player to act holds at least 9 cards and can play."""

    def found(step):
        state = step.state
        if state.is_over:
            return None
        seat = state.current
        view = state.view(seat)
        playable = any(a.to_json()["type"] == "play" for a in state.legal_actions(seat))
        return seat if len(view["hand"]) >= 9 and playable else None

    step, seat = find("lastcard", 3, found)
    return position(step, seat)


def test_a_long_hand_fits_a_phone_and_raised_cards_leave_the_name_tag_free(web_server, open_page):
    page = open_page(PHONE)
    render_position(page, web_server.url, "lastcard", long_hand())
    tag = box(page, ".player.mine .player-tag")
    cards = page.locator(".player.mine .hand .card")
    assert cards.count() >= 9
    for i in range(cards.count()):
        card = cards.nth(i).bounding_box()
        assert card is not None
        assert card["x"] >= 0 and card["x"] + card["width"] <= PHONE["width"], f"card {i} clipped"
        assert card["y"] >= tag["y"] + tag["height"], f"card {i} covers the name tag"


def skyjo_drawn():
    """A Skyjo position in which the player to act holds a drawn card."""

    def found(step):
        state = step.state
        if state.is_over or not state.to_act:
            return None
        seat = state.to_act[0]
        return seat if state.view(seat)["phase"] == "place_drawn" else None

    step, seat = find("skyjo", 4, found)
    return position(step, seat)


def test_the_skyjo_discard_control_is_in_view_and_the_pile_says_what_it_does(web_server, open_page):
    shown = skyjo_drawn()
    for viewport in ({"width": 1280, "height": 900}, PHONE):
        page = open_page(viewport)
        render_position(page, web_server.url, "skyjo", shown)
        button = box(page, "#board button:has-text('Discard it, then turn a card')")
        assert button["y"] + button["height"] <= viewport["height"], f"below the fold at {viewport}"
        pile = page.locator("[data-key=discard]")
        assert "discard the card in hand" in pile.get_attribute("aria-label")
        assert "discard pile" in page.locator("#status").inner_text()


def test_skyjo_6_and_9_are_underlined_and_no_other_value(web_server, open_page):
    page = open_page(DESKTOP)
    page.goto(f"{web_server.url}/table.html")
    underlined = page.evaluate(
        """async () => {
          const { skyjoCard } = await import('/js/art/skyjo.js');
          const out = [];
          for (let v = -2; v <= 12; v++) {
            if (skyjoCard(v).querySelector('[data-underline]')) out.push(v);
          }
          return out;
        }"""
    )
    assert underlined == [6, 9]


def wrong_throw():
    """A Cactus step in which someone threw a wrong card (the thrower is the viewer)."""

    def found(step):
        wrong = [e for e in step.events if e["type"] == "throw" and not e["right"]]
        return wrong[0]["seat"] if wrong else None

    step, seat = find("cactus", 3, found)
    return position(step, seat)


def test_a_wrong_cactus_throw_shows_the_card_and_the_penalty(web_server, open_page):
    page = open_page()
    shown = wrong_throw()
    throw = next(e for e in shown["events"] if e["type"] == "throw")
    render_position(page, web_server.url, "cactus", shown)
    dialog = page.locator("dialog.alert[open]")
    assert dialog.locator("h2").inner_text() == "Wrong throw"
    card = dialog.locator(f'[data-wrong-card="{throw["card"]}"] svg')
    assert card.get_attribute("aria-label") in dialog.inner_text()  # "Your 5 of hearts is not..."
    assert dialog.locator("[data-penalty]").count() == 1
    assert "penalty card" in dialog.inner_text()


def test_every_card_button_says_where_it_is_and_what_pressing_it_does(web_server, open_page):
    page = open_page()
    render_position(page, web_server.url, "skyjo", skyjo_drawn())
    names = page.locator("#board button.card").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )
    assert names, "no card is clickable"
    for name in names:
        assert name and "cardtable" not in name
        assert name.startswith(("your card ", "draw pile", "discard pile")), name
        assert name.endswith(("put the card in hand here", "discard the card in hand")), name


def test_a_round_result_sent_again_opens_one_dialog(web_server, open_page):
    """A state sent again after a reconnect repeats its events; the round's result
    dialog opens once, so closing it (Escape) leaves the table usable."""

    def found(step):
        return 0 if any(e["type"] == "round_end" for e in step.events) else None

    step, seat = find("skyjo", 2, found)
    shown = position(step, seat)
    page = open_page()
    render_position(page, web_server.url, "skyjo", shown)
    page.evaluate("shown => window.__tv.update(shown)", shown)
    assert page.locator("dialog[open] [data-round-result]").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("dialog[open]").count() == 0


def test_a_round_result_closed_is_not_opened_again_by_the_same_state(web_server, open_page):
    """A state of the same match shown again after its round's result was closed (a
    resync) opens no second dialog: it stayed over the table, covering the rematch."""

    def found(step):
        return 0 if any(e["type"] == "round_end" for e in step.events) else None

    step, seat = find("skyjo", 2, found)
    shown = {**position(step, seat), "match": 1}
    page = open_page()
    render_position(page, web_server.url, "skyjo", shown)
    page.evaluate("shown => window.__tv.update(shown)", shown)
    assert page.locator("dialog[open] [data-round-result]").count() == 1
    page.keyboard.press("Escape")
    page.evaluate("shown => window.__tv.update(shown)", shown)
    assert page.locator("dialog[open]").count() == 0
    page.evaluate("shown => window.__tv.update(shown)", {**shown, "match": 2})
    assert page.locator("dialog[open] [data-round-result]").count() == 1


def test_a_long_last_card_hand_keeps_the_controls_on_the_first_screen(web_server, open_page):
    """Sixteen cards in hand stay on one row (overlapping more), so the moves under
    them stay on a 1280x800 screen instead of a second row of cards pushing them off."""

    def found(step):
        state = step.state
        long_hand = len(state.view(0).get("hand") or []) >= 16
        return 0 if 0 in state.to_act and long_hand else None

    step, seat = find("lastcard", 2, found)
    page = open_page({"width": 1280, "height": 800})
    render_position(page, web_server.url, "lastcard", position(step, seat))
    rows = page.locator("#board .player .hand:not(.fan) > .card").evaluate_all(
        "nodes => nodes.map(n => n.offsetTop)"
    )
    assert len(rows) >= 16 and len(set(rows)) == 1, rows
    bottoms = page.locator("#board .controls button").evaluate_all(
        "nodes => nodes.map(n => n.getBoundingClientRect().bottom)"
    )
    assert bottoms and max(bottoms) <= 800, bottoms

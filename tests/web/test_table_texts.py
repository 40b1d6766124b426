"""What the table, the replay and the coach say, as a person reads it on the page.

Each test fails on the client as it was before its fix: an ordinary +2/+4 draw was
logged as a penalty, replays and the coach called every bot "Bot (normal)" while the
table says "Bot 2", the replay's score sheet ran out of its panel, a hint was an
outline with no word of what to do or why, emotes were the system's emoji, empty
boxes on a machine without an emoji font, and a spectator who had typed a name chatted
as "Spectator 1".
"""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.server.support import create_table

from .states import find, position, render_position
from .support import PHONE, TablePage, finished_match

#: The screen most laptops have.
SMALL_DESKTOP = {"width": 1280, "height": 800}
TABLET = {"width": 768, "height": 1024}

OPTIONS = {"skyjo": {"target_score": 1}, "cactus": {"rounds": 2}}


def visible_text(page: Page, selector: str) -> str:
    """The text of ``selector`` once it is scrolled into view and inside the viewport."""
    node = page.locator(selector)
    node.scroll_into_view_if_needed()
    box = node.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, f"{selector} is not shown"
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], f"{selector} runs off"
    return node.inner_text()


def plus_two_draw():
    """A Last Card position right after a player drew for a +2 or +4 played on them."""

    def found(step):
        drew = [e for e in step.events if e["type"] == "draw" and e.get("reason") == "penalty"]
        return drew[0]["seat"] if drew else None

    step, seat = find("lastcard", 3, found)
    return position(step, seat)


def test_a_draw_for_a_plus_two_is_logged_as_such_not_as_a_penalty(web_server, open_page):
    page = open_page()
    render_position(page, web_server.url, "lastcard", plus_two_draw())
    # The page opened without a table hides its side panels; a table shows them.
    page.evaluate("document.getElementById('side').hidden = false")
    page.locator("#log li", has_text="+2/+4").wait_for()
    assert "played" in visible_text(page, "#log li:has-text('+2/+4')")
    assert "penalty" not in page.locator("#log").inner_text()


def whole_sheet(page: Page) -> None:
    """Every column of the score sheet is inside its panel and the viewport: nothing is
    cut off, nothing needs scrolling sideways to be read."""
    page.locator("#sheet table").scroll_into_view_if_needed()
    sheet = page.evaluate(
        """() => {
            const sheet = document.getElementById("sheet");
            const table = sheet.querySelector("table").getBoundingClientRect();
            const panel = sheet.closest(".panel").getBoundingClientRect();
            return { scroll: sheet.scrollWidth, width: sheet.clientWidth,
                     table: [table.left, table.right], panel: [panel.left, panel.right],
                     page: document.documentElement.scrollWidth, viewport: innerWidth };
        }"""
    )
    assert sheet["scroll"] <= sheet["width"], f"the sheet is cut off: {sheet}"
    assert sheet["panel"][0] <= sheet["table"][0] and sheet["table"][1] <= sheet["panel"][1]
    assert sheet["panel"][0] >= 0 and sheet["panel"][1] <= sheet["viewport"], sheet
    assert sheet["page"] <= sheet["viewport"], "the page scrolls sideways"


def test_a_replay_names_bots_as_the_table_does_and_shows_the_whole_score_sheet(
    web_server, open_page
):
    code = finished_match(web_server, "cactus", OPTIONS["cactus"], bots=5, bot_delay=0.0)
    table_names = ["player 0", *[f"Bot {seat}" for seat in range(2, 7)]]
    for viewport in (SMALL_DESKTOP, TABLET, PHONE):
        page = open_page(viewport=viewport)
        page.goto(f"{web_server.url}/replay.html?code={code}&match=1&seat=0")
        page.wait_for_selector("#status:has-text('the deal')")
        last = page.locator("#position").get_attribute("max")
        page.locator("#position").fill(str(last))
        page.wait_for_selector(f"#position-text:has-text('{last} of {last}')")
        assert page.locator("#sheet thead th").all_inner_texts()[1:] == table_names
        for select in ("#viewer", "#coach-seat"):
            options = page.locator(f"{select} option").all_inner_texts()
            assert options[: len(table_names)] == table_names
        assert "Bot (" not in page.locator("body").inner_text()
        whole_sheet(page)


#: A hint in words: the move, and what it gains over the best other move.
HINT = re.compile(
    r"Hint: .+ — (expected about \d+\.\d points? better than .+"
    r"|about as good as .+: a close choice)\.|Hint: .+, the only move\."
)


def readable(page: Page, selector: str) -> str:
    """The text of ``selector``, which must be inside the viewport and not covered."""
    text = visible_text(page, selector)
    on_top = page.locator(selector).evaluate(
        """node => { const r = node.getBoundingClientRect();
                     const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                     return node.contains(top); }"""
    )
    assert on_top, f"{selector} is covered"
    return text


def test_a_hint_says_the_move_and_why_beside_the_outline(web_server, open_page):
    for viewport in (SMALL_DESKTOP, PHONE):
        person = TablePage.seated(open_page(viewport), web_server, "skyjo", ["human", "random"])
        page = person.page
        # The bot turns its first cards up at once; after that the table waits for
        # Ann, so the hint is still for the table's version when it comes.
        page.wait_for_function("window.__ct.last?.view.reveals_left[1] === 0")
        page.click("[data-hint]:not([disabled])")
        page.locator("[data-hint-text]").wait_for()
        assert HINT.fullmatch(readable(page, "[data-hint-text]"))
        assert page.locator("#board .hinted").count() == 1


#: Each emote's picture: its size on the page, whether it is inside its box, and how
#: many shapes it draws; and any text beside it (an emoji would be text).
EMOTE_PICTURES = """(selector) => [...document.querySelectorAll(selector)].map((box) => {
    const art = box.querySelector("svg.emote-art");
    const inner = art?.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    return {
      name: box.dataset.emote ?? box.dataset.emoteFrom,
      width: inner?.width ?? 0,
      height: inner?.height ?? 0,
      inside: !!inner && inner.left >= outer.left && inner.right <= outer.right
        && inner.top >= outer.top && inner.bottom <= outer.bottom,
      shapes: art?.querySelectorAll("path, rect, circle, ellipse").length ?? 0,
      glyphs: [...box.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent).join("").replace(/[\\s\\w:]/g, ""),
    };
})"""


def test_every_emote_is_our_own_picture_not_a_font_glyph(web_server, open_page):
    person = TablePage.seated(open_page(SMALL_DESKTOP), web_server, "skyjo", ["human", "random"])
    page = person.page
    page.locator("[data-emote]").first.scroll_into_view_if_needed()
    buttons = page.evaluate(EMOTE_PICTURES, "[data-emote]")
    assert [b["name"] for b in buttons] == [
        "thumbs_up",
        "laugh",
        "well_played",
        "oops",
        "wow",
        "thinking",
    ]
    for button in buttons:
        assert button["width"] >= 16 and button["height"] >= 16, button
        assert button["inside"] and button["shapes"] >= 2 and button["glyphs"] == "", button
    page.click("[data-emote=wow]")
    page.wait_for_selector("[data-emote-from]", state="attached")
    (bubble,) = page.evaluate(EMOTE_PICTURES, "[data-emote-from]")
    assert bubble["width"] >= 12 and bubble["inside"] and bubble["glyphs"] == "", bubble


def test_a_spectator_chats_under_the_name_they_typed(web_server, open_page):
    code = create_table(web_server, "skyjo", ["human", "human"])["code"]
    ann = TablePage(open_page(SMALL_DESKTOP), web_server.url).open(code)
    ann.join("Ann")
    cleo = TablePage(open_page(SMALL_DESKTOP), web_server.url).open(code).page
    cleo.fill("#join-name", "Cleo")
    cleo.click("button:has-text('Watch instead')")
    cleo.wait_for_selector("#chat-input:not([disabled])")
    cleo.fill("#chat-input", "hello from the rail")
    cleo.press("#chat-input", "Enter")
    for page in (ann.page, cleo):
        page.locator("#chat-log li:has-text('hello from the rail')").wait_for()
        assert readable(page, "#chat-log li") == "Cleo: hello from the rail"

"""Chat and emotes in the browser: two people talk, react, and markup stays text."""

import pytest

from tests.server.support import create_table

from .support import TablePage

pytestmark = pytest.mark.slow

XSS = "<img src=x onerror=alert(1)>"


def two_at_a_table(web_server, open_page):
    code = create_table(web_server, "skyjo", ["human", "human"])["code"]
    ann = TablePage(open_page(), web_server.url).open(code)
    ann.join("Ann")
    bob = TablePage(open_page(), web_server.url).open(code)
    bob.join("Bob")
    return ann, bob


def say(person, text):
    person.page.fill("#chat-input", text)
    person.page.press("#chat-input", "Enter")


def test_two_people_chat_and_see_each_others_emote_by_the_seat(web_server, open_page):
    ann, bob = two_at_a_table(web_server, open_page)
    say(ann, "hello Bob")
    say(bob, "hi Ann")
    for person in (ann, bob):
        log = person.page.locator("#chat-log")
        log.locator("li:has-text('hi Ann')").wait_for()
        assert log.locator("li").all_inner_texts() == ["Ann: hello Bob", "Bob: hi Ann"]

    for person in (ann, bob):
        # An emote shows for 2.5 s: one for each page checked, read at once where it
        # appears, so that a slow machine does not find it gone.
        bob.page.click("[data-emote=well_played]")
        person.page.wait_for_selector("[data-emote-from=seat-1]", state="attached")
        text, seat, pop = person.page.evaluate(
            """() => {
                const pop = document.querySelector("[data-emote-from=seat-1]");
                const seat = document.querySelector("#seats li[data-seat='1']");
                return [pop.textContent, seat.getBoundingClientRect().toJSON(),
                        pop.getBoundingClientRect().toJSON()];
            }"""
        )
        assert "Bob" in text and "Well played" in text
        assert seat["x"] <= pop["x"] + pop["width"] / 2 <= seat["x"] + seat["width"]


def test_a_message_with_markup_shows_as_text_and_runs_nothing(web_server, open_page):
    ann, bob = two_at_a_table(web_server, open_page)
    for person in (ann, bob):
        person.page.evaluate(
            "() => { window.__alerts = []; window.alert = (m) => window.__alerts.push(m); }"
        )
        person.page.on("dialog", lambda dialog: dialog.dismiss())
    say(ann, XSS)
    for person in (ann, bob):
        line = person.page.locator("#chat-log .chat-text").last
        line.wait_for()
        assert line.inner_text() == XSS
        assert person.page.locator("#chat-log img").count() == 0
        assert person.page.evaluate("window.__alerts") == []
    # After a refresh the history comes back from the server, still as text.
    bob.page.reload()
    bob.page.locator("#chat-log .chat-text").first.wait_for()
    assert bob.page.locator("#chat-log .chat-text").all_inner_texts() == [XSS]
    assert bob.page.locator("#chat-log img").count() == 0


def test_muting_a_person_hides_their_messages(web_server, open_page):
    ann, bob = two_at_a_table(web_server, open_page)
    say(bob, "first")
    ann.page.locator("#chat-log [data-mute=seat-1]").click()
    ann.page.locator("[data-unmute=seat-1]").wait_for()
    assert ann.page.locator("#chat-log li").count() == 0
    say(bob, "second")
    say(ann, "anyone there?")
    bob.page.locator("#chat-log li:has-text('anyone there?')").wait_for()
    ann.page.locator("#chat-log li:has-text('anyone there?')").wait_for()
    assert ann.page.locator("#chat-log li").all_inner_texts() == ["Ann: anyone there?"]

"""The replay viewer and the coach in the browser: stepping, seats' eyes, marks, hints."""

from __future__ import annotations

import json

import pytest

from tests.server.support import Server, create_table, short_options

from . import support
from .support import TablePage

pytestmark = pytest.mark.slow

OPTIONS = {"skyjo": short_options("skyjo"), "lastcard": short_options("lastcard")}
OPTIONS["cactus"] = {"rounds": 2}


def finished_match(server: Server, game: str) -> str:
    """A table whose first match a random person and the heuristic played to the end."""
    return support.finished_match(server, game, OPTIONS[game])


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_a_replay_steps_forward_back_and_by_round_through_any_seats_eyes(
    web_server, open_page, game
):
    code = finished_match(web_server, game)
    page = open_page()
    page.goto(f"{web_server.url}/replay.html?code={code}&match=1&seat=0")
    page.wait_for_selector("#status:has-text('the deal')")
    total = int(page.locator("#position").get_attribute("max"))
    assert total > 3
    page.click("#step-forward")
    page.click("#step-forward")
    page.wait_for_selector(f"#position-text:has-text('2 of {total}')")
    assert "move 2" in page.locator("#status").inner_text()
    page.click("#step-back")
    page.wait_for_selector(f"#position-text:has-text('1 of {total}')")
    page.click("#round-forward")
    page.wait_for_selector(f"#position-text:has-text('of {total}')")
    assert page.locator("#log li").count() > 0
    page.locator("#position").fill(str(total))
    page.wait_for_selector(f"#position-text:has-text('{total} of {total}')")
    page.select_option("#viewer", "all")
    page.wait_for_selector(f"#position-text:has-text('{total} of {total}')")
    page.click("#round-back")
    assert int(page.locator("#position").input_value()) < total


def test_a_revealed_replay_shows_no_face_down_card_at_the_deal(web_server, open_page):
    code = finished_match(web_server, "cactus")
    page = open_page()
    page.goto(f"{web_server.url}/replay.html?code={code}&match=1&seat=all")
    page.wait_for_selector("#status:has-text('the deal')")
    faces = page.locator("#board [data-key^='L'] svg").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )
    assert faces and not any("face-down" in (label or "") for label in faces)
    page.goto(f"{web_server.url}/replay.html?code={code}&match=1&seat=0")
    page.wait_for_selector("#status:has-text('the deal')")
    faces = page.locator("#board [data-key^='L'] svg").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    )
    assert any("face-down" in (label or "") for label in faces)


def test_the_coach_marks_decisions_and_shows_the_suggested_move(web_server, open_page):
    code = finished_match(web_server, "cactus")
    page = open_page()
    page.goto(f"{web_server.url}/replay.html?code={code}&match=1&seat=0")
    page.wait_for_selector("#status:has-text('the deal')")
    page.select_option("#coach-seat", "0")
    page.click("#analyse")
    page.wait_for_selector("#coach-status:has-text('decisions analysed')", timeout=120_000)
    marks = page.locator("#coach-marks [data-decision]")
    assert marks.count() > 0, "a random player's decisions earn marks"
    marks.first.click()
    index = int(marks.first.get_attribute("data-decision"))
    page.wait_for_selector(f"#position-text:has-text('{index} of')")
    note = page.locator("#coach-note").inner_text()
    assert "the coach suggests" in note
    assert page.locator("#board .suggested").count() == 1


def test_the_table_page_lists_finished_matches_with_their_replays(web_server, open_page):
    code = finished_match(web_server, "skyjo")
    page = open_page()
    page.goto(f"{web_server.url}/table.html?code={code}&watch=1")
    page.click("#history-panel summary")
    page.click("#history [data-replay='1']")
    page.wait_for_selector("#status:has-text('the deal')")
    assert "replay.html" in page.url


def test_a_hint_at_a_practice_table_highlights_one_legal_move(web_server, open_page):
    person = TablePage.seated(open_page(), web_server, "skyjo", ["human", "random"])
    page = person.page
    page.wait_for_selector("[data-hint]:not([disabled])")
    page.click("[data-hint]")
    hinted = page.locator("#board .hinted")
    hinted.wait_for()
    assert hinted.count() == 1
    legal = person.snapshot()["state"]["legal"]
    action = hinted.get_attribute("data-action")
    assert action is None or json.loads(action) in legal


def test_no_hint_is_offered_at_a_table_with_other_people(web_server, open_page):
    code = create_table(web_server, "skyjo", ["human", "human"])["code"]
    person = TablePage(open_page(), web_server.url).open(code)
    person.join("Ann")
    assert person.page.locator("[data-hint]").count() == 0

"""The Last Card table under the house rules, on positions the engine really reaches:
each new kind of choice is on screen, says what it does, and sends its move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .states import Step, find, position, render_position

PARTY = {"jump_in": True, "seven_zero": True, "catch_missed_call": True}
CHALLENGE = {"challenge_plus_four": True}


def where(kind: str, test: Callable[[Step, int], bool] | None = None, **options: Any):
    """A position whose viewer may make a move of ``kind`` (and passes ``test``)."""

    def found(step: Step) -> int | None:
        state = step.state
        if state.is_over:
            return None
        for seat in state.to_act:
            kinds = {a.kind for a in state.legal_actions(seat)}
            if kind in kinds and (test is None or test(step, seat)):
                return seat
        return None

    step, seat = find("lastcard", 4, found, **options)
    return position(step, seat)


def sent(page) -> list[dict[str, Any]]:
    return page.evaluate("window.__sent")


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

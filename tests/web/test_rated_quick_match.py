"""Rated quick match in the browser: two people who registered passkeys ask for a
rated match of the same game on their account pages and are seated at one new table."""

from __future__ import annotations

import secrets

from playwright.sync_api import Page, expect

from .test_passkeys import account_page, device


def register(page: Page, port: int, name: str) -> None:
    device(page)
    account_page(page, port)
    page.fill("#account-name", name)
    page.click("#register-passkey")
    expect(page.locator("#account-status")).to_have_text(f"Signed in as {name}.")


def test_two_registered_people_are_seated_together_by_rated_quick_match(web_server, open_page):
    tag = secrets.token_hex(2)
    ann, bob = open_page(), open_page()
    register(ann, web_server.port, f"Ann {tag}")
    register(bob, web_server.port, f"Bob {tag}")
    for page in (ann, bob):
        expect(page.locator("#rated")).to_be_visible()
        page.select_option("#rated-game", "cactus")
    ann.click("#rated-seek")
    expect(ann.locator("#rated-status")).to_have_text("Looking for an opponent near your rating…")
    expect(ann.locator("#rated-cancel")).to_be_visible()
    bob.click("#rated-seek")
    for page in (ann, bob):
        page.wait_for_url("**/table.html?code=*")
    assert ann.url.split("code=")[1].split("&")[0] == bob.url.split("code=")[1].split("&")[0]
    for page, name in ((ann, f"Ann {tag}"), (bob, f"Bob {tag}")):
        expect(page.locator("body")).to_contain_text(name)

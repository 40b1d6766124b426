"""Two people on the site: they register passkeys, a rated quick match seats them
together, they play it out by clicking in their browsers, see their ratings on their
profiles (no longer provisional after the earlier matches the setup settles through
the server's settlement) and on the game's leaderboard, follow each other and invite
each other to their table."""

from __future__ import annotations

import random
import re
import secrets
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.server.player_sites import open_site

from .support import TablePage
from .test_rated_quick_match import register

GAME = "skyjo"
#: Two players who win in turn are provisional for their first 11 matches
#: (docs/players.md): the 12th is their first on the leaderboard.
PROVISIONAL_MATCHES = 12


def _play_out(tables: list[TablePage], rng: random.Random, seconds: float) -> None:
    """The two people click their moves, each in their own browser, until both pages
    show the match's end (each round's result closed as a person would)."""
    deadline = time.monotonic() + seconds
    while not all(t.page.locator(".match-end").count() for t in tables):
        assert time.monotonic() < deadline, f"the match did not end within {seconds} s"
        clicked = False
        for table in tables:
            if table.page.locator("dialog[open] [data-round-result]").count():
                table.page.keyboard.press("Escape")
            clicked = table.click_a_move(rng) is not None or clicked
        if not clicked:
            tables[0].page.wait_for_timeout(50)


def _seed(db: Path, players: list[str], matches: int) -> None:
    """``matches`` earlier rated matches of the two players, won in turn, finished and
    settled as the server settles its matches."""
    with open_site(db) as site:
        for n in range(matches):
            site.finish(players, totals=[10, 30] if n % 2 == 0 else [30, 10], winners=[n % 2])


def _profile_id(page: Page, base: str) -> str:
    page.goto(f"{base}/account.html")
    expect(page.locator("#my-profile")).to_be_visible()
    return str(page.locator("#my-profile").get_attribute("href")).split("player=")[1]


@pytest.mark.slow
def test_two_people_register_play_a_rated_match_follow_and_invite_each_other(web_server, open_page):
    base = f"http://localhost:{web_server.port}"
    tag = secrets.token_hex(2)
    names = [f"Ann {tag}", f"Bob {tag}"]
    pages = [open_page(), open_page()]
    ids = []
    for page, name in zip(pages, names, strict=True):
        register(page, web_server.port, name)
        ids.append(_profile_id(page, base))
    # their earlier matches: one more rated match makes both ratings no longer provisional
    _seed(web_server.db, ids, PROVISIONAL_MATCHES - 1)
    for page in pages:
        page.goto(f"{base}/account.html")
        page.select_option("#rated-game", GAME)
    for page in pages:
        page.click("#rated-seek")
    for page in pages:
        page.wait_for_url("**/table.html?code=*")
    code = pages[0].url.split("code=")[1].split("&")[0]
    tables = [TablePage(page, base) for page in pages]
    for table, name in zip(tables, names, strict=True):
        table.code = code
        table.seated_as(name)
    pages[0].click("[data-start]")
    _play_out(tables, random.Random(4), 300)

    for page, name, player in zip(pages, names, ids, strict=True):
        page.goto(f"{base}/profile.html?player={player}")
        expect(page.locator("#profile-name")).to_have_text(name)
        row = page.locator(f"#profile-games tr[data-game='{GAME}'] td")
        expect(row.nth(1)).to_have_text(re.compile(r"^-?\d+(\.\d)?$"))  # not provisional
        expect(row.nth(2)).to_have_text(str(PROVISIONAL_MATCHES))
        expect(page.locator(f"#profile-recent tr[data-match='{code}/1']")).to_be_visible()
    board = pages[0]
    board.goto(f"{base}/leaderboard.html?game={GAME}")
    expect(board.locator("#board-rule")).to_contain_text("no longer provisional")
    for name, player in zip(names, ids, strict=True):
        row = board.locator(f"#board tr[data-player='{player}'] td")
        expect(row.nth(1)).to_have_text(name)
        expect(row.nth(3)).to_have_text(str(PROVISIONAL_MATCHES))

    for me, other, other_name in ((0, 1, names[1]), (1, 0, names[0])):
        page = pages[me]
        page.goto(f"{base}/profile.html?player={ids[other]}")
        page.click("#follow")
        expect(page.locator("#follow")).to_have_text("Unfollow")
        page.click("#invite")
        expect(page.locator("#friend-notice")).to_have_text(f"Invitation sent to {other_name}.")
    for me, other_name in ((0, names[1]), (1, names[0])):
        pages[me].goto(f"{base}/")
        notice = pages[me].locator(f".notice-bar[data-invite='{code}']")
        expect(notice).to_contain_text(f"{other_name} invites you to their table.")

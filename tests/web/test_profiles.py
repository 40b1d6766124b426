"""The profile and leaderboard pages as a person sees them: a player's finished match
listed with its replay and download, their counts, and established players ranked."""

from __future__ import annotations

import asyncio
import re
import secrets
from concurrent.futures import ThreadPoolExecutor

from playwright.sync_api import Page, expect

from tests.server.browsers import Browser
from tests.server.player_sites import open_site
from tests.server.test_players_identity import GAME, _play_one_match


def test_a_profile_lists_a_finished_match_with_its_replay_and_download(web_server, open_page):
    browser = Browser(web_server)
    name = f"Pat {secrets.token_hex(2)}"
    player = browser.guest(name)["id"]
    # Playwright's own event loop runs in this thread: the match plays in another.
    with ThreadPoolExecutor(1) as thread:
        code = thread.submit(asyncio.run, _play_one_match(web_server, browser)).result()
    page: Page = open_page()
    page.goto(f"{web_server.url}/profile.html?player={player}")
    expect(page.locator("#profile-name")).to_have_text(name)
    expect(page.locator("#profile-since")).to_contain_text("Member since")
    expect(page.locator("#profile-favourite")).to_have_text("Favourite game: Last Card")
    row = page.locator(f"#profile-games tr[data-game='{GAME}'] td")
    expect(row).to_have_text(["Last Card", "\u2013", "1", re.compile("^[01]$")])
    match = page.locator(f"#profile-recent tr[data-match='{code}/1']")
    expect(match.get_by_role("link", name="Replay")).to_have_attribute(
        "href", f"replay.html?code={code}&match=1&seat=0"
    )
    expect(match.get_by_role("link", name="Download")).to_have_attribute(
        "href", f"/api/tables/{code}/matches/1"
    )
    expect(page.locator("#profile-export")).to_have_attribute(
        "href", f"/api/players/{player}/export"
    )


def test_the_leaderboard_page_ranks_established_players(web_server, open_page):
    tag = secrets.token_hex(2)
    with open_site(web_server.db) as site:
        top, second = site.guest(f"Top {tag}"), site.guest(f"Second {tag}")
        for n in range(21):
            winner = 0 if n % 7 < 5 else 1
            site.finish([top, second], totals=[winner, 1 - winner], winners=[winner])
    page: Page = open_page()
    page.goto(f"{web_server.url}/leaderboard.html?game=skyjo")
    expect(page.locator("#board-title")).to_have_text("Skyjo: leaderboard")
    names = page.locator("#board tr[data-player] td:nth-child(2)")
    expect(names).to_contain_text([f"Top {tag}", f"Second {tag}"])
    page.locator("#board tr[data-player] a", has_text=f"Top {tag}").click()
    expect(page.locator("#profile-name")).to_have_text(f"Top {tag}")
    expect(page.locator("#profile-charts figure")).to_have_count(1)

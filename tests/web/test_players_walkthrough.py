"""Two people on the site: they register passkeys, a rated quick match seats them
together, they play it out, see their new ratings on their profiles (provisional
after one match, so not yet on the leaderboard), follow each other and invite each
other to their table."""

from __future__ import annotations

import asyncio
import random
import re
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Page, expect

from tests.server.support import Client, Server, play_randomly

from .test_rated_quick_match import register

GAME = "skyjo"


async def _play_out(server: Server, code: str, tokens: list[str]) -> None:
    """Play the match of the two seats (as their people would, by the seat tokens)."""
    clients = []
    for token in tokens:
        client = await Client.open(server, code)
        await client.send({"type": "rejoin", "token": token})
        await client.expect("welcome")
        clients.append(client)
    await clients[0].send({"type": "start"})
    for client in clients:
        await client.expect("state")
    rng = random.Random(4)
    await asyncio.gather(*(play_randomly(c, GAME, rng) for c in clients))
    for client in clients:
        await client.close()


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
    for page, name in zip(pages, names, strict=True):
        register(page, web_server.port, name)
        page.select_option("#rated-game", GAME)
    for page in pages:
        page.click("#rated-seek")
    for page in pages:
        page.wait_for_url("**/table.html?code=*")
    code = pages[0].url.split("code=")[1].split("&")[0]
    for page, name in zip(pages, names, strict=True):
        expect(page.locator("body")).to_contain_text(name)
    tokens = [str(p.evaluate(f"localStorage.getItem('cardtable:token:{code}')")) for p in pages]
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, _play_out(web_server, code, tokens)).result()

    ids = []
    for page, name in zip(pages, names, strict=True):
        ids.append(_profile_id(page, base))
        page.goto(f"{base}/profile.html?player={ids[-1]}")
        expect(page.locator("#profile-name")).to_have_text(name)
        row = page.locator(f"#profile-games tr[data-game='{GAME}'] td")
        expect(row.nth(1)).to_have_text(re.compile(r"^-?\d+(\.\d)? \(provisional\)$"))
        expect(row.nth(2)).to_have_text("1")
        expect(page.locator(f"#profile-recent tr[data-match='{code}/1']")).to_be_visible()
    board = pages[0]
    board.goto(f"{base}/leaderboard.html?game={GAME}")
    expect(board.locator("#board-rule")).to_contain_text("no longer provisional")
    expect(board.locator("#board")).not_to_contain_text(names[0])

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

"""Screenshots for the README: ``python -m tests.web.screenshots``.

A server with bots runs on a temporary database. The landing page is saved, then for
each game a person starts a match with Play now, plays a few moves (the mid-round
picture) and plays on to the end of a short match (the match end picture), each at
desktop and phone sizes, into docs/screenshots/.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from tests.server.support import Server, running_server

from .support import DESKTOP, MOVES, PHONE, TablePage, launch, new_page, set_name

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = (("desktop", DESKTOP), ("phone", PHONE))

#: Per game: moves to play before the mid-round picture, and options for a match of
#: two or three rounds (so the match end has a chart worth the name).
TABLES = {
    "skyjo": (12, {"target_score": 40}),
    "cactus": (5, {"rounds": 2, "memory_aid": True}),
    "lastcard": (4, {"target_score": 40}),
}
#: Moves not to click while setting up the picture (ending a Cactus round early).
HOLD_BACK = ":is([data-action*='call_cactus'], [data-action*='pass'])"
MATCH_SECONDS = 600


def shoot(page: Page, name: str, full_page: bool = True) -> list[Path]:
    """Save the page at each size as ``<name>-<size>.png``."""
    paths = []
    for size, viewport in SIZES:
        page.set_viewport_size(viewport)
        page.wait_for_timeout(400)
        path = OUT / f"{name}-{size}.png"
        page.screenshot(path=str(path), full_page=full_page)
        paths.append(path)
    page.set_viewport_size(DESKTOP)
    return paths


def landing(browser: Browser, server: Server) -> list[Path]:
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/")
    set_name(page, "Ann")
    page.wait_for_selector(".game-card svg")
    paths = shoot(page, "landing")
    page.context.close()
    return paths


def match(browser: Browser, server: Server, game: str) -> list[Path]:
    """A person's match from Play now to the end: mid-round and match end pictures."""
    moves, options = TABLES[game]
    page = new_page(browser, DESKTOP)
    # Play now, with the rules of a short match: the custom form makes the same table.
    page.goto(f"{server.url}/")
    set_name(page, "Ann")
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    code = page.evaluate(
        """async ([game, seats, options]) => {
          const { createTable } = await import('/js/api.js');
          return (await createTable({ game, seats, options, public: false, bot_delay: 0.2 })).code;
        }""",
        [game, seats, options],
    )
    page.goto(f"{server.url}/table.html?code={code}&join=1&start=1")
    person = TablePage(page, server.url)
    person.seated_as("Ann")
    page.wait_for_function("window.__ct.last !== null")
    rng = random.Random(game)
    for _ in range(moves):
        page.wait_for_selector(MOVES)
        person.click_a_move(rng, HOLD_BACK)
    page.wait_for_selector(MOVES)
    page.wait_for_timeout(800)  # let the last animation finish
    paths = shoot(page, f"{game}-round", full_page=False)
    deadline = time.monotonic() + MATCH_SECONDS
    while not page.locator(".match-end").count():
        assert time.monotonic() < deadline, f"{game}: the match did not end in time"
        if page.locator("dialog[open]:not(.chooser)").count():
            page.keyboard.press("Escape")
        elif person.click_a_move(rng) is None:
            page.wait_for_timeout(50)
    page.wait_for_timeout(1500)  # the celebration
    page.evaluate("window.scrollTo(0, 0)")
    paths += shoot(page, f"{game}-end")
    page.context.close()
    return paths


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp) / "shots.db") as server,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright)
        paths = landing(browser, server)
        for game in TABLES:
            paths += match(browser, server, game)
        for path in paths:
            print(path.relative_to(OUT.parents[1]))
        browser.close()


if __name__ == "__main__":
    main()

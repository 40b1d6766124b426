"""Screenshots for the README: ``python -m tests.web.screenshots [SET ...]``.

A server with bots runs on a temporary database. The sets (all of them when none is
named), each at desktop and phone sizes and in the light and the dark theme (as the
system's preference, which the theme "Auto" follows), into docs/screenshots/ as
``<picture>-<size>-<theme>.png``:

- ``landing``: the landing page;
- ``matches``: for each game a person starts a match with Play now, plays a few moves
  (the mid-round picture) and plays on to the end of a short match (the match end);
- ``big``: the largest table of each game (8 or 10 seats) a few moves in, at 1280x900;
- ``pixel``: each game's mid-round picture in the pixel-art card theme.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

import cardtable
from tests.server.support import Server, running_server

from .support import DESKTOP, MOVES, PHONE, TablePage, launch, new_page, set_name

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = (("desktop", DESKTOP), ("phone", PHONE))
THEMES = ("light", "dark")
BIG_SIZES = (("desktop", {"width": 1280, "height": 900}), ("phone", PHONE))

#: Per game: moves to play before the mid-round picture, and options for a match of
#: two or three rounds (so the match end has a chart worth the name).
TABLES = {
    "skyjo": (12, {"target_score": 40}),
    "cactus": (5, {"rounds": 2, "memory_aid": True}),
    "lastcard": (4, {"target_score": 40}),
}
#: Moves not to click while setting up the picture (ending a Cactus round early).
HOLD_BACK = ":is([data-action*='call_cactus'], [data-action*='pass'])"
#: An open dialog that is not a chooser of moves: a notice to close.
NOTICE = "dialog[open]:not(.chooser)"
#: Closes every open dialog (a notice, a chooser, a round's result) that would hide the page.
CLOSE_DIALOGS = "document.querySelectorAll('dialog[open]').forEach((d) => d.close())"
#: A set of pictures: the paths it saved.
Shots = Callable[[Browser, Server], list[Path]]
MATCH_SECONDS = 600


def shoot(
    page: Page,
    name: str,
    full_page: bool = True,
    sizes: tuple[tuple[str, dict[str, int]], ...] = SIZES,
) -> list[Path]:
    """Save the page at each size in each theme as ``<name>-<size>-<theme>.png``."""
    paths = []
    for theme in THEMES:
        page.emulate_media(color_scheme=theme)
        for size, viewport in sizes:
            page.set_viewport_size(viewport)
            page.wait_for_timeout(400)
            path = OUT / f"{name}-{size}-{theme}.png"
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


def mid_round(
    page: Page,
    server: Server,
    game: str,
    players: int = 4,
    cards: str = "classic",
    bot_delay: float = 0.2,
    moves: int | None = None,
) -> tuple[TablePage, random.Random]:
    """Ann on ``page`` and heuristic bots (``bot_delay`` seconds a move) ``moves`` of
    her moves into a match (the game's number for a picture when None), in the card
    theme ``cards``."""
    picture_moves, options = TABLES[game]
    # Play now, with the rules of a short match: the custom form makes the same table.
    page.goto(f"{server.url}/")
    set_name(page, "Ann")
    page.evaluate("(cards) => localStorage.setItem('cardtable:cards', cards)", cards)
    seats = ["human"] + ["heuristic"] * (players - 1)
    code = page.evaluate(
        """async ([game, seats, options, bot_delay]) => {
          const { createTable } = await import('/js/api.js');
          return (await createTable({ game, seats, options, public: false, bot_delay })).code;
        }""",
        [game, seats, options, bot_delay],
    )
    page.goto(f"{server.url}/table.html?code={code}&join=1&start=1")
    person = TablePage(page, server.url)
    person.seated_as("Ann")
    page.wait_for_function("window.__ct.last !== null")
    rng = random.Random(game)
    for _ in range(picture_moves if moves is None else moves):
        page.wait_for_selector(MOVES)
        person.click_a_move(rng, HOLD_BACK)
    page.wait_for_selector(MOVES)
    page.wait_for_timeout(800)  # let the last animation finish
    # A notice (a wrong throw) or a chooser would hide the table in the picture.
    page.evaluate(CLOSE_DIALOGS)
    return person, rng


def match(browser: Browser, server: Server, game: str) -> list[Path]:
    """A person's match from Play now to the end: mid-round and match end pictures."""
    page = new_page(browser, DESKTOP)
    person, rng = mid_round(page, server, game)
    paths = shoot(page, f"{game}-round", full_page=False)
    deadline = time.monotonic() + MATCH_SECONDS
    while not page.locator(".match-end").count():
        assert time.monotonic() < deadline, f"{game}: the match did not end in time"
        if page.locator(NOTICE).count():
            page.keyboard.press("Escape")
        elif person.click_a_move(rng) is None:
            page.wait_for_timeout(50)
    # The last round's result opens over the match end: close it, as a person would.
    page.evaluate(CLOSE_DIALOGS)
    page.wait_for_timeout(1500)  # the celebration
    page.evaluate("window.scrollTo(0, 0)")
    paths += shoot(page, f"{game}-end")
    page.context.close()
    return paths


def big_table(browser: Browser, server: Server, game: str) -> list[Path]:
    """The largest table of ``game``: the whole felt on a wide screen, all of it on a phone."""
    page = new_page(browser, DESKTOP)
    mid_round(page, server, game, cardtable.get_game(game).max_players)
    paths = shoot(page, f"{game}-big", sizes=BIG_SIZES)
    page.context.close()
    return paths


def pixel_round(browser: Browser, server: Server, game: str) -> list[Path]:
    """A mid-round picture in the pixel-art card theme."""
    page = new_page(browser, DESKTOP)
    mid_round(page, server, game, cards="pixel")
    paths = shoot(page, f"{game}-pixel", full_page=False)
    page.context.close()
    return paths


def each_game(shot: Callable[[Browser, Server, str], list[Path]]) -> Shots:
    """A set of pictures taken with ``shot`` for every game."""
    return lambda browser, server: [path for game in TABLES for path in shot(browser, server, game)]


SETS: dict[str, Shots] = {
    "landing": landing,
    "matches": each_game(match),
    "big": each_game(big_table),
    "pixel": each_game(pixel_round),
}


def main() -> None:
    chosen = sys.argv[1:] or list(SETS)
    unknown = [name for name in chosen if name not in SETS]
    if unknown:
        raise SystemExit(f"unknown screenshot sets {unknown}; choose from {list(SETS)}")
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp) / "shots.db") as server,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright)
        paths = [path for name in chosen for path in SETS[name](browser, server)]
        for path in paths:
            print(path.relative_to(OUT.parents[1]))
        browser.close()


if __name__ == "__main__":
    main()

"""Screenshots of each game's table for the README: ``python -m tests.web.screenshots``.

A server with bots runs on a temporary database; a person plays a few moves of each
game and the table is saved at desktop and phone sizes into docs/screenshots/.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.server.support import running_server

from .support import DESKTOP, MOVES, PHONE, TablePage, launch, new_page

OUT = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

#: Per game: the seats, options that make the picture telling, and moves to play first.
TABLES = {
    "skyjo": (["human", "heuristic", "heuristic", "heuristic"], {}, 12),
    "cactus": (["human", "heuristic", "heuristic", "heuristic"], {"memory_aid": True}, 5),
    "lastcard": (["human", "heuristic", "heuristic", "heuristic"], {}, 4),
}
#: Moves not to click while setting up the picture (ending a Cactus round early).
HOLD_BACK = ":is([data-action*='call_cactus'], [data-action*='pass'])"


def shoot(browser, server, game: str) -> list[Path]:
    seats, options, moves = TABLES[game]
    page = new_page(browser, DESKTOP)
    person = TablePage.seated(page, server, game, seats, options=options, bot_delay=0.3)
    rng = random.Random(game)
    for _ in range(moves):
        page.wait_for_selector(MOVES)
        person.click_a_move(rng, HOLD_BACK)
    page.wait_for_selector(MOVES)
    page.wait_for_timeout(800)  # let the last animation finish
    paths = []
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        path = OUT / f"{game}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        paths.append(path)
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
        for game in TABLES:
            for path in shoot(browser, server, game):
                print(path.relative_to(OUT.parents[1]))
        browser.close()


if __name__ == "__main__":
    main()

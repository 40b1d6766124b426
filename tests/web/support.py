"""Driving the browser client in real headless Chromium (Debian's package).

``TablePage`` is one person at one table: it opens pages, joins, and plays by clicking
only what the page offers (elements with ``data-action``, or ``data-choice`` ones that
open a chooser). An init script records, inside the page, the last ``state`` message
and every ``error`` message the server sent, so a test can compare what the page
offers with what the server says is legal at the same instant.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page

from tests.server.support import Server, create_table, play_randomly, seat_clients

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
#: The screens the front door is checked at: three desktops, a tablet and two phones.
SIZES = {
    "1280x800": {"width": 1280, "height": 800},
    "1440x900": {"width": 1440, "height": 900},
    "1920x1080": {"width": 1920, "height": 1080},
    "768x1024": {"width": 768, "height": 1024},
    "390x844": {"width": 390, "height": 844},
    "360x740": {"width": 360, "height": 740},
}
WAIT_MS = 20_000

#: Records the server's messages as the page receives them (before the page handles them).
RECORDER = """
(() => {
  const Native = window.WebSocket;
  window.__ct = { last: null, table: null, errors: [] };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "state") window.__ct.last = message;
        if (message.type === "table" || message.type === "welcome") {
          window.__ct.table = message.table;
        }
        if (message.type === "error") window.__ct.errors.push(message);
      });
    }
  };
})();
"""

MOVES = "#board [data-action], #board [data-choice], #board [data-toggle]:not([disabled])"
CHOICES = "dialog.chooser [data-action]"


def launch(playwright: Any) -> Browser:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)


def new_page(
    browser: Browser,
    viewport: dict[str, int] = DESKTOP,
    crashes: list[str] | None = None,
    locale: str | None = None,
) -> Page:
    """A page in a fresh context whose browser speaks ``locale`` (Chromium's own when
    None); its uncaught script errors are added to ``crashes``."""
    context = browser.new_context(viewport=viewport, locale=locale)
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    if crashes is not None:
        page.on("pageerror", lambda error: crashes.append(f"{page.url}: {error}"))
    return page


def set_name(page: Page, name: str) -> None:
    """Type the player's name into the landing page's name field (it is remembered)."""
    page.fill("#player-name", name)
    page.dispatch_event("#player-name", "change")


def open_settings(page: Page) -> None:
    """Unfold the page's settings (the header folds them on screens under 1600 pixels)."""
    page.wait_for_selector(".prefs-box", state="attached")
    if not page.locator(".prefs-box[open]").count():
        page.click(".prefs-box > summary")


def open_custom(page: Page) -> None:
    """Unfold the landing page's custom table form."""
    page.wait_for_selector(".game-card")
    page.evaluate("document.getElementById('custom').open = true")


def open_custom_game(page: Page, base_url: str, game: str, name: str = "Ann") -> None:
    """The landing page as ``name``, with the custom table form open on ``game``."""
    page.goto(f"{base_url}/")
    set_name(page, name)
    open_custom(page)
    page.click(f"#game-picker [data-game={game}]")


def create_in_lobby(
    page: Page,
    base_url: str,
    game: str,
    seats: list[str],
    options: dict[str, Any],
    name: str = "Ann",
) -> str:
    """Create a table through the lobby's custom form as ``name``; returns its code as
    the server gave it (the page shows it grouped; the page stays there)."""
    open_custom_game(page, base_url, game, name)
    page.select_option("#seat-count", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    for name, value in options.items():
        field = page.locator(f'[data-option="{name}"]')
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    page.click("#create")
    return page.locator("#created [data-code]").get_attribute("data-code") or ""


class TablePage:
    """One person's view of one table."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.code = ""

    @classmethod
    def seated(
        cls, page: Page, server: Server, game: str, seats: list[str], **table: Any
    ) -> TablePage:
        """Ann, at a new table (bots quick unless ``bot_delay`` says otherwise), has started."""
        spec = {"bot_delay": 0.05, **table}
        person = cls(page, server.url).open(create_table(server, game, seats, **spec)["code"])
        person.join("Ann")
        person.start()
        return person

    def open(self, code: str, watch: bool = False) -> TablePage:
        self.code = code
        suffix = "&watch=1" if watch else ""
        self.page.goto(f"{self.base_url}/table.html?code={code}{suffix}")
        return self

    def join(self, name: str) -> None:
        self.page.fill("#join-name", name)
        self.page.click("#room button[type=submit]")
        self.seated_as(name)

    def seated_as(self, name: str) -> None:
        """Wait until the page says this person sits at the table as ``name``."""
        self.page.wait_for_selector(f"#who:has-text('you are {name}')")

    def start(self) -> None:
        self.page.click("[data-start]")
        self.page.wait_for_function("window.__ct.last !== null")

    # ------------------------------------------------------------ what is on offer
    def snapshot(self) -> dict[str, Any]:
        """The last state message and the actions the page offers, at one instant."""
        return self.page.evaluate(
            """() => ({
              state: window.__ct.last,
              offered: [...document.querySelectorAll('#board [data-action]')]
                .map((node) => JSON.parse(node.dataset.action)),
              status: document.getElementById('status').textContent,
              cards: Object.fromEntries([...document.querySelectorAll('#board [data-key]')]
                .map((node) => [node.dataset.key,
                  node.querySelector('svg')?.getAttribute('aria-label') ?? 'empty'])),
              timers: document.querySelectorAll('#board [role=timer]').length,
              toggle: document.querySelector('#board [data-toggle]')?.disabled ?? null,
            })"""
        )

    def errors(self) -> list[dict[str, Any]]:
        return self.page.evaluate("window.__ct.errors")

    # ------------------------------------------------------------ playing
    def click_a_move(self, rng: random.Random, avoid: str = "") -> dict[str, Any] | None:
        """Click one move the page offers (finishing a chooser); None if none is offered.

        Moves matching the CSS selector ``avoid`` are clicked only when nothing else is
        offered.
        """
        choices = self.page.locator(CHOICES)
        if choices.count():
            return self._click(choices, rng)
        if avoid:
            preferred = self.page.locator(f":is({MOVES}):not({avoid})")
            if preferred.count():
                return self._click(preferred, rng)
        return self._click(self.page.locator(MOVES), rng)

    def _click(self, moves: Locator, rng: random.Random) -> dict[str, Any] | None:
        n = moves.count()
        if not n:
            return None
        target = moves.nth(rng.randrange(n))
        try:
            action = target.get_attribute("data-action", timeout=1000)
            target.click(timeout=2000)
        except Exception:  # the table changed under the pointer (a bot moved): look again
            return None
        return json.loads(action) if action else {}

    def take_turns(self, turns: int, rng: random.Random) -> None:
        """Wait for a move to be offered and click it, ``turns`` times."""
        for _ in range(turns):
            self.page.wait_for_selector(MOVES)
            self.click_a_move(rng)

    def play_until(
        self,
        selector: str,
        rng: random.Random,
        seconds: float,
        check: Callable[[dict[str, Any]], None] | None = None,
        avoid: Callable[[int], str] = lambda clicks: "",
    ) -> int:
        """Click offered moves until ``selector`` shows; returns the number of clicks.

        ``check`` is given a ``snapshot`` before every click; ``avoid(clicks)`` is the
        selector of moves to leave alone for now (see ``click_a_move``).
        """
        deadline = time.monotonic() + seconds
        clicks = 0
        while not self.page.locator(selector).count():
            assert time.monotonic() < deadline, f"{selector} did not show within {seconds} s"
            if check is not None:
                check(self.snapshot())
            if self.click_a_move(rng, avoid(clicks)) is None:
                self.page.wait_for_timeout(50)
            else:
                clicks += 1
        return clicks

    def round_scores(self) -> list[int]:
        """The round scores shown by the first round-result dialog."""
        rows = self.page.locator("[data-round-result='1'] tbody tr")
        return [int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(rows.count())]


#: Roles a person operates; each must have an accessible name.
INTERACTIVE_ROLES = {
    "button",
    "link",
    "textbox",
    "combobox",
    "checkbox",
    "spinbutton",
    "radio",
    "switch",
    "menuitem",
    "tab",
    "slider",
    "searchbox",
    "listbox",
}


def unnamed_controls(page: Page) -> list[str]:
    """Interactive elements without an accessible name, as Chromium computes names.

    Chromium's own accessibility tree (through the DevTools protocol) is what a screen
    reader is given, so a name set any way (label, aria-label, content) counts.
    """
    session = page.context.new_cdp_session(page)
    try:
        tree = session.send("Accessibility.getFullAXTree")
    finally:
        session.detach()
    missing = []
    for node in tree["nodes"]:
        role = node.get("role", {}).get("value")
        if node.get("ignored") or role not in INTERACTIVE_ROLES:
            continue
        name = str(node.get("name", {}).get("value", "")).strip()
        if not name:
            missing.append(f"{role} (backend node {node.get('backendDOMNodeId')})")
    return missing


def finished_match(
    server: Server, game: str, options: dict[str, Any], bots: int = 1, **table: Any
) -> str:
    """A table whose first match a random person and ``bots`` heuristic bots played to
    the end (``options``: rules short enough for a test)."""
    seats = ["human", *["heuristic"] * bots]
    code: str = create_table(server, game, seats, options=options, **table)["code"]

    async def scenario() -> None:
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("state")
        await play_randomly(client, game, random.Random(8))
        await client.close()

    # Playwright's sync API runs an event loop in this thread: play in another one.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, scenario()).result()
    return code

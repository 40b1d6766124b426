"""The front door in every engine: Firefox and WebKit (through Selenium) and Chromium on
a touch screen (through Playwright) reach the same screens and run the same checks
(``engines.REACH``, ``visual.CHECK_JS``): no sideways scroll, what a player needs in
the first screen, no overlapping controls, contrast.

Firefox and WebKit are checked at 1280x800 and at a phone's 390x844, in the light and
the dark theme; WebKit's phone is the narrowest window its MiniBrowser allows (about
447x844, said in a failure's message). Chromium runs the phone sizes as a phone does:
a touch screen, tapped, with no hover (the other sizes are test_visual.py's). Each engine
also plays a few moves of each game against a bot, joins a table by a pasted invite
link, and WebKit takes a click near the window's bottom edge (where its overlay
scrollbars once swallowed clicks while a page scrolled sideways).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import cardtable
from cardtable.server.lobby import grouped_code
from tests.server.support import Server, create_table, god_state

from .engines import (
    HOLD_BACK,
    LARGEST,
    OFFERED,
    REACH,
    Driver,
    PlaywrightDriver,
    Screens,
    SeleniumDriver,
    play_moves,
    seated,
    shown_in,
)
from .visual import SCREENS

pytestmark = pytest.mark.slow

DESKTOP = (1280, 800)
PHONE = (390, 844)
SMALL_PHONE = (360, 740)
THEMES = ("light", "dark")
#: The sizes each engine is checked at.
SIZES = {
    "firefox": (DESKTOP, PHONE),
    "webkit": (DESKTOP, PHONE),
    "chromium-touch": (PHONE, SMALL_PHONE),
}
#: The narrowest viewport WebKit's MiniBrowser gives (its toolbar's width).
WEBKIT_NARROWEST = 460
#: A click this close to the window's bottom edge (in CSS pixels) is "near" it.
NEAR_EDGE = 22
WEB = Path(cardtable.__file__).parent / "web"
#: The controls whose middle lies under WebKit's overlay scrollbar on a page taller
#: than the window (within ``edge`` px of the right edge), where a click is lost.
UNDER_SCROLLBAR = """(edge) => {
  if (document.documentElement.scrollHeight <= innerHeight) return [];
  return [...document.querySelectorAll('button, a[href], input, select, summary, [data-action]')]
    .filter((el) => el.checkVisibility() && el.getClientRects().length > 0)
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return innerWidth - (box.left + box.right) / 2 < edge;
    })
    .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label')
      || '').trim().slice(0, 30)}" has its middle under the scrollbar, by the right edge`);
}"""


@pytest.fixture(scope="module")
def touch_phone(browser: Browser) -> Iterator[PlaywrightDriver]:
    """A phone in Chromium: a touch screen, a mobile viewport, tapped."""
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    crashes: list[str] = []
    page.on("pageerror", lambda error: crashes.append(f"{page.url}: {error}"))
    yield PlaywrightDriver(page, touch=True)
    context.close()
    assert crashes == [], "the client raised script errors"


@pytest.fixture(scope="module", params=list(SIZES))
def engine(request: pytest.FixtureRequest) -> Driver:
    """Each engine's driver in turn (the browsers are started once per session)."""
    name = request.param.replace("-", "_")
    driver: Driver = request.getfixturevalue(
        "touch_phone" if name == "chromium_touch" else f"{name}_driver"
    )
    return driver


@pytest.fixture(scope="module")
def screens(engine: Driver, web_server: Server) -> Screens:
    return Screens(engine, web_server)


def assert_checked_at(driver: Driver, asked: tuple[int, int], got: tuple[int, int]) -> None:
    """The viewport is the size asked for (WebKit's phone: the narrowest it allows)."""
    if driver.engine == "webkit" and asked == PHONE:
        assert got[0] <= WEBKIT_NARROWEST and got[1] == PHONE[1], got
    else:
        assert got == asked


CASES = [
    pytest.param(screen, theme, id=f"{screen}-{theme}") for screen in REACH for theme in THEMES
]


@pytest.mark.parametrize(("screen", "theme"), CASES)
def test_a_screen_shows_everything_readable_and_in_reach_in_every_engine(
    screens: Screens, screen: str, theme: str
) -> None:
    """Each size the engine is checked at, in one theme; the message names the size."""
    driver = screens.at(screen)
    problems = []
    for width, height in SIZES[driver.engine]:
        got = shown_in(driver, theme, width, height)
        assert_checked_at(driver, (width, height), got)
        size = "x".join(map(str, got))
        found = driver.check(SCREENS[REACH[screen][1]])
        if driver.engine == "webkit":
            found += driver.evaluate(UNDER_SCROLLBAR, NEAR_EDGE)
        problems += [f"{driver.engine} at {size}: {problem}" for problem in found]
    assert not problems, "\n".join([f"{len(problems)} problems:", *problems])


@pytest.mark.parametrize("game", sorted(LARGEST))
def test_a_few_moves_clicked_and_the_bot_answers_in_every_engine(
    engine: Driver, web_server: Server, game: str
) -> None:
    driver = engine
    driver.resize(*SIZES[driver.engine][0])
    driver.goto(f"{web_server.url}/")
    driver.set_name("Ann")
    seats = ["human", "heuristic"]
    code = create_table(web_server, game, seats, bot_delay=0.05, public=False)["code"]
    seated(driver, web_server, code)
    # Ann clicks moves until the server has three of hers and a bot's move after them
    # (her turn came back to a bot); the page then offers her a move again.
    rng = random.Random(f"{driver.engine}-{game}")
    deadline = time.monotonic() + 90
    while True:
        log = list(god_state(web_server.db, code).log)
        mine = [i for i, (seat, _) in enumerate(log) if seat == 0]
        if len(mine) >= 3 and any(seat == 1 for seat, _ in log[mine[2] :]):
            break
        assert time.monotonic() < deadline, f"no bot move after Ann's third in {log}"
        play_moves(driver, 1, rng, HOLD_BACK)
    driver.wait_for(OFFERED)


def test_a_pasted_invite_link_joins_its_table_in_every_engine(
    engine: Driver, web_server: Server
) -> None:
    driver = engine
    driver.resize(*SIZES[driver.engine][0])
    code = create_table(web_server, "skyjo", ["human", "human"], public=False)["code"]
    link = f"{web_server.url}/table.html?code={grouped_code(code)}"
    driver.goto(f"{web_server.url}/")
    driver.wait_for(".game-card [data-now]")  # the page is ready for a person
    paste(driver, "#join-code", link)
    shown = "(code) => document.getElementById('join-code').value === code"
    driver.wait(shown, grouped_code(code), seconds=5)
    driver.click("#join-form button[type=submit]")
    driver.wait_for("#join-name")
    assert driver.evaluate("() => document.getElementById('code').textContent") == grouped_code(
        code
    )


def paste(driver: Driver, selector: str, text: str) -> None:
    """Paste ``text`` into the field ``selector`` as a person does: copied to the
    clipboard from elsewhere, then Ctrl+V in the field (a tap and the paste menu on a
    touch screen, which Playwright gives as inserted text)."""
    if isinstance(driver, PlaywrightDriver):
        driver.page.locator(selector).focus()
        driver.page.keyboard.insert_text(text)
        return
    assert isinstance(driver, SeleniumDriver)
    web = driver.driver
    web.execute_script(
        """const area = document.createElement('textarea');
           area.id = 'to-copy'; area.value = arguments[0];
           document.body.append(area); area.select();""",
        text,
    )
    web.find_element(By.ID, "to-copy").send_keys(Keys.CONTROL, "c")
    web.execute_script("document.getElementById('to-copy').remove()")
    web.find_element(By.CSS_SELECTOR, selector).send_keys(Keys.CONTROL, "v")


def test_webkit_takes_a_click_near_the_bottom_edge_of_the_window(
    webkit_driver: SeleniumDriver, web_server: Server
) -> None:
    """A game card's Play now, scrolled to just above the bottom edge of a phone-sized
    window, starts a match: the page does not scroll sideways, so no overlay scrollbar
    lies there to swallow the click."""
    driver = webkit_driver
    driver.resize(*PHONE)
    driver.goto(f"{web_server.url}/")
    driver.set_name("Ann")
    driver.wait_for(".game-card [data-now]")
    # The lowest card's Play now (lower on the page than a screen), its upper half in
    # view at the bottom of the window: WebDriver clicks the middle of what is in view.
    seen = driver.evaluate(
        """() => {
          const button = [...document.querySelectorAll('.game-card [data-now]')].at(-1);
          button.id = 'lowest-play-now';
          const box = button.getBoundingClientRect();
          window.scrollTo(0, scrollY + box.bottom - box.height / 2 - innerHeight);
          sessionStorage.removeItem('above-edge');
          addEventListener('pointerdown', (e) => {
            sessionStorage.setItem('above-edge', String(innerHeight - e.clientY));
          }, { capture: true, once: true });
          return innerHeight - button.getBoundingClientRect().top;
        }"""
    )
    assert 10 <= seen <= 2 * NEAR_EDGE, f"{seen} px of Play now in view"
    driver.click("#lowest-play-now")
    driver.wait("() => location.pathname.endsWith('/table.html')", seconds=20)
    above_edge = float(driver.evaluate("() => sessionStorage.getItem('above-edge')"))
    assert 0 < above_edge <= NEAR_EDGE, f"clicked {above_edge} px above the bottom edge"


def test_no_control_depends_on_hover() -> None:
    """A touch screen has no hover: a ``:hover`` rule may dress a control (lift it, raise
    it above its neighbours, underline it) but not show, hide or make it clickable."""
    revealing = re.compile(
        r"\b(display|visibility|opacity|pointer-events|width|height|max-height|max-width"
        r"|overflow|clip|clip-path|content|position)\s*:"
    )
    found = []
    for sheet in sorted(WEB.glob("*.css")):
        css = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.DOTALL)
        for selectors, body in re.findall(r"([^{}]*:hover[^{}]*)\{([^}]*)\}", css):
            if revealing.search(body):
                found.append(f"{sheet.name}: {selectors.strip()} {{{body.strip()}}}")
    assert found == []

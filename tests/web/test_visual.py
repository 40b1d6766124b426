"""Every screen as a person sees it, at six screen sizes, in the light and the dark theme.

Each screen (the landing page, the waiting room, each game's table mid-round at two
seats and at its largest, a match end, the same match end after 11 rounds, a replay)
is reached once, on one page, as ``engines.REACH`` says (the same way in every engine);
the page is then switched between the themes (through the system's preference, which
the theme "Auto" follows) and resized through the six sizes, and ``visual.CHECK_JS``
looks at it each time (no sideways scroll, what a player needs in the first screen, no
overlapping controls, contrast). A test's name says the screen, the size and the theme
of what fails, and its message lists every problem.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.server.support import Server

from .engines import REACH, PlaywrightDriver
from .support import DESKTOP, SIZES, new_page, open_settings
from .visual import SCREENS, Needs, check

pytestmark = pytest.mark.slow

THEMES = ("light", "dark")


class Screens:
    """One page at a time, at the screen the tests are looking at: a screen is reached
    once and the page kept while the tests look at it in every size and theme."""

    def __init__(self, browser: Browser, server: Server) -> None:
        self.browser = browser
        self.server = server
        self.name = ""
        self.page: Page | None = None
        self.cache: dict[str, Any] = {}
        self.crashes: list[str] = []

    def at(self, name: str) -> Page:
        if self.name != name or self.page is None:
            self.close()
            self.page = new_page(self.browser, DESKTOP, self.crashes)
            self.name = name
            REACH[name][0](PlaywrightDriver(self.page), self.server, self.cache)
        return self.page

    def close(self) -> None:
        if self.page is not None:
            self.page.context.close()
            self.page = None


@pytest.fixture(scope="module")
def screens(browser: Browser, web_server: Server) -> Iterator[Screens]:
    shown = Screens(browser, web_server)
    yield shown
    shown.close()
    assert shown.crashes == [], "the client raised script errors"


FINITE_ANIMATIONS_DONE = """() => document.getAnimations().every(
  (a) => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""


def show(page: Page, theme: str, viewport: dict[str, int]) -> None:
    """Switch ``page`` to ``theme`` (the system's preference) and ``viewport``."""
    page.emulate_media(color_scheme=theme)
    page.set_viewport_size(viewport)
    page.wait_for_function("(theme) => document.documentElement.dataset.theme === theme", arg=theme)
    # Let the layout settle (a resize redraws the table) and what moves stop moving
    # (a celebration, a card's flight); what moves for ever (a call to act) stays.
    page.wait_for_timeout(250)
    page.wait_for_function(FINITE_ANIMATIONS_DONE)


def assert_seen_well(page: Page, needs: Needs) -> None:
    problems = check(page, needs)
    assert not problems, "\n".join([f"{len(problems)} problems:", *problems])


CASES = [
    pytest.param(screen, size, theme, id=f"{screen}-{size}-{theme}")
    for screen in REACH
    for theme in THEMES
    for size in SIZES
]


@pytest.mark.parametrize(("screen", "size", "theme"), CASES)
def test_a_screen_shows_everything_readable_and_in_reach(
    screens: Screens, screen: str, size: str, theme: str
) -> None:
    page = screens.at(screen)
    show(page, theme, SIZES[size])
    assert_seen_well(page, SCREENS[REACH[screen][1]])


@pytest.mark.parametrize("chosen", THEMES)
def test_a_theme_chosen_in_the_settings_is_checked_over_the_other_system_theme(
    screens: Screens, chosen: str
) -> None:
    """The switch's choice (kept by the page) wins over the system's preference."""
    page = screens.at("landing")
    other = "dark" if chosen == "light" else "light"
    page.emulate_media(color_scheme=other)
    page.set_viewport_size(SIZES["1280x800"])
    open_settings(page)
    page.select_option("#theme-switch", chosen)
    try:
        shown = "(theme) => document.documentElement.dataset.theme === theme"
        page.wait_for_function(shown, arg=chosen)
        page.click(".prefs-box > summary")  # fold the settings again
        page.wait_for_timeout(250)
        assert_seen_well(page, SCREENS["landing"])
    finally:
        page.evaluate("localStorage.removeItem('cardtable:theme'); window.cardtableApplyTheme()")


#: A page with one of each problem the checks look for, and the same things done right.
FLAWED = """<!doctype html><html><body style="margin:0;background:#fff;color:#111">
<p id="fine">Dark ink on white</p>
<p id="faint" style="color:#bbb">Grey on white</p>
<p style="color:#fff;background:linear-gradient(#000, #eee)">White on a gradient to grey</p>
<p style="color:#777;font-size:24px">Large grey</p>
<button id="flat" style="background:#fafafa;border:1px solid #eee;color:#111">Pale</button>
<button id="a" style="position:absolute;left:10px;top:300px;width:90px">One</button>
<button id="b" style="position:absolute;left:60px;top:300px;width:90px">Two</button>
<div id="wide" style="width:1500px;height:10px"></div>
<button id="low" style="position:absolute;top:2000px">Far down</button>
</body></html>"""


def test_the_checks_find_each_kind_of_problem(browser: Browser) -> None:
    page = new_page(browser, SIZES["1280x800"])
    try:
        page.set_content(FLAWED)
        problems = check(page, Needs(("#fine", "#low", "#missing")))
    finally:
        page.context.close()
    expected = [
        "the page is 1500 px wide in a 1280 px viewport",
        'button#low "Far down" (#low) is not entirely in the first screen',
        "nothing visible matches #missing",
        'button#a "One" (10,300 to 100,321) overlaps button#b "Two"',
        'text "Grey on white" #bbbbbb on #ffffff is 1.92:1 (needs 4.5:1)',
        'text "White on a gradient to grey" #ffffff on #eeeeee',  # the worst stop decides
        'button#flat "Pale": its outline',
    ]
    for words in expected:
        assert [p for p in problems if words in p], f"{words!r} not among {problems}"
    # Large text needs 3:1 only, and nothing else is found.
    assert len(problems) == len(expected), problems

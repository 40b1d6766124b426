"""Every screen as a person sees it, at six screen sizes, in the light and the dark theme.

Each screen (the landing page, the waiting room, each game's table mid-round at two
seats and at its largest, a match end, the same match end after 11 rounds, a replay)
is reached once, on one page; the page is then switched between the themes (through
the system's preference, which the theme "Auto" follows) and resized through the six
sizes, and ``visual.CHECK_JS`` looks at it each time (no sideways scroll, what a player
needs in the first screen, no overlapping controls, contrast). A test's name says the
screen, the size and the theme of what fails, and its message lists every problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

import cardtable
from tests.server.support import Server, short_options

from .screenshots import CLOSE_DIALOGS, mid_round
from .states import walk
from .support import DESKTOP, TablePage, new_page, open_settings, set_name
from .visual import SCREENS, Needs, check

pytestmark = pytest.mark.slow

SIZES = {
    "1280x800": {"width": 1280, "height": 800},
    "1440x900": {"width": 1440, "height": 900},
    "1920x1080": {"width": 1920, "height": 1080},
    "768x1024": {"width": 768, "height": 1024},
    "390x844": {"width": 390, "height": 844},
    "360x740": {"width": 360, "height": 740},
}
THEMES = ("light", "dark")
#: A Last Card match of this many rounds or more at the match end (its table of rounds
#: is as wide as it gets in a match a person plays).
LONG_MATCH_ROUNDS = 11
#: Seconds a bot takes to move at the tables mid-round, and the player's moves
#: before the table is looked at (Skyjo's first two turn up cards).
BOT_DELAY = 0.05
MOVES_IN = 4
#: The time a stand-in waits before it plays an idle person's turn, in seconds.
STAND_IN_SECONDS = 0.2

#: How a page reaches a screen: ``reach(page, server, cache)``, where ``cache`` keeps
#: what several screens share (the finished match's table).
Reach = Callable[[Page, Server, dict[str, Any]], None]


def landing(page: Page, server: Server, cache: dict[str, Any]) -> None:
    """The landing page with its custom table form unfolded (and its presets in view)."""
    page.goto(f"{server.url}/")
    set_name(page, "Ann")
    page.wait_for_selector(".game-card svg")
    page.evaluate("document.getElementById('custom').open = true")
    page.wait_for_selector(".presets [aria-pressed=true]")


def waiting(page: Page, server: Server, cache: dict[str, Any]) -> None:
    """The waiting room of a private table, after Play with friends."""
    landing(page, server, cache)
    page.click(".game-card:first-of-type [data-friends]")
    page.wait_for_selector(".share-box input.code")
    page.wait_for_selector("[data-start]")


def table(game: str, players: int) -> Reach:
    def reach(page: Page, server: Server, cache: dict[str, Any]) -> None:
        mid_round(page, server, game, players, bot_delay=BOT_DELAY, moves=MOVES_IN)

    return reach


def finished_match(page: Page, server: Server, cache: dict[str, Any]) -> None:
    """Ann's Last Card match against a bot, played to its end by her stand-in."""
    seats = ["human", "heuristic"]
    options = short_options("lastcard")
    person = TablePage.seated(
        page, server, "lastcard", seats, options=options, turn_seconds=STAND_IN_SECONDS
    )
    cache["code"] = person.code
    page.wait_for_selector(".match-end", timeout=120_000)
    page.evaluate(CLOSE_DIALOGS)


def long_view() -> dict[str, Any]:
    """The last view of a two-player Last Card match of at least 11 rounds."""
    for seed in range(100):
        *_, last = walk("lastcard", 2, seed, {"target_score": 250})
        view: dict[str, Any] = last.state.view(0)
        if len(view["round_scores"]) >= LONG_MATCH_ROUNDS:
            return view
    raise AssertionError(f"no match of {LONG_MATCH_ROUNDS} rounds")


def long_match_end(page: Page, server: Server, cache: dict[str, Any]) -> None:
    """The match end of the finished table (as a spectator sees it) drawn, by the
    page's own code, for a match of 11 rounds or more (as when such a match ends)."""
    if "code" not in cache:
        finished_match(page, server, cache)
    else:
        TablePage(page, server.url).open(cache["code"], watch=True)
        page.wait_for_selector(".match-end")
    page.evaluate(
        """async (view) => {
          const { matchEnd } = await import('/js/matchend.js');
          const room = document.getElementById('room');
          const rematch = { votes: [], mine: false, seated: false, ask: () => {} };
          room.replaceChildren(matchEnd(view, ['Ann', 'Bot 2'], rematch, null));
        }""",
        long_view(),
    )


def replay(page: Page, server: Server, cache: dict[str, Any]) -> None:
    """The replay of the finished match, a few moves in."""
    if "code" not in cache:
        finished_match(page, server, cache)
    page.goto(f"{server.url}/replay.html?code={cache['code']}&match=1&seat=0")
    page.wait_for_selector("#status:has-text('the deal')")
    for _ in range(4):
        page.click("#step-forward")
    page.wait_for_selector("#position-text:has-text('4 of')")


LARGEST = {spec.name: spec.max_players for spec in cardtable.games()}
#: Each screen: how it is reached, and what kind of screen it is (what it needs).
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
            REACH[name][0](self.page, self.server, self.cache)
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

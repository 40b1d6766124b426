"""The table as a person sees it on the first screen, on every common screen size.

A player's own cards, the moves offered to them (cards, piles, buttons) and the
piles must lie entirely inside the viewport without any scrolling and must not be
covered by anything, on every game, at two seats and at the most a game seats, on
a laptop (1280x800, 1440x900), a large screen (1920x1080), a tablet (768x1024) and
phones (390x844, 360x740), in both themes, and the page must never scroll sideways.
A Cactus round's result shows its cards large enough to read, the note of a wrong
throw leaves the piles free while play goes on, a spectator's table fills the
felt, and Last Card's pending draw note is readable on the felt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

import cardtable
from tests.server.support import Server, create_table

from .states import find, position, render_position
from .support import SIZES, TablePage

pytestmark = pytest.mark.slow

#: The most players each game seats (each rules page): 8 for Skyjo and Cactus, 10 for Last Card.
LARGEST = {spec.name: spec.max_players for spec in cardtable.games()}
SCREENS = SIZES
THEMES = ("dark", "light")
#: The ``open_page`` fixture: a new page at a viewport.
Opener = Callable[..., Page]
#: What a player needs on the first screen: their cards, the piles and every move offered.
NEEDED = (
    "#board .player.mine .card, #board .pile .card, #board .felt > .controls button,"
    " #board [data-action], #board [data-choice], #board [data-toggle]"
)
#: Moves of random play before a position is drawn, per seat (hands and layouts varied).
MOVES_IN = 3

#: The needed elements that are not wholly inside the viewport or are covered at their
#: centre by something else (the page and every scroll area as they first show).
OUT_OF_SIGHT = """(selector) => {
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const problems = [];
  if (document.documentElement.scrollWidth > vw) {
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  }
  for (const node of document.querySelectorAll(selector)) {
    const r = node.getBoundingClientRect();
    const name = `${node.getAttribute('aria-label') ?? node.textContent.trim()}`.slice(0, 40);
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
      const edges = [r.left, r.top, r.right, r.bottom].map(Math.round);
      problems.push(`${name} lies outside ${vw}x${vh}: ${edges}`);
      continue;
    }
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const card = node.closest('.card');
    const seen = top && (node.contains(top) || (card && top.closest('.card') === card));
    if (!seen) problems.push(`${name} is covered by ${top?.tagName} ${top?.className}`);
  }
  return problems;
}"""


#: Resolves after two frames: the page has laid itself out (and refitted) since.
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def resize(page: Page, viewport: ViewportSize) -> None:
    """Give the page a new viewport and wait until it has redrawn and the last move's
    animation has ended."""
    page.set_viewport_size(viewport)
    page.evaluate(FRAMES)
    page.wait_for_timeout(300)


def out_of_sight(page: Page) -> list[str]:
    """What a player needs that they cannot see on the first screen, at every screen size
    and in both themes (the same page, resized)."""
    problems = []
    for theme in THEMES:
        page.evaluate("(theme) => { document.documentElement.dataset.theme = theme; }", theme)
        for name, viewport in SCREENS.items():
            resize(page, viewport)
            found = page.evaluate(OUT_OF_SIGHT, NEEDED)
            problems += [f"{name} {theme}: {problem}" for problem in found]
    return problems


@pytest.mark.parametrize("count", ["two", "largest"])
@pytest.mark.parametrize("game", sorted(LARGEST))
def test_your_cards_and_moves_are_on_the_first_screen(
    web_server: Server, open_page: Opener, game: str, count: str
) -> None:
    """A person's table page at the start of a match, bots waiting, with its side panels."""
    players = 2 if count == "two" else LARGEST[game]
    seats = ["human"] + ["heuristic"] * (players - 1)
    page = open_page(SCREENS["1280x800"])
    TablePage.seated(page, web_server, game, seats, bot_delay=10)
    page.wait_for_selector("#board .player.mine .card")
    assert out_of_sight(page) == []


def acting_position(game: str, players: int, wanted: Any) -> dict[str, Any]:
    """A position some moves into a round where the seat to act is offered moves that
    ``wanted(legal)`` accepts."""
    seen = {"moves": 0}

    def found(step: Any) -> int | None:
        seen["moves"] += 1
        state = step.state
        if seen["moves"] < MOVES_IN * players or state.is_over:
            return None
        for seat in sorted(state.to_act):
            if wanted([a.to_json() for a in state.legal_actions(seat)]):
                return int(seat)
        return None

    step, seat = find(game, players, found)
    return position(step, seat)


def offers(*types: str) -> Any:
    """A test of legal moves: one of them is of one of ``types``."""
    return lambda legal: any(action["type"] in types for action in legal)


#: Moves with controls of their own: the Skyjo discard, Cactus's pass in a quick-discard
#: window and a choice of an opponent's card, Last Card's draw with a long hand.
POSITIONS = {
    "skyjo-discard": ("skyjo", offers("discard")),
    "cactus-pass": ("cactus", offers("pass")),
    "cactus-opponent": ("cactus", offers("peek_opponent", "choose_opponent")),
    "lastcard-draw": ("lastcard", offers("draw")),
}


@pytest.mark.parametrize("count", ["two", "largest"])
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_moves_of_a_turn_are_on_the_first_screen(
    web_server: Server, open_page: Opener, name: str, count: str
) -> None:
    game, wanted = POSITIONS[name]
    players = 2 if count == "two" else LARGEST[game]
    page = open_page(SCREENS["1280x800"])
    render_position(page, web_server.url, game, acting_position(game, players, wanted))
    # The position's own notes (a wrong throw) close: what is checked is the table.
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    assert out_of_sight(page) == []


def with_event(game: str, players: int, kind: str, mine: bool = False) -> dict[str, Any]:
    """A position right after an event of ``kind`` (the viewer's own when ``mine``)."""

    def found(step: Any) -> int | None:
        events = [e for e in step.events if e["type"] == kind]
        if not events or (mine and "seat" not in events[0]):
            return None
        return int(events[0]["seat"]) if mine else 0

    step, seat = find(game, players, found)
    return position(step, seat)


@pytest.mark.parametrize("screen", ["1280x800", "1920x1080", "390x844"])
def test_a_cactus_round_result_shows_cards_large_enough_to_read(
    web_server: Server, open_page: Opener, screen: str
) -> None:
    page = open_page(SCREENS[screen])
    render_position(page, web_server.url, "cactus", with_event("cactus", 8, "round_end"))
    cards = page.locator("dialog[open] .final-layouts .card")
    widths = cards.evaluate_all("nodes => nodes.map((n) => n.getBoundingClientRect().width)")
    assert len(widths) >= 16
    least = 48 if SCREENS[screen]["width"] >= 1024 else 40
    assert min(widths) >= least, f"result cards {min(widths):.0f} px wide"
    # A result longer than the screen opens at its title and scores.
    scores = page.locator("dialog[open] [data-round-result]").bounding_box()
    assert scores is not None and scores["y"] >= 0, "the result opens scrolled past its scores"


def test_the_wrong_throw_note_leaves_the_table_free(web_server: Server, open_page: Opener) -> None:
    """The note stays a few seconds while play goes on: the piles, the player's cards and
    moves stay in sight beside it, on every screen, and the note itself is seen whole."""
    shown = with_event("cactus", 3, "throw", mine=True)
    for name, viewport in SCREENS.items():
        # Drawn afresh at each size: the note closes by itself a few seconds after.
        page = open_page(viewport)
        render_position(page, web_server.url, "cactus", shown)
        page.wait_for_timeout(400)  # the penalty card's flight ends
        assert page.locator("dialog.alert[open]").count() == 1, "the note is not shown"
        note = page.locator("dialog.alert[open]").bounding_box()
        assert note is not None
        assert note["y"] >= 0 and note["y"] + note["height"] <= viewport["height"], name
        assert page.evaluate(OUT_OF_SIGHT, NEEDED) == [], name


def test_a_spectator_sees_the_table_fill_the_felt(web_server: Server, open_page: Opener) -> None:
    """A watched table has a seat at the bottom of the felt, as a played one does."""
    table = create_table(web_server, "skyjo", ["heuristic"] * 4, bot_delay=0.5)
    watcher = TablePage(open_page(SCREENS["1280x800"]), web_server.url)
    watcher.open(table["code"], watch=True)
    watcher.page.wait_for_selector("#board .felt .player")
    for name in ("1280x800", "1920x1080", "390x844"):
        resize(watcher.page, SCREENS[name])
        felt, lowest = watcher.page.evaluate(
            """() => {
              const felt = document.querySelector('#board .felt').getBoundingClientRect();
              const seats = [...document.querySelectorAll('#board .felt .player')];
              return [[felt.top, felt.bottom],
                      Math.max(...seats.map((s) => s.getBoundingClientRect().bottom))];
            }"""
        )
        empty = (felt[1] - lowest) / (felt[1] - felt[0])
        assert empty < 0.15, f"{name}: the bottom {empty:.0%} of the felt is empty"


#: The colour of a text and the colours under it: its first ancestor's (or its own)
#: background colour, and on the way up every colour of a background gradient.
COLORS = """(node) => {
  const colors = [];
  for (let at = node; at; at = at.parentElement) {
    const style = getComputedStyle(at);
    colors.push(...(style.backgroundImage.match(/rgba?\\([^)]*\\)/g) ?? []));
    if (!/rgba\\(.*, 0\\)$|transparent/.test(style.backgroundColor)) {
      colors.push(style.backgroundColor);
      break;
    }
  }
  return [getComputedStyle(node).color, colors];
}"""


def luminance(color: str) -> float:
    """WCAG's relative luminance of a CSS ``rgb()`` colour."""
    channels = [int(c) / 255 for c in color[color.index("(") + 1 : -1].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_pending_draw_note_is_readable_on_the_felt(
    web_server: Server, open_page: Opener
) -> None:
    def found(step: Any) -> int | None:
        state = step.state
        if state.is_over or not state.view(state.current)["pending"]:
            return None
        return int(state.current)

    step, seat = find("lastcard", 3, found)
    page = open_page(SCREENS["1280x800"])
    render_position(page, web_server.url, "lastcard", position(step, seat))
    for theme in THEMES:
        page.evaluate("(theme) => { document.documentElement.dataset.theme = theme; }", theme)
        color, under = page.locator("#board .pending").evaluate(COLORS)
        worst = min(contrast(color, background) for background in under)
        assert worst >= 4.5, f"{theme}: {color} on {under} is {worst:.1f}:1"

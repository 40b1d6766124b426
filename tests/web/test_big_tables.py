"""The largest table of each game, on a 1280x900 screen and a 390x844 phone.

A table of 8 (Skyjo, Cactus) or 10 (Last Card), both as the table page shows it at
the start of a match and drawn by the page's own code on a position the engine
reaches some turns into a round: every seat, the piles and the controls must lie
inside the viewport's width (on the wide screen inside its height too: the whole
table at a glance), every card inside its seat's area, no two of these areas may
overlap, and the page must not scroll sideways.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

import cardtable

from .states import find, position, render_position
from .support import PHONE, TablePage

pytestmark = pytest.mark.slow

#: The most players each game seats (each rules page): 8 for Skyjo and Cactus, 10 for Last Card.
LARGEST = {spec.name: spec.max_players for spec in cardtable.games()}
SCREENS = {"wide": {"width": 1280, "height": 900}, "phone": PHONE}
#: Moves of random play before the position drawn (hands and layouts varied).
MOVES_IN = 4
#: How far (pixels) the tilted card in hand may lean out of its area.
TILT = 4

#: The boxes of the felt's parts: each seat, the piles, the controls, and each seat's cards.
BOXES = """() => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
  };
  const felt = document.querySelector('.felt');
  const parts = [...felt.querySelectorAll('.player, .felt .middle, .felt > .controls')]
    .filter((node) => !node.parentElement.closest('.player'));
  return {
    parts: parts.map((node) => ({
      name: node.getAttribute('aria-label') ?? node.className,
      box: box(node),
      cards: [...node.querySelectorAll('.card')].map(box),
    })),
    seats: felt.querySelectorAll('.player').length,
    page: { w: document.documentElement.scrollWidth },
  };
}"""


def big_position(game: str) -> dict[str, Any]:
    players = LARGEST[game]
    seen = {"moves": 0}

    def found(step: Any) -> int | None:
        seen["moves"] += 1
        if seen["moves"] < MOVES_IN * players or not step.state.to_act:
            return None
        return int(step.state.to_act[0])

    step, seat = find(game, players, found)
    return position(step, seat)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes share more than a sliver (a pixel of rounding)."""
    width = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return width > 1 and height > 1


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1) -> bool:
    """Whether ``inner`` lies within ``outer``, give or take ``slack`` pixels."""
    return (
        inner["x"] >= outer["x"] - slack
        and inner["y"] >= outer["y"] - slack
        and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + slack
        and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + slack
    )


def assert_fits(page: Page, game: str, screen: str) -> None:
    """The felt's parts lie inside the screen, each card in its part, no two overlapping."""
    viewport = SCREENS[screen]
    page.wait_for_timeout(600)  # the last move's animation ends
    found = page.evaluate(BOXES)
    parts = found["parts"]
    assert found["seats"] == LARGEST[game]
    assert found["page"]["w"] <= viewport["width"], "the page scrolls sideways"
    screen_box = {"x": 0, "y": 0, "w": viewport["width"], "h": float("inf")}
    if screen == "wide":
        screen_box["h"] = viewport["height"]
    for part in parts:
        assert inside(part["box"], screen_box), f"{part['name']} is cut off: {part['box']}"
        for card in part["cards"]:
            # The card in hand is tilted a little: its corners may lean a few pixels out.
            assert inside(card, part["box"], TILT), (
                f"a card of {part['name']} sticks out: {card} from {part['box']}"
            )
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            assert not overlap(a["box"], b["box"]), f"{a['name']} overlaps {b['name']}"


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", sorted(LARGEST))
def test_the_largest_table_some_turns_in_fits_the_screen(web_server, open_page, game, screen):
    page = open_page(SCREENS[screen])
    render_position(page, web_server.url, game, big_position(game))
    assert_fits(page, game, screen)


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("game", sorted(LARGEST))
def test_the_table_page_of_the_largest_table_fits_the_screen(web_server, open_page, game, screen):
    """The whole page as a player has it: header, coach's hint, side panels, a full sheet."""
    seats = ["human"] + ["heuristic"] * (LARGEST[game] - 1)
    # The bots wait while the page is measured: no card is in flight.
    person = TablePage.seated(open_page(SCREENS[screen]), web_server, game, seats, bot_delay=5)
    person.page.wait_for_selector("#board .player.mine")
    assert_fits(person.page, game, screen)

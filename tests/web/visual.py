"""What a person sees on a screen, checked inside the page: one check for every driver.

``CHECK_JS`` (visual.js) is a JavaScript function run in the page with the selectors of what a
player needs on the screen (their cards, controls, the piles, the Play buttons...).
It returns the problems it finds, in words, each naming the element, its text and,
for contrast, the colours and the ratio:

- the page scrolls sideways (the document is wider than the viewport);
- something a player needs is missing, or not entirely inside the first screen (the
  viewport with the page scrolled to the top);
- two visible interactive elements overlap (the cards of one fanned hand may, as long
  as each shows a part that takes the click);
- a visible text is below WCAG AA contrast against what lies under it (4.5:1, or 3:1
  for large text: 24 px, or 18.66 px bold); the colour under a text is found by
  compositing, from the canvas up, the backgrounds of every element drawn beneath it
  (a gradient counts as each of its colour stops, the worst one decides; SVG shapes
  count as their fill), and a text that something opaque covers is not visible;
- a button, field or list's outline (its background, else its border) is below 3:1
  against its surroundings, when it is drawn at all (a text-only link button is not).

Card faces are artwork: text and shapes inside an ``svg`` are not checked, but a text
drawn over a card is checked against the card. Disabled controls are exempt (WCAG's
inactive components). The page is scrolled through to check texts below the fold and
scrolled back to the top.

The function takes only what any WebDriver's ``execute_script`` can pass and return
(lists of strings), so that Playwright (``page.evaluate(CHECK_JS, needs.arg())``)
and Selenium (``driver.execute_script("return (" + CHECK_JS + ")(arguments[0])",
needs.arg())``) run the same checks. ``SCREENS`` says what each screen needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Needs:
    """What a player needs in the first screen: ``needed`` selectors must each match a
    visible element; every visible match of these and of ``optional`` (controls that
    come and go, like a game's buttons) must lie entirely in the first screen."""

    needed: tuple[str, ...]
    optional: tuple[str, ...] = ()

    def arg(self) -> dict[str, list[str]]:
        """The argument of ``CHECK_JS``."""
        return {"needed": list(self.needed), "optional": list(self.optional)}


#: What each kind of screen needs in its first screen.
SCREENS: dict[str, Needs] = {
    "landing": Needs((".game-card:first-of-type [data-now]", "#player-name")),
    "waiting": Needs((".share-box input.code", ".share-box button", "[data-start]")),
    "table": Needs(
        ("#board .player.mine .card", "#board .middle"),
        ("#board .controls button", "#board .controls [data-action]"),
    ),
    "match-end": Needs((".match-end ol.ranking", ".match-end [data-lobby]")),
    "replay": Needs(
        (".replay-controls button", "#position", "#board .middle", "#board .player.mine")
    ),
}

#: The checks: a JavaScript function expression (in visual.js, beside this file).
CHECK_JS = (Path(__file__).parent / "visual.js").read_text(encoding="utf-8")


def check(page: Any, needs: Needs) -> list[str]:
    """The problems ``CHECK_JS`` finds on ``page`` (a Playwright page) as it is now."""
    problems: list[str] = page.evaluate(CHECK_JS, needs.arg())
    return problems

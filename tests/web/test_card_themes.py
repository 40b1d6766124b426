"""Card themes: the pixel-art deck, chosen by one person, drawn only in that person's view."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.server.support import create_table

from .states import find, position, render_position
from .support import TablePage, open_settings
from .test_replay import finished_match

pytestmark = pytest.mark.slow

GAMES = ("skyjo", "cactus", "lastcard")

#: Every card picture on the page: its theme, its name and what it is drawn with.
CARDS = """(root) => [...document.querySelectorAll(`${root} svg.card-art`)].map((svg) => ({
  theme: svg.dataset.cardTheme ?? 'classic',
  name: svg.getAttribute('aria-label'),
  cells: svg.querySelectorAll('path').length,
  curves: svg.querySelectorAll('text, circle, ellipse').length,
  crisp: getComputedStyle(svg).shapeRendering,
}))"""


def cards(page: Page, root: str = "#board") -> list[dict[str, Any]]:
    return page.evaluate(CARDS, root)


def slot_names(page: Page) -> list[str | None]:
    """What a screen reader is told about every place on the board."""
    return page.eval_on_selector_all(
        "#board [data-key]", "nodes => nodes.map((n) => n.getAttribute('aria-label'))"
    )


def assert_pixel(drawn: list[dict[str, Any]]) -> None:
    """Every card is drawn in pixel cells: paths only, crisp, none of the classic shapes."""
    assert drawn, "no card drawn"
    for card in drawn:
        assert card["theme"] == "pixel", card
        assert card["cells"] > 0 and card["curves"] == 0, card
        assert card["crisp"] == "crispedges", card


def assert_classic(drawn: list[dict[str, Any]]) -> None:
    assert drawn, "no card drawn"
    assert {card["theme"] for card in drawn} == {"classic"}
    assert any(card["curves"] for card in drawn)


def start_of_round(game: str) -> dict[str, Any]:
    """A four-player position at the first decision of a round, with face-down cards."""
    step, seat = find(game, 4, lambda step: step.state.to_act[0] if step.state.to_act else None)
    return position(step, seat)


def choose_pixel(page: Page) -> None:
    """Pick the pixel deck in the page's settings (the page then draws itself again)."""
    open_settings(page)
    with page.expect_navigation():
        page.select_option("#cards-switch", "pixel")
    page.wait_for_selector("#cards-switch", state="attached")


@pytest.mark.parametrize("game", GAMES)
def test_the_pixel_deck_draws_every_card_and_its_back_and_is_remembered(
    web_server, open_page, game
):
    shown = start_of_round(game)
    page = open_page()
    render_position(page, web_server.url, game, shown)
    classic, classic_names = cards(page), slot_names(page)
    assert_classic(classic)

    choose_pixel(page)
    render_position(page, web_server.url, game, shown)  # a fresh load of the table page
    assert page.input_value("#cards-switch") == "pixel"
    pixel = cards(page)
    assert_pixel(pixel)
    assert any(card["name"] == "face-down card" for card in pixel), "no face-down card drawn"
    # The same cards in the same places, with the same names for screen readers.
    assert [card["name"] for card in pixel] == [card["name"] for card in classic]
    assert slot_names(page) == classic_names

    page.reload()
    render_position(page, web_server.url, game, shown)
    assert_pixel(cards(page))

    other = open_page()  # another person, another browser: the classic deck
    render_position(other, web_server.url, game, shown)
    assert_classic(cards(other))


def test_the_pixel_deck_reaches_the_lobby_the_rules_drawer_a_spectator_and_a_replay(
    web_server, open_page
):
    page = open_page()
    page.goto(f"{web_server.url}/")
    page.wait_for_selector(".game-card svg")
    assert_classic(cards(page, ".game-art"))
    choose_pixel(page)
    page.wait_for_selector(".game-card svg")
    assert_pixel(cards(page, ".game-art"))

    # Watching a table while its player keeps the classic deck.
    code = create_table(web_server, "cactus", ["human", "heuristic"], bot_delay=0.05)["code"]
    player = TablePage(open_page(), web_server.url).open(code)
    player.join("Ann")
    player.start()
    TablePage(page, web_server.url).open(code, watch=True)
    page.wait_for_selector("#who:has-text('watching')")
    page.wait_for_selector("#board svg.card-art")
    assert_pixel(cards(page))
    player.page.wait_for_selector("#board svg.card-art")
    assert_classic(cards(player.page))

    page.click("#rules-button")
    page.wait_for_selector("#rules-drawer[open] svg.card-art")
    assert_pixel(cards(page, "#rules-drawer"))

    replay = finished_match(web_server, "skyjo")
    page.goto(f"{web_server.url}/replay.html?code={replay}&match=1&seat=0")
    page.wait_for_selector("#board svg.card-art")
    assert page.input_value("#cards-switch") == "pixel"
    assert_pixel(cards(page))


DRAW = """async () => {
  const { cardBack } = await import('/js/art/deck.js');
  const { gameModule } = await import('/js/games/index.js');
  const [skyjo, lastcard, cactus] =
    await Promise.all(['skyjo', 'lastcard', 'cactus'].map(gameModule));
  const pick = (svg, attr) => svg.querySelector(`[${attr}]`)?.getAttribute(attr) ?? null;
  const underlined = [];
  for (let v = -2; v <= 12; v++) {
    if (skyjo.cardFace(v).querySelector('[data-underline]')) underlined.push(v);
  }
  return {
    underlined,
    marks: [-2, 0, 3, 7, 11].map((v) => pick(skyjo.cardFace(v), 'data-band-mark')),
    colors: ['R7', 'Y7', 'G7', 'B7']
      .map((name) => pick(lastcard.cardFace(name), 'data-color-mark')),
    themes: [skyjo.cardFace(6), lastcard.cardFace('R7'), cactus.cardFace('Kh'), cardBack()]
      .map((svg) => svg.dataset.cardTheme),
  };
}"""


def test_the_pixel_deck_underlines_6_and_9_and_takes_the_color_blind_marks(open_page, web_server):
    page = open_page()
    page.goto(f"{web_server.url}/")
    choose_pixel(page)
    plain = page.evaluate(DRAW)
    open_settings(page)
    with page.expect_navigation():
        page.check("#colorblind-switch")
    page.wait_for_selector("#colorblind-switch:checked", state="attached")
    safe = page.evaluate(DRAW)
    assert plain["themes"] == safe["themes"] == ["pixel"] * 4
    assert plain["underlined"] == safe["underlined"] == [6, 9]
    assert plain["marks"] == [None] * 5 and plain["colors"] == [None] * 4
    assert len(set(safe["marks"])) == 5 and None not in safe["marks"]
    assert safe["colors"] == ["red", "yellow", "green", "blue"]

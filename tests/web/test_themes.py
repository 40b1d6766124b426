"""Themes: dark and light from the system setting or the switch, and colour-blind cards."""

import pytest
from playwright.sync_api import Browser

from .support import DESKTOP, open_settings

pytestmark = pytest.mark.slow


def page_in(browser: Browser, scheme: str):
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    return context, context.new_page()


def look(page):
    return page.evaluate(
        """() => ({
          theme: document.documentElement.dataset.theme,
          background: getComputedStyle(document.body).backgroundImage,
          ink: getComputedStyle(document.body).color,
        })"""
    )


def test_the_theme_follows_prefers_color_scheme_and_the_switch_overrides_it(browser, web_server):
    looks = {}
    for scheme in ("dark", "light"):
        context, page = page_in(browser, scheme)
        page.goto(f"{web_server.url}/")
        page.wait_for_selector("#theme-switch", state="attached")
        looks[scheme] = look(page)
        context.close()
    assert looks["dark"]["theme"] == "dark" and looks["light"]["theme"] == "light"
    assert looks["dark"]["ink"] == "rgb(243, 241, 232)"  # light ink on the dark page
    assert looks["light"]["ink"] == "rgb(30, 42, 34)"  # dark ink on the light page
    assert looks["dark"]["background"] != looks["light"]["background"]

    context, page = page_in(browser, "dark")
    page.goto(f"{web_server.url}/")
    open_settings(page)
    page.select_option("#theme-switch", "light")
    assert look(page) == looks["light"]
    page.reload()  # the choice is remembered
    assert look(page) == looks["light"]
    page.goto(f"{web_server.url}/table.html?code=NONE")
    assert look(page)["theme"] == "light"
    open_settings(page)
    page.select_option("#theme-switch", "auto")
    assert look(page)["theme"] == "dark"
    context.close()


DRAW = """async () => {
  const skyjo = await import('/js/art/skyjo.js');
  const lastcard = await import('/js/art/lastcard.js');
  const marks = [-2, 0, 3, 7, 11].map((v) =>
    skyjo.skyjoCard(v).querySelector('[data-band-mark]')?.dataset.bandMark ?? null);
  const colors = ['R7', 'Y7', 'G7', 'B7'].map((name) =>
    lastcard.lastCardCard(name).querySelector('[data-color-mark]')?.dataset.colorMark ?? null);
  return { marks, colors, fills: Object.values(lastcard.COLORS).map((c) => c.fill) };
}"""


def test_color_blind_cards_mark_every_skyjo_band_and_last_card_color(browser, web_server):
    context, page = page_in(browser, "dark")
    page.goto(f"{web_server.url}/")
    plain = page.evaluate(DRAW)
    open_settings(page)
    page.check("#colorblind-switch")
    page.wait_for_load_state()
    page.wait_for_selector("#colorblind-switch:checked", state="attached")
    safe = page.evaluate(DRAW)
    context.close()
    assert plain["marks"] == [None] * 5 and plain["colors"] == [None] * 4
    assert len(set(safe["marks"])) == 5 and None not in safe["marks"]
    assert safe["colors"] == ["red", "yellow", "green", "blue"]
    assert safe["fills"] == ["#d55e00", "#f0e442", "#009e73", "#0072b2"]


SAVE = """(saved) => {
  localStorage.clear();
  for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
}"""
STORED = """() => [localStorage.getItem('cardtable:colorblind'),
  localStorage.getItem('cardtable:colourblind')]"""
SAFE_MARKS = ["red", "yellow", "green", "blue"]


@pytest.mark.parametrize(
    ("saved", "expected"),
    [
        ({"cardtable:colourblind": "on"}, "on"),
        # A choice already made under the present key is the newer one.
        ({"cardtable:colourblind": "on", "cardtable:colorblind": "off"}, "off"),
    ],
)
def test_a_color_blind_choice_saved_under_the_former_key_is_kept(
    browser, web_server, saved, expected
):
    """Former versions saved the choice as "cardtable:colourblind": a returning player
    finds the switch and the cards as they left them, under the present key, once."""
    context, page = page_in(browser, "dark")
    page.goto(f"{web_server.url}/")
    page.evaluate(SAVE, saved)
    page.reload()
    open_settings(page)
    page.wait_for_selector("#colorblind-switch", state="attached")
    checked = page.is_checked("#colorblind-switch")
    drawn = page.evaluate(DRAW)
    stored = page.evaluate(STORED)
    context.close()
    assert checked == (expected == "on")
    assert drawn["colors"] == (SAFE_MARKS if expected == "on" else [None] * 4)
    assert stored == [expected, None]

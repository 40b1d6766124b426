"""The table page's connection indicator: what the server measures of the player's own
round trip, on screen, readable in both themes and in the page's language; and the
players' guide saying how races are judged."""

from __future__ import annotations

import re

import pytest

from tests.server.delay_proxy import delayed
from tests.server.support import create_table

from .visual import Needs, check

SHORT = re.compile(r"Connection: (good|fair|poor), (\d+) ms")


def indicator(page, quality: str) -> tuple[str, int, str]:
    """Wait for the indicator to say ``quality``; its words, milliseconds and title."""
    lag = page.locator(f"#lag[data-quality={quality}]")
    lag.wait_for()
    text = lag.inner_text()
    found = SHORT.fullmatch(text)
    assert found is not None, text
    return found[1], int(found[2]), lag.get_attribute("title") or ""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_near_player_sees_a_good_connection_readable_in_the_theme(web_server, open_page, scheme):
    code = create_table(web_server, "cactus", ["human", "greedy"], public=False)["code"]
    page = open_page()
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{web_server.url}/table.html?code={code}")
    word, ms, title = indicator(page, "good")
    assert word == "good" and ms < 100
    assert f"{ms} ms" in title and "150 ms" in title  # what a race makes up
    assert page.evaluate("document.documentElement.dataset.theme") == scheme
    assert check(page, Needs(("#lag",))) == []


def test_a_far_player_sees_its_round_trip_and_a_poor_connection(web_server, open_page):
    """The page loaded through a proxy adding 300 ms of round trip."""
    code = create_table(web_server, "cactus", ["human", "greedy"], public=False)["code"]
    page = open_page()
    with delayed(web_server.port, 0.300) as port:
        page.goto(f"http://127.0.0.1:{port}/table.html?code={code}")
        page.locator("#lag[data-quality=measuring]").wait_for(state="attached")
        word, ms, _ = indicator(page, "poor")
        assert word == "poor" and 300 <= ms < 400, ms
        page.close()


def test_the_indicator_speaks_the_page_language(web_server, open_page):
    code = create_table(web_server, "cactus", ["human", "greedy"], public=False)["code"]
    page = open_page(locale="fr-FR")
    page.goto(f"{web_server.url}/table.html?code={code}")
    lag = page.locator("#lag[data-quality=good]")
    lag.wait_for()
    assert re.fullmatch(r"Connexion : bonne, \d+ ms", lag.inner_text()), lag.inner_text()


@pytest.mark.parametrize(
    ("locale", "title", "words"),
    [
        ("en-US", "Races are fair to every connection", "150 ms"),
        ("fr-FR", "Des courses équitables pour toutes les connexions", "150 ms"),
    ],
)
@pytest.mark.parametrize("game", ["cactus", "lastcard"])
def test_the_guide_says_how_races_are_judged(web_server, open_page, game, locale, title, words):
    page = open_page(locale=locale)
    page.goto(f"{web_server.url}/rules.html?game={game}")
    section = page.locator(".guide-section", has=page.locator(f"h3:text-is('{title}')"))
    section.wait_for()
    text = section.locator("p").inner_text()
    assert words in text and ("round trip" in text or "aller-retour" in text), text

"""Languages in the browser: the browser's language picks the catalogue, the switch in
the page changes every text (the rules drawer and the rules pages too) and is
remembered, and the server's refusals show in the chosen language."""

from __future__ import annotations

import pytest

from tests.server.support import create_table

from .support import TablePage, open_custom, open_settings


@pytest.mark.parametrize(
    ("locale", "language", "play_now"),
    [
        ("fr-FR", "fr", "Jouer maintenant"),
        ("de-AT", "de", "Jetzt spielen"),
        ("es-MX", "es", "Jugar ya"),
        ("en-GB", "en", "Play now"),
        ("it-IT", "en", "Play now"),  # a language the site does not speak: English
    ],
)
def test_the_browsers_language_picks_the_catalogue(
    web_server, open_page, locale, language, play_now
):
    page = open_page(locale=locale)
    page.goto(f"{web_server.url}/")
    page.wait_for_selector(".game-card [data-now]")
    assert page.locator(".game-card[data-game=skyjo] [data-now]").inner_text() == play_now
    assert page.evaluate("document.documentElement.lang") == language
    assert page.input_value("#language-switch") == language


def test_the_lobby_shows_the_full_rules_in_the_pages_language(web_server, open_page):
    page = open_page(locale="de-DE")
    page.goto(f"{web_server.url}/")
    open_custom(page)
    page.click("#game-picker [data-game=cactus]")
    page.click("#rules-box summary")
    page.wait_for_selector("#rules h3:has-text('Eine Runde')")
    assert "Schnellablage" in page.locator("#rules").inner_text()


def test_switching_language_changes_the_table_and_its_rules_drawer_and_is_remembered(
    web_server, open_page
):
    page = open_page(locale="en-GB")
    TablePage.seated(page, web_server, "skyjo", ["human", "random"])
    page.click("#rules-button")
    assert page.locator("#rules-drawer-title").inner_text() == "How to play Skyjo"
    page.click("#rules-close")
    open_settings(page)
    with page.expect_navigation():
        page.select_option("#language-switch", "fr")
    page.wait_for_selector("#who:has-text('vous êtes Ann')")
    assert page.locator("#rules-button").inner_text() == "Règles"
    assert page.locator("#log-title").inner_text() == "Journal"
    # The log of the match so far, sent again on rejoining, is told in French too.
    page.wait_for_selector("#log li:has-text('La manche 1 commence.')")
    page.click("#rules-button")
    drawer = page.locator("#rules-drawer")
    assert page.locator("#rules-drawer-title").inner_text() == "Comment jouer à Skyjo"
    assert "Éliminer une colonne" in drawer.inner_text()
    page.click("#rules-close")
    # Remembered: the lobby of the same browser speaks French, whatever its language.
    page.goto(f"{web_server.url}/")
    page.wait_for_selector(".game-card [data-now]")
    assert page.locator(".game-card[data-game=skyjo] [data-now]").inner_text() == "Jouer maintenant"


def test_a_refusal_of_the_server_shows_in_the_chosen_language(web_server, open_page):
    code = create_table(web_server, "skyjo", ["human", "human"])["code"]
    page = open_page(locale="fr-FR")
    page.goto(f"{web_server.url}/table.html?code={code}")
    # A name of blank letters only (U+3164) passes the form but not the server.
    page.fill("#join-name", "\u3164")
    page.click("#room button[type=submit]")
    page.wait_for_selector("#error:has-text('Choisissez un nom de 1 à 24 caractères')")
    refused = page.evaluate("window.__ct.errors")
    assert [e["error"] for e in refused] == ["bad_name"]
    assert refused[0]["message"].startswith("a name must")  # the API keeps its English


def test_a_refusal_names_the_seat_counted_from_1_in_the_chosen_language(web_server, open_page):
    code = create_table(web_server, "skyjo", ["human", "human"])["code"]
    ann, bob = open_page(locale="de-DE"), open_page(locale="de-DE")
    TablePage(ann, web_server.url).open(code)
    ann.fill("#join-name", "Ann")
    ann.click("#room button[type=submit]")
    ann.wait_for_selector("#who:has-text('du bist Ann')")
    bob.goto(f"{web_server.url}/table.html?code={code}")
    bob.wait_for_selector("#join-name")
    # Bob asks for the seat Ann took (index 0), as a page that had not heard of her would.
    bob.evaluate(
        """(code) => new Promise((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/ws/${code}`);
          const join = { type: "join", name: "Bob", seat: 0, seq: 1 };
          ws.onopen = () => ws.send(JSON.stringify(join));
          ws.onmessage = (event) => {
            if (JSON.parse(event.data).type === "error") resolve(ws.close());
          };
        })""",
        code,
    )
    refused = bob.evaluate("window.__ct.errors.at(-1)")
    assert (refused["error"], refused["params"]) == ("seat_taken", {"seat": 1})
    text = bob.evaluate(
        """async (m) => {
          const { refusalText } = await import("./js/errors.js");
          return refusalText(m.error, m.message, m.params);
        }""",
        refused,
    )
    assert text == "Platz 1 ist schon besetzt."


@pytest.mark.parametrize(
    ("remembered", "shown"),
    [
        ("Guest 284", "Invitado 284"),  # made up by the page in English: said in Spanish
        ("Gast 77", "Invitado 77"),
        ("Guest Star", "Guest Star"),  # a name the person chose stays as typed
        ("Ann", "Ann"),
    ],
)
def test_a_guest_name_is_said_in_the_pages_language(web_server, open_page, remembered, shown):
    page = open_page(locale="es-ES")
    page.goto(f"{web_server.url}/")
    page.evaluate("(name) => localStorage.setItem('cardtable:name', name)", remembered)
    page.reload()
    page.wait_for_selector(".game-card [data-now]")
    assert page.input_value("#player-name") == shown

"""The offline page as a visitor meets it: in their language, with nothing failing to load.

The service worker keeps the offline page and everything it loads (its script, the
translations and their catalogues, the styles) when it installs; a visitor who opened
the site once and then lost the network is shown that page in their language.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage

import cardtable
from cardtable.server.webfiles import manifest
from tests.server.support import Server

pytestmark = pytest.mark.slow


def test_offline_the_page_shown_is_translated_and_logs_no_error(
    browser: Browser, web_server: Server
) -> None:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", console)
    try:
        page.goto(f"{web_server.url}/")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.wait_for_function(
            "async () => (await navigator.serviceWorker.ready).active.state === 'activated'"
        )
        assert errors == [], "the landing page itself logged errors"
        context.set_offline(True)
        page.goto(f"{web_server.url}/table.html?code=ABCD-EFGH-JKMN-PQRS")
        page.wait_for_selector("#offline h2")
        page.wait_for_load_state("load")
        assert page.locator("#offline h2").inner_text() == "Vous êtes hors ligne"
        assert page.locator("#retry").inner_text() == "Réessayer"
        assert page.title() == "cardtable : hors ligne"
        assert errors == []
    finally:
        context.close()


WEB = Path(cardtable.__file__).parent / "web"


def test_the_service_worker_keeps_every_file_the_offline_page_loads() -> None:
    """Each stylesheet, script and icon offline.html names, the modules its script
    imports and theirs (the catalogue of every language), are in the install's list."""
    kept = set(manifest(WEB)["files"])
    page = (WEB / "offline.html").read_text()
    loaded = set(re.findall(r'(?:src|href)="([^"]+\.(?:js|css|svg|json))"', page))
    modules = [name for name in loaded if name.endswith(".js")]
    while modules:
        module = Path(modules.pop())
        source = (WEB / module).read_text()
        for imported in re.findall(r'^import [^"]*"([^"]+)"', source, re.MULTILINE):
            name = (module.parent / imported).as_posix()
            name = str(Path(os.path.normpath(name)))
            if name not in loaded:
                loaded.add(name)
                modules.append(name)
    assert {"js/offline.js", "js/i18n.js", "i18n/es.json"} <= loaded
    assert loaded - kept == set()

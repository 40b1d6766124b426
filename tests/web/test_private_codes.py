"""A private table's code never stays in the browser's cache: the service worker keeps
pages under their address without the query."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.server.support import Server

from .support import DESKTOP

pytestmark = pytest.mark.slow

CODE = "ABCD-EFGH-JKMN-PQRS"


def test_pages_opened_with_a_code_are_cached_without_it(
    browser: Browser, web_server: Server
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        page.goto(f"{web_server.url}/")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        for path in ("table.html", "replay.html"):
            page.goto(f"{web_server.url}/{path}?code={CODE}&match=1")
            page.wait_for_load_state("load")
        page.wait_for_function(
            """async () => {
                const names = await caches.keys();
                const keys = (await Promise.all(
                    names.map(async (name) => (await caches.open(name)).keys())
                )).flat().map((request) => request.url);
                return keys.some((url) => url.endsWith("/table.html"))
                    && keys.some((url) => url.endsWith("/replay.html"));
            }"""
        )
        cached = page.evaluate(
            """async () => {
                const names = await caches.keys();
                const keys = await Promise.all(
                    names.map(async (name) => (await caches.open(name)).keys())
                );
                return keys.flat().map((request) => request.url);
            }"""
        )
    finally:
        context.close()
    assert cached and not [url for url in cached if "code=" in url or CODE in url]

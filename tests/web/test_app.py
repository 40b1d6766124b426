"""The installable app: a valid manifest, a service worker, and the offline page."""

import json

import httpx
import pytest

from tests.server.support import create_table, running_server

from .support import CHROMIUM, DESKTOP, LAUNCH_ARGS

pytestmark = pytest.mark.slow


def test_the_manifest_is_valid_and_chromium_reports_the_page_installable(
    browser, web_server, tmp_path
):
    manifest = httpx.get(f"{web_server.url}/manifest.json", timeout=5).json()
    assert manifest["display"] == "standalone" and manifest["start_url"]
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert httpx.get(f"{web_server.url}/{icon['src']}", timeout=5).status_code == 200

    # A profile on disk: Chromium never offers to install from an incognito context.
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=str(CHROMIUM), args=LAUNCH_ARGS, viewport=DESKTOP
    )
    page = context.new_page()
    page.goto(f"{web_server.url}/")
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == f"{web_server.url}/"
    cdp = context.new_cdp_session(page)
    manifest_seen = cdp.send("Page.getAppManifest")
    assert manifest_seen["errors"] == [], manifest_seen["errors"]
    assert json.loads(manifest_seen["data"])["short_name"] == "cardtable"
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    context.close()
    assert errors == []


def test_with_the_server_gone_a_page_shows_the_offline_page_not_a_broken_table(browser, tmp_path):
    with running_server(tmp_path / "app.db", "--bot-workers", "0") as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(f"{server.url}/table.html?code={code}")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()  # now under the service worker, which caches what the page loads
        page.wait_for_selector("#join-name")
        url = server.url
    page.goto(f"{url}/table.html?code={code}&watch=1")
    assert page.locator("#offline h2").inner_text() == "You are offline"
    assert page.locator("#board").count() == 0
    context.close()

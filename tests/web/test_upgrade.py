"""An upgrade of the web files reaches an open browser whole: never a page of one
version with a module of another, and the older version's cache gone.

The server serves a copy of the client whose landing page and lobby module each carry
a build mark; the test upgrades the copy (both marks) and restarts the server on the
same address, as an operator upgrades a site, with the browser open on it. Each time a
page loads, the init script notes the page's mark and the module's; every load must
show one version, and the page must come to the new one by itself.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser

import cardtable
from cardtable.server.webfiles import manifest
from tests.server import support
from tests.server.support import Server

pytestmark = pytest.mark.slow

WEB = Path(cardtable.__file__).parent / "web"

#: Notes, on every load of the landing page, the marks of the page and of its module.
NOTE_MARKS = """
addEventListener("load", () => {
  const seen = JSON.parse(sessionStorage.getItem("marks") ?? "[]");
  const page = document.querySelector("meta[name=build]")?.content ?? null;
  seen.push([page, globalThis.cardtableBuild ?? null]);
  sessionStorage.setItem("marks", JSON.stringify(seen));
});
"""


def mark(web: Path, build: str) -> None:
    """Mark the landing page and the lobby module of ``web`` as ``build``."""
    index, lobby = WEB / "index.html", WEB / "js" / "lobby.js"
    page = index.read_text().replace("<head>", f'<head><meta name="build" content="{build}">', 1)
    (web / "index.html").write_text(page)
    (web / "js" / "lobby.js").write_text(
        lobby.read_text() + f'\nglobalThis.cardtableBuild = "{build}";\n'
    )


def test_an_upgrade_of_the_web_files_is_picked_up_whole(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB, web)
    mark(web, "v1")
    old = manifest(web)["version"]
    server = Server(tmp_path / "upgrade.db", "--bot-workers", "0", "--web", str(web)).start()
    context = browser.new_context()
    context.add_init_script(NOTE_MARKS)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/")
        page.wait_for_function(
            "async () => (await navigator.serviceWorker.ready).active.state === 'activated'"
        )
        page.reload()  # now under the worker, from its cache
        page.wait_for_function("navigator.serviceWorker.controller !== null")

        port = server.port
        server.stop()
        mark(web, "v2")
        new = manifest(web)["version"]
        assert new != old
        monkeypatch.setattr(support, "free_port", lambda: port)  # the same address
        server.start()

        page.reload()
        page.wait_for_function(
            "JSON.parse(sessionStorage.getItem('marks')).at(-1)[0] === 'v2'", timeout=30_000
        )
        page.wait_for_load_state("load")
        marks = json.loads(page.evaluate("sessionStorage.getItem('marks')"))
        caches = page.evaluate("caches.keys()")
    finally:
        context.close()
        server.stop()
    assert marks[0] == ["v1", "v1"]
    assert marks[-1] == ["v2", "v2"]
    assert all(page_mark == module_mark for page_mark, module_mark in marks), marks
    assert caches == [f"cardtable-{new}"]

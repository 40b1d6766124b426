"""The installable app's icons, drawn from favicon.svg: ``python -m tests.web.app_icons``.

Headless Chromium draws the favicon on the felt's dark green, square and at each
size a web app manifest asks for, into src/cardtable/web/icons/ (the project's own
artwork, under the project's licence).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from .support import launch

WEB = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web"
SIZES = (192, 512)
BACKGROUND = "#133d24"


def main() -> None:
    svg = (WEB / "favicon.svg").read_text()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                f"<body style='margin:0;background:{BACKGROUND}'>"
                f"<div style='width:{size}px;height:{size}px;padding:{size // 10}px;"
                f"box-sizing:border-box'>{svg.replace('<svg ', '<svg width=100% height=100% ')}"
                "</div></body>"
            )
            page.screenshot(path=str(WEB / "icons" / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()

"""A server with quick bots and one headless Chromium, shared by the browser tests; one
Firefox and one WebKit (in its own X display) for the tests in every engine."""

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.server.support import Server, running_server

from .engines import SeleniumDriver, firefox, webkit, xvfb
from .support import DESKTOP, launch, new_page


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "cardtable.db"
    # Turn timers short enough to run out within a test.
    limits = ("--limit", "min_turn_seconds=0.1")
    with running_server(db, "--bot-workers", "0", "--bot-delay", "0.05", *limits) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def firefox_driver() -> Iterator[SeleniumDriver]:
    with firefox() as driver:
        yield driver


@pytest.fixture(scope="session")
def webkit_driver() -> Iterator[SeleniumDriver]:
    with xvfb() as display, webkit(display) as driver:
        yield driver


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Opens pages in fresh browser contexts (separate storage, like separate people).

    A test fails if any of its pages raised an uncaught script error.
    """
    pages: list[Page] = []
    crashes: list[str] = []

    def opener(viewport: dict[str, int] = DESKTOP, locale: str | None = None) -> Page:
        page = new_page(browser, viewport, crashes, locale)
        pages.append(page)
        return page

    yield opener
    for page in pages:
        page.context.close()
    assert crashes == [], "the client raised script errors"

"""The lobby listing, rendered once and served as bytes until it changes.

Every browser on the lobby page polls ``GET /api/tables``, and a script can poll it
without pause; building a page (the status of up to ``page_size`` tables, encoded as
JSON) for each request made the listing the server's largest cost under a flood. A
page is rendered once and its bytes served again until a table is created, changes
or goes (``invalidate``), or ``seconds`` have passed (a table's status also shows who
is connected, which changes without a new table). Each page has an ``ETag`` (a hash
of its bytes), so a client that sends it back in ``If-None-Match`` gets a bodiless
304 while nothing changed; browsers do that by themselves.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from .responses import TableStatus

#: Pages kept at most (one per offset and size asked for); past this, all are dropped.
MAX_PAGES = 64


@dataclass(frozen=True)
class Page:
    """One rendered page: its JSON bytes, their ETag, and when it was rendered."""

    body: bytes
    etag: str
    made: float


class ListingCache:
    """Rendered pages of the listing, by offset and size."""

    def __init__(self, render: Callable[[int, int], list[TableStatus]], seconds: float) -> None:
        self.render = render
        self.seconds = seconds
        self.pages: dict[tuple[int, int], Page] = {}

    def page(self, offset: int, size: int) -> Page:
        now = time.monotonic()
        page = self.pages.get((offset, size))
        if page is None or now - page.made >= self.seconds:
            if len(self.pages) >= MAX_PAGES:
                self.pages.clear()
            tables = self.render(offset, size)
            body = json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode()
            etag = f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"'
            page = self.pages[offset, size] = Page(body, etag, now)
        return page

    def invalidate(self) -> None:
        """Forget every page: the next request renders the listing as it is now."""
        self.pages.clear()


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (weakly compared, RFC 9110)."""
    if not if_none_match:
        return False
    tags = (tag.strip().removeprefix("W/") for tag in if_none_match.split(","))
    return any(tag in ("*", etag) for tag in tags)

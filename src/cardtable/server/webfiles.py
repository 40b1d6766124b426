"""The browser client's files as one version, for the service worker (``web/sw.js``).

The service worker keeps a copy of every file of the client so the site opens at once
and offline. After an upgrade a page must not mix new files with old ones (a new page
with an old module, an old module with a new catalogue), so the copies are kept as one
version: at start the server reads every file under the web directory and names the
version by a hash of their paths and contents, and serves ``/sw.js`` with that
manifest written in (``BUILD``: the version and each file's own SHA-256). A new
version is a new ``sw.js``, which the browser installs beside the old one: it fetches
every file into a cache named after the version, checks each against its hash (a
file from another version, such as one served by a node not yet upgraded during a
rolling upgrade, fails the install, which the browser tries again later), and only
then takes over and deletes the older caches; the pages it served reload under it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

#: The line of ``sw.js`` replaced by the manifest (it stands for none in the file itself).
MARKER = 'const BUILD = { version: "unversioned", files: {} };'
SERVICE_WORKER = "sw.js"


def manifest(web_dir: Path) -> dict[str, object]:
    """The version of the files under ``web_dir`` and each one's SHA-256, by path
    relative to it (hidden files left out, and the service worker, which is no file of
    the cache but whose text counts in the version)."""
    files = {}
    for path in sorted(web_dir.rglob("*")):
        relative = path.relative_to(web_dir)
        hidden = any(part.startswith(".") for part in relative.parts)
        if not path.is_file() or hidden or relative.as_posix() == SERVICE_WORKER:
            continue
        files[relative.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    worker = web_dir / SERVICE_WORKER
    listing = json.dumps(files, sort_keys=True).encode()
    listing += worker.read_bytes() if worker.is_file() else b""  # its own logic too
    return {"version": hashlib.sha256(listing).hexdigest()[:16], "files": files}


def service_worker_text(web_dir: Path) -> str:
    """``sw.js`` with the manifest of ``web_dir`` in place of its ``MARKER`` line."""
    source = (web_dir / SERVICE_WORKER).read_text()
    if MARKER not in source:
        raise ValueError(f"{web_dir / SERVICE_WORKER} has no line {MARKER!r} to replace")
    return source.replace(MARKER, f"const BUILD = {json.dumps(manifest(web_dir))};")


def service_worker(web_dir: Path | None) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of ``/sw.js``, its text made once, now (at start)."""
    if web_dir is None or not (web_dir / SERVICE_WORKER).is_file():
        body = None
    else:
        body = service_worker_text(web_dir)

    async def endpoint(request: Request) -> Response:
        if body is None:
            return PlainTextResponse("Not Found", status_code=404)
        # no-cache: the browser asks again on each visit, so an upgrade is seen at once
        return Response(body, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    return endpoint

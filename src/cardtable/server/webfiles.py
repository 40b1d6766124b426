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

A game in a package of its own brings its browser part as a ``WebPart``
(``cardtable.web_parts``): its files are served at the same addresses as the built-in
games' (``part_files``, ``part_routes``), its texts merged into the catalogues, and all
of it counts in the version like any file of the web directory.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from cardtable.engine.errors import CardtableError
from cardtable.web_parts import WebPart, web_parts

#: The line of ``sw.js`` replaced by the manifest (it stands for none in the file itself).
MARKER = 'const BUILD = { version: "unversioned", files: {} };'
SERVICE_WORKER = "sw.js"
#: The folder of the message catalogues, one ``<language>.json`` each.
CATALOGUES = "i18n"


class WebPartError(CardtableError):
    """A game's web part would replace a file of the client or another game's texts."""


def part_files(web_dir: Path, parts: Mapping[str, WebPart] | None = None) -> dict[str, bytes]:
    """What the games' web parts (by default every declared one) add to ``web_dir``, by
    path relative to it: each part's own files, and each catalogue that a part adds
    texts to, merged (the catalogue's messages and the parts', one JSON object).

    A part may add files and messages, never replace one: a path or a message key that
    already exists is refused, naming the game, so that no game changes another's.
    """
    added: dict[str, bytes] = {}
    texts: dict[str, dict[str, object]] = {}
    for game, part in sorted((web_parts() if parts is None else parts).items()):
        for name, data in sorted(part.files().items()):
            if name.startswith(f"{CATALOGUES}/") and name.endswith(".json"):
                if name not in texts:
                    texts[name] = _catalogue(web_dir, name, game)
                catalogue = texts[name]
                messages = json.loads(data)
                clash = sorted(catalogue.keys() & messages.keys())
                if clash:
                    raise WebPartError(f"the web part of {game} redefines {name}: {clash[0]}")
                catalogue.update(messages)
            elif (web_dir / name).exists() or name in added:
                raise WebPartError(f"the web part of {game} would replace {name}")
            else:
                added[name] = data
    for name, catalogue in texts.items():
        text = json.dumps(dict(sorted(catalogue.items())), ensure_ascii=False, indent=2)
        added[name] = (text + "\n").encode()
    return added


def _catalogue(web_dir: Path, name: str, game: str) -> dict[str, object]:
    """The client's own catalogue ``name``, which a game's texts join."""
    path = web_dir / name
    if not path.is_file():
        raise WebPartError(f"the web part of {game} has texts for {name}, which the client lacks")
    messages: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return messages


def part_routes(added: Mapping[str, bytes]) -> list[Route]:
    """A route serving each file of ``part_files`` at its path under the site, ahead
    of the web directory's files."""

    def serve(data: bytes, media_type: str) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            return Response(data, media_type=media_type, headers={"Cache-Control": "no-cache"})

        return endpoint

    return [
        Route(f"/{name}", serve(data, mimetypes.guess_type(name)[0] or "text/plain"))
        for name, data in sorted(added.items())
    ]


def manifest(web_dir: Path, added: Mapping[str, bytes] | None = None) -> dict[str, object]:
    """The version of the files under ``web_dir`` with those the games' web parts add
    (``added``, from ``part_files``) and each one's SHA-256, by path relative to it
    (hidden files left out, and the service worker, which is no file of the cache but
    whose text counts in the version)."""
    files = {}
    for path in sorted(web_dir.rglob("*")):
        relative = path.relative_to(web_dir)
        hidden = any(part.startswith(".") for part in relative.parts)
        if not path.is_file() or hidden or relative.as_posix() == SERVICE_WORKER:
            continue
        files[relative.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    for name, data in (added or {}).items():
        files[name] = hashlib.sha256(data).hexdigest()
    worker = web_dir / SERVICE_WORKER
    listing = json.dumps(files, sort_keys=True).encode()
    listing += worker.read_bytes() if worker.is_file() else b""  # its own logic too
    return {"version": hashlib.sha256(listing).hexdigest()[:16], "files": files}


def service_worker_text(web_dir: Path, added: Mapping[str, bytes] | None = None) -> str:
    """``sw.js`` with the manifest of ``web_dir`` (and the files ``added`` by the
    games' web parts) in place of its ``MARKER`` line."""
    source = (web_dir / SERVICE_WORKER).read_text()
    if MARKER not in source:
        raise ValueError(f"{web_dir / SERVICE_WORKER} has no line {MARKER!r} to replace")
    return source.replace(MARKER, f"const BUILD = {json.dumps(manifest(web_dir, added))};")


def service_worker(
    web_dir: Path | None, added: Mapping[str, bytes] | None = None
) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of ``/sw.js``, its text made once, now (at start)."""
    if web_dir is None or not (web_dir / SERVICE_WORKER).is_file():
        body = None
    else:
        body = service_worker_text(web_dir, added)

    async def endpoint(request: Request) -> Response:
        if body is None:
            return PlainTextResponse("Not Found", status_code=404)
        # no-cache: the browser asks again on each visit, so an upgrade is seen at once
        return Response(body, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    return endpoint

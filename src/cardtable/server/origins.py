"""Which web pages may use the server: the ``Origin`` check of sockets and writes.

A browser sends ``Origin`` with every WebSocket handshake and cross-site POST, and
lets any page open a socket to any server. Without this check a page on another
site could seat its visitors at tables here, or create tables in their name. The
server's own origin (the scheme and ``Host`` the request came to) is always allowed,
so its own pages work on whatever address it is reached by; ``site_origins`` adds
others (a site that embeds the client). A request without ``Origin`` does not come
from a page (the terminal client, scripts) and is let through.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from . import outbound
from .config import ServerConfig
from .errors import ProtocolError


def check_origin(connection: HTTPConnection, config: ServerConfig) -> None:
    """Raise ``ProtocolError`` (403) if a page of another site sent this request."""
    origin = connection.headers.get("origin")
    if origin is None or origin.rstrip("/") in config.site_origins:
        return
    host = connection.headers.get("host", "")
    parts = urlsplit(origin)
    if parts.netloc.lower() == host.lower() and parts.scheme in ("http", "https"):
        return
    raise ProtocolError("bad_origin", f"pages of {origin[:80]} may not use this server", 403)


class HostCheck:
    """ASGI middleware: answer only requests whose ``Host`` is one of ``allowed``.

    A page of another site can point a name it owns at this server's address (DNS
    rebinding); its requests then carry that name as ``Host``, and since the page and
    the server seem to share an origin, the ``Origin`` check alone would let it in.
    Refusals use the error format of every other refusal (a WebSocket is closed with
    4400 after the error message).
    """

    def __init__(self, app: ASGIApp, allowed: tuple[str, ...]) -> None:
        self.app = app
        self.allowed = {name.lower() for name in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = Headers(scope=scope).get("host", "")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name.lower() not in self.allowed:
                error = ProtocolError("bad_host", f"this server does not answer to {host[:80]!r}")
                if scope["type"] == "http":
                    await JSONResponse(error.to_json(), status_code=400)(scope, receive, send)
                else:
                    await refuse(WebSocket(scope, receive, send), error, 4400)
                return
        await self.app(scope, receive, send)


async def refuse(ws: WebSocket, exc: ProtocolError, code: int) -> None:
    """Accept a WebSocket only to say why it is refused, then close it with ``code``."""
    await ws.accept()
    await ws.send_json(outbound.error(None, exc))
    await ws.close(code, exc.message[:120])

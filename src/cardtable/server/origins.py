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

from starlette.requests import HTTPConnection

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

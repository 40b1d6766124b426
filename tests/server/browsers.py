"""A browser as the player API sees it: one cookie jar of its own and the site's
``Origin`` on every request.

The session cookie is ``Secure``, which httpx's jar (rightly) keeps off plain HTTP;
the test server speaks plain HTTP on loopback, as a browser treats ``localhost``, so
this jar sends the cookie itself.
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any

import httpx

from cardtable.server.players.sessions import COOKIE

from .authenticator import Authenticator
from .support import Server


class Browser:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.origin = server.url
        self.session: str | None = None
        #: The last ``Set-Cookie`` of the session, parsed (its attributes included).
        self.set_cookie: SimpleCookie = SimpleCookie()

    def request(self, method: str, path: str, body: Any = None) -> httpx.Response:
        headers = {"origin": self.origin}
        if self.session is not None:
            headers["cookie"] = f"{COOKIE}={self.session}"
        response = httpx.request(
            method, f"{self.server.url}{path}", json=body, headers=headers, timeout=10
        )
        for header in response.headers.get_list("set-cookie"):
            cookie = SimpleCookie(header)
            if COOKIE in cookie:
                self.set_cookie = cookie
                self.session = cookie[COOKIE].value or None
        return response

    def guest(self, name: str) -> dict[str, Any]:
        response = self.request("POST", "/api/players/me", {"name": name})
        assert response.status_code in (200, 201), response.text
        return dict(response.json())

    def me(self) -> httpx.Response:
        return self.request("GET", "/api/players/me")

    def register(self, device: Authenticator, name: str) -> httpx.Response:
        """Register ``device``'s passkey under ``name`` for this browser's player."""
        options = self.request("POST", "/api/players/passkeys/register/options", {"name": name})
        assert options.status_code == 200, options.text
        ceremony = options.json()
        credential = device.register(ceremony["options"], self.origin)
        body = {"ceremony": ceremony["ceremony"], "credential": credential, "name": name}
        return self.request("POST", "/api/players/passkeys/register", body)

    def sign_in(self, device: Authenticator, **answer: Any) -> httpx.Response:
        options = self.request("POST", "/api/players/passkeys/signin/options", {})
        assert options.status_code == 200, options.text
        ceremony = options.json()
        credential = device.sign_in(ceremony["options"], self.origin, **answer)
        body = {"ceremony": ceremony["ceremony"], "credential": credential}
        return self.request("POST", "/api/players/passkeys/signin", body)

    def ws_headers(self) -> dict[str, str]:
        """What the browser sends with a table's WebSocket handshake."""
        headers = {"origin": self.origin}
        if self.session is not None:
            headers["cookie"] = f"{COOKIE}={self.session}"
        return headers

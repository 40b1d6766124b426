"""The error every refusal of the server carries: a stable code and a readable message.

Clients switch on ``code`` (documented in docs/protocol.md) and show ``message``; the
same pair is the body of an HTTP error and the ``error`` message on a WebSocket. The
English ``message`` is for API users; the browser shows each code's message from its
own catalogue, in the player's language, filled from ``params`` (the values the message
names, such as a seat numbered from 1 or a table code).
"""

from __future__ import annotations

from collections.abc import Mapping

from .responses import ErrorBody


class ProtocolError(Exception):
    def __init__(
        self,
        code: str,
        message: str,
        status: int = 400,
        params: Mapping[str, str | int] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: The HTTP status when the error answers an HTTP request.
        self.status = status
        #: The values a translated message of this code is filled with.
        self.params = dict(params or {})

    def to_json(self) -> ErrorBody:
        body: ErrorBody = {"error": self.code, "message": self.message}
        if self.params:
            body["params"] = self.params
        return body

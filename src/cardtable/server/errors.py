"""The error every refusal of the server carries: a stable code and a readable message.

Clients switch on ``code`` (documented in docs/protocol.md) and show ``message``; the
same pair is the body of an HTTP error and the ``error`` message on a WebSocket.
"""

from __future__ import annotations

from typing import Any


class ProtocolError(Exception):
    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: The HTTP status when the error answers an HTTP request.
        self.status = status

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message}

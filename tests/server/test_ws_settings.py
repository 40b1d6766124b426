"""``--ws-deflate`` and ``--ws-library``: what the WebSocket handshake negotiates, and
the socket limits kept with every library.

A browser offers per-message deflate on every socket; the server takes it only when
``--ws-deflate on`` says so (off by default: docs/research/server_core.md). Whichever
library serves the sockets, a welcome answers a join, a message over
``max_message_bytes`` is answered with an error on a socket that stays open, and one
over ``max_frame_bytes`` closes the socket with 1009, also when it arrives deflated to
a few hundred bytes.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.server.config import WS_LIBRARIES

from .support import Server, create_table, running_server

#: Bigger than the default ``max_frame_bytes`` (64 KiB), and deflated to a few hundred.
HUGE = json.dumps({"type": "chat", "text": " " * 200_000})


async def handshake_and_limits(server: Server) -> tuple[str | None, str, str, int]:
    """The extensions the server agreed to; the type of the answer to a join, the
    error of a message over the size limit, and the close code of one over the frame
    limit."""
    code = create_table(server, "skyjo", ["human", "human"])["code"]
    async with connect(server.ws_url(code)) as ws:
        extensions = ws.response.headers.get("Sec-WebSocket-Extensions")
        await ws.send(json.dumps({"type": "join", "name": "Ann", "seq": 1}))
        while (answer := json.loads(await ws.recv()))["type"] not in ("welcome", "error"):
            pass
        await ws.send(json.dumps({"type": "chat", "text": "x" * 5000, "seq": 2}))
        while (error := json.loads(await ws.recv()))["type"] != "error":
            pass
        await ws.send(HUGE)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd is not None
    return extensions, answer["type"], error["error"], closed.value.rcvd.code


def test_the_default_server_takes_no_deflate_and_keeps_the_limits(tmp_path) -> None:
    with running_server(tmp_path / "default.db", "--bot-workers", "0") as server:
        extensions, answer, error, closed = asyncio.run(handshake_and_limits(server))
    assert extensions is None
    assert (answer, error, closed) == ("welcome", "too_large", 1009)


@pytest.mark.parametrize("library", WS_LIBRARIES)
def test_deflate_on_is_negotiated_by_each_library_with_the_limits_kept(tmp_path, library) -> None:
    options = ("--bot-workers", "0", "--ws-library", library, "--ws-deflate", "on")
    with running_server(tmp_path / f"{library}.db", *options) as server:
        extensions, answer, error, closed = asyncio.run(handshake_and_limits(server))
    assert extensions is not None and extensions.startswith("permessage-deflate")
    assert (answer, error, closed) == ("welcome", "too_large", 1009)


@pytest.mark.parametrize("library", WS_LIBRARIES)
def test_deflate_off_is_not_negotiated_by_any_library(tmp_path, library) -> None:
    options = ("--bot-workers", "0", "--ws-library", library, "--ws-deflate", "off")
    with running_server(tmp_path / f"{library}.db", *options) as server:
        extensions, answer, _, closed = asyncio.run(handshake_and_limits(server))
    assert extensions is None
    assert (answer, closed) == ("welcome", 1009)

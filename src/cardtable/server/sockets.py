"""The WebSocket endpoint ``/ws/{code}``: one connection, one table.

The endpoint checks what does not need the room (size, JSON, schema, rate, sequence
numbers) and answers those errors itself; every valid message goes to the room's
queue. Errors never close the connection: the client may send its next message.
"""

from __future__ import annotations

import asyncio

from starlette.websockets import WebSocket, WebSocketDisconnect

from .connection import Connection
from .errors import ProtocolError
from .lobby import Lobby
from .room import Inbound, Left
from .schema import parse_message


async def table_socket(ws: WebSocket) -> None:
    lobby: Lobby = ws.app.state.lobby
    config = lobby.config
    await ws.accept()
    try:
        room = await lobby.endpoint(ws.path_params["code"])
    except ProtocolError as exc:
        await ws.send_json({"type": "error", "seq": None} | exc.to_json())
        await ws.close(4404, exc.message[:120])
        return
    conn = Connection(ws, config.rate_per_second, config.rate_burst, config.outbox_limit)
    writer = asyncio.create_task(conn.write_loop())
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            seq = None
            try:
                if not conn.limiter.allow():
                    raise ProtocolError(
                        "rate_limited",
                        f"more than {config.rate_per_second:g} messages a second; slow down",
                    )
                message = parse_message(frame.get("text"), config.max_message_bytes)
                seq = message.get("seq")
                conn.check_seq(message)
            except ProtocolError as exc:
                conn.send({"type": "error", "seq": seq} | exc.to_json())
                continue
            room.post(Inbound(conn, message))
    except WebSocketDisconnect:
        pass
    finally:
        room.post(Left(conn))
        writer.cancel()

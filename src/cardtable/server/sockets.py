"""The WebSocket endpoint ``/ws/{code}``: one connection, one table.

The endpoint checks what does not need the room (origin, connections per client,
size, JSON, schema, rate, sequence numbers, the per-client join rate) and answers
those errors itself; every valid message goes to the room's queue. Errors never close
the connection: the client may send its next message.
"""

from __future__ import annotations

import asyncio

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import metrics, outbound
from .connection import Connection, client_address
from .errors import ProtocolError
from .lobby import Lobby
from .origins import check_origin, refuse
from .races import stamp
from .room import Inbound, Left
from .schema import check_message, decode_message, message_seq


async def table_socket(ws: WebSocket) -> None:
    lobby: Lobby = ws.app.state.lobby
    config = lobby.config
    client = client_address(ws)
    try:
        check_origin(ws, config)
        if lobby.sockets[client] >= config.max_sockets_per_client:
            raise ProtocolError(
                "too_many_connections",
                f"at most {config.max_sockets_per_client} connections from one address",
                429,
            )
        room = await lobby.endpoint(ws.path_params["code"], client)
    except ProtocolError as exc:
        await refuse(ws, exc, 4000 + exc.status)
        return
    await ws.accept()
    lobby.sockets[client] += 1
    conn = Connection(ws, config.rate_per_second, config.rate_burst, config.outbox_limit)
    await ws.app.state.players.identify(conn)
    writer = asyncio.create_task(conn.write_loop())
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            seq = None
            try:
                data = decode_message(frame.get("text"), config.max_message_bytes)
                seq = message_seq(data)
                if not conn.limiter.allow():
                    raise ProtocolError(
                        "rate_limited",
                        f"more than {config.rate_per_second:g} messages a second; slow down",
                    )
                message = check_message(data)
                conn.check_seq(message)
                if message["type"] == "join" and not lobby.joins.allow(client):
                    raise ProtocolError(
                        "rate_limited",
                        f"at most {config.joins_per_minute:g} seats a minute from one address",
                    )
            except ProtocolError as exc:
                conn.send(outbound.error(seq, exc))
                continue
            if message["type"] == "pong":  # timed here, not behind the room's queue
                conn.lag.pong(message.get("id"))
                continue
            if message["type"] == "action":
                stamp(message, conn.lag.one_way())
            metrics.arrived(conn.arrivals, message)
            room.post(Inbound(conn, message))
    except WebSocketDisconnect:
        pass
    finally:
        lobby.sockets[client] -= 1
        if lobby.sockets[client] <= 0:
            del lobby.sockets[client]
        room.post(Left(conn))
        conn.lag.stop()
        writer.cancel()

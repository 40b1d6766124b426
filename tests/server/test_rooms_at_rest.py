"""Rooms leave memory: a finished match's room with nobody connected is let go after
``room_idle_seconds`` and read again from the database on demand (a message from a
socket opened before it went reaches the room loaded again); a match every person
left is played to its end by the seats' stand-ins after ``abandoned_match_seconds``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

from starlette.websockets import WebSocket

from cardtable.server.config import ServerConfig
from cardtable.server.connection import Connection
from cardtable.server.lobby import Lobby
from cardtable.server.room import Inbound, Room
from cardtable.server.sqlite_store import SQLiteStore

from .support import (
    TEST_SETTINGS,
    create_table,
    running_server,
    seat_clients,
    short_options,
    wait_for_status,
)

BOTS = {
    "game": "lastcard",
    "seats": ["random", "random"],
    "options": short_options("lastcard"),
    "bot_delay": 0,
}


def with_lobby(tmp_path: Path, test: Callable[[Lobby], Awaitable[None]]) -> None:
    """Run ``test`` with a lobby on a fresh SQLite database, bots in a thread."""
    config = ServerConfig(db=str(tmp_path / "rest.db"), bot_workers=0, room_idle_seconds=0.05)
    store = SQLiteStore(config.db)
    executor = ThreadPoolExecutor(1)

    async def run() -> None:
        lobby = Lobby(store, executor, config)
        try:
            await test(lobby)
        finally:
            lobby.close()

    try:
        asyncio.run(run())
    finally:
        executor.shutdown()
        store.close()


async def finished_room(lobby: Lobby) -> Room:
    room = await lobby.create(dict(BOTS), "127.0.0.9")
    async with asyncio.timeout(30):
        while room.state is None or not room.state.is_over:
            await asyncio.sleep(0.02)
        while not room.at_rest():
            await asyncio.sleep(0.02)
    await asyncio.sleep(0.1)  # past room_idle_seconds
    return room


def spectator() -> Connection:
    return Connection(cast(WebSocket, None), 100.0, 100, 1024, client="127.0.0.8")


def sent(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def test_a_finished_room_at_rest_leaves_memory_and_comes_back_the_same(tmp_path) -> None:
    async def test(lobby: Lobby) -> None:
        room = await finished_room(lobby)
        assert room.state is not None
        actions, finished = len(room.state.log), list(room.finished)
        lobby.let_go_of_rooms_at_rest()
        assert room.code not in lobby.rooms
        assert room.task.cancelled() or room.task.done() or room.let_go_of
        again = await lobby.room(room.code)
        assert again is not room and again.state is not None
        assert again.state.is_over and len(again.state.log) == actions
        assert again.finished == finished
        assert again.status()["status"] == "finished"

    with_lobby(tmp_path, test)


def test_a_message_to_a_room_let_go_reaches_the_room_loaded_again(tmp_path) -> None:
    async def test(lobby: Lobby) -> None:
        room = await finished_room(lobby)
        endpoint = await lobby.endpoint(room.code)  # a socket opened before the room went
        lobby.let_go_of_rooms_at_rest()
        conn = spectator()
        endpoint.post(Inbound(conn, {"type": "spectate", "seq": 1}))
        async with asyncio.timeout(10):
            while conn.outbox.empty():
                await asyncio.sleep(0.02)
        messages = sent(conn)
        assert messages[0]["type"] == "welcome"
        assert messages[0]["table"]["status"] == "finished"
        assert lobby.rooms[room.code] is room.successor
        assert conn in lobby.rooms[room.code].conns

    with_lobby(tmp_path, test)


def test_a_room_with_someone_connected_stays(tmp_path) -> None:
    async def test(lobby: Lobby) -> None:
        room = await finished_room(lobby)
        conn = spectator()
        room.post(Inbound(conn, {"type": "spectate"}))
        async with asyncio.timeout(10):
            while conn not in room.conns:
                await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)
        lobby.let_go_of_rooms_at_rest()
        assert lobby.rooms[room.code] is room

    with_lobby(tmp_path, test)


def test_a_match_everyone_left_is_played_to_its_end_by_the_stand_ins(tmp_path) -> None:
    settings = ("--limit", "abandoned_match_seconds=1")
    with running_server(tmp_path / "abandon.db", *TEST_SETTINGS, *settings) as server:
        options = short_options("lastcard")
        code = create_table(server, "lastcard", ["human", "human"], options=options)["code"]

        async def leave_mid_match() -> None:
            players = await seat_clients(server, code, [0, 1])
            await players[0].send({"type": "start"})
            await players[0].expect("state")
            await asyncio.gather(*(p.close() for p in players))

        asyncio.run(leave_mid_match())
        assert wait_for_status(server, code, lambda s: True)["status"] == "playing"
        status = wait_for_status(server, code, lambda s: s["status"] == "finished")
    assert status["status"] == "finished"
    assert all(seat["autoplay"] for seat in status["seats"])

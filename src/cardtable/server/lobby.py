"""The lobby: creating tables, finding them by code, resuming them after a restart.

A room is loaded the first time its table is asked for (its current match rebuilt by
replaying the stored log); at startup every table with an unfinished match is loaded
at once, so its bots and timers carry on without waiting for a client.
"""

from __future__ import annotations

import secrets
from concurrent.futures import Executor
from typing import Any, Protocol

from cardtable.bots.base import make_bot
from cardtable.engine.errors import CardtableError, PlayerCountError
from cardtable.engine.registry import get_game

from .config import ServerConfig
from .errors import ProtocolError
from .room import Command, Room
from .schema import NUMBER, Schema, check_fields
from .storage import HUMAN, Store, TableRecord, call

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_TURN_SECONDS = 3600.0
MAX_BOT_DELAY = 10.0

TABLE_REQUEST: Schema = {
    "game": ((str,), True),
    "seats": ((list,), True),
    "options": ((dict,), False),
    "public": ((bool,), False),
    "turn_seconds": ((*NUMBER, type(None)), False),
    "bot_delay": (NUMBER, False),
}


def parse_table_request(data: Any, config: ServerConfig) -> TableRecord:
    """A new table (without its code) from a create-table request, or ``ProtocolError``."""
    check_fields(data, TABLE_REQUEST, "the table request")
    try:
        spec = get_game(data["game"])
        seats = data["seats"]
        if not all(isinstance(kind, str) for kind in seats):
            raise ProtocolError("bad_message", "each seat must be 'human' or a bot spec string")
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise PlayerCountError(
                f"{spec.title} is for {spec.min_players} to {spec.max_players} players,"
                f" not {len(seats)}"
            )
        for kind in seats:
            if kind != HUMAN:
                make_bot(kind, spec.name)
        options = spec.options_type.from_dict(data.get("options")).to_dict()
    except CardtableError as exc:
        raise ProtocolError("bad_table", str(exc)) from None
    turn_seconds = data.get("turn_seconds")
    if turn_seconds is not None and not 0 < turn_seconds <= MAX_TURN_SECONDS:
        raise ProtocolError(
            "bad_table", f"turn_seconds must be above 0 and at most {MAX_TURN_SECONDS:g}"
        )
    bot_delay = data.get("bot_delay", config.bot_delay)
    if not 0 <= bot_delay <= MAX_BOT_DELAY:
        raise ProtocolError("bad_table", f"bot_delay must be between 0 and {MAX_BOT_DELAY:g}")
    return TableRecord(
        code="",
        game=spec.name,
        options=options,
        seats=list(seats),
        public=data.get("public", True),
        turn_seconds=turn_seconds,
        bot_delay=bot_delay,
        names=[None] * len(seats),
        token_hashes=[None] * len(seats),
    )


class Endpoint(Protocol):
    """Where a WebSocket's messages go: the table's room, or a relay to its owner."""

    def post(self, command: Command) -> None: ...


class Lobby:
    def __init__(self, store: Store, executor: Executor, config: ServerConfig) -> None:
        self.store = store
        self.executor = executor
        self.config = config
        self.rooms: dict[str, Room] = {}

    async def create(self, request: Any) -> Room:
        table = parse_table_request(request, self.config)
        while True:
            table.code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if await call(self.store, self.store.add_table, table):
                break
        room = Room(table, self.store, self.executor, self.config)
        self.rooms[table.code] = room
        return room

    def room(self, code: str) -> Room:
        """The room of table ``code`` (any case), loaded from the store if need be."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is None:
            table = self.store.table(code)
            if table is None:
                raise ProtocolError("no_table", f"there is no table {code[:12]!r}", 404)
            match = self.store.latest_match(code)
            room = Room(table, self.store, self.executor, self.config, match)
            self.rooms[code] = room
        return room

    async def endpoint(self, code: str) -> Endpoint:
        """Where a WebSocket for table ``code`` sends its messages."""
        return self.room(code)

    async def status(self, code: str) -> dict[str, Any]:
        """The status of table ``code`` as anyone may see it."""
        return self.room(code).status()

    def known(self, code: str) -> str:
        """The code of an existing table (in capitals), or ``ProtocolError`` 404."""
        return self.room(code).code

    def resume(self) -> None:
        for code in self.store.tables_with_running_match():
            self.room(code)

    def open_tables(self) -> list[dict[str, Any]]:
        """Public tables waiting for players that still have a free seat."""
        out = []
        for table in self.store.open_tables():
            status = self.room(table.code).status()
            if status["status"] == "waiting" and any(not s["taken"] for s in status["seats"]):
                out.append(status)
        return out

    def close(self) -> None:
        for room in self.rooms.values():
            room.close()

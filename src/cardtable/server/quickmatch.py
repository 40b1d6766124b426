"""Quick match: meet other people at a public table, with bots for the seats nobody took.

``POST /api/quickmatch`` seats a person at the open public table of the game that has
waited longest for players, or opens a new one with only human seats. Such a table
starts by itself once every seat is taken; if it is not full when its wait (chosen by
whoever opened it, 30 s by default) runs out, bots take the free seats and the match
starts. The wait lives in the server's memory: after a restart the table is an
ordinary waiting table, where any seated person can still fill it with bots.
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import bot_names, default_bot
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import get_game

from .errors import ProtocolError
from .schema import NUMBER, Schema, check_fields
from .storage import HUMAN, TableRecord

DEFAULT_WAIT = 30.0
MIN_WAIT = 1.0
MAX_WAIT = 600.0
#: Seats at a new quick-match table when the request does not say (within the game's range).
DEFAULT_PLAYERS = 4
#: A stranger who stops playing must not hold the table up: a stand-in bot takes over.
TURN_SECONDS = 45.0

QUICK_REQUEST: Schema = {
    "game": ((str,), True),
    "players": ((int,), False),
    "wait_seconds": (NUMBER, False),
}


def parse_quick_request(data: Any) -> tuple[str, int, float]:
    """The game, the seat count of a new table and the wait, or ``ProtocolError``."""
    check_fields(data, QUICK_REQUEST, "the quick match request")
    try:
        spec = get_game(data["game"])
    except CardtableError as exc:
        raise ProtocolError("bad_table", str(exc)) from None
    players = data.get("players", max(spec.min_players, min(DEFAULT_PLAYERS, spec.max_players)))
    if not spec.min_players <= players <= spec.max_players:
        raise ProtocolError(
            "bad_table",
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}",
        )
    wait = data.get("wait_seconds", DEFAULT_WAIT)
    if not MIN_WAIT <= wait <= MAX_WAIT:
        raise ProtocolError(
            "bad_table", f"wait_seconds must be between {MIN_WAIT:g} and {MAX_WAIT:g}"
        )
    return spec.name, players, float(wait)


def table_request(game: str, players: int) -> dict[str, Any]:
    """The create-table request of a new quick-match table: people only, listed."""
    return {"game": game, "seats": [HUMAN] * players, "public": True, "turn_seconds": TURN_SECONDS}


#: The bot that fills a free seat: a middle level where the server has levels.
FILL_BOTS = ("normal",)


def fill_bot(game: str) -> str:
    """The bot for a free seat: ``normal`` when offered, else the game's stand-in bot."""
    return next((b for b in FILL_BOTS if b in bot_names(game)), default_bot(game)[0])


def seats_with_bots(table: TableRecord) -> list[str]:
    """The table's seats with each free human seat given to ``fill_bot``."""
    bot = fill_bot(table.game)
    return [
        bot if kind == HUMAN and name is None else kind
        for kind, name in zip(table.seats, table.names, strict=True)
    ]

"""Tables an operator closes (``cardtable admin close-table``) while a server plays them.

The command writes the table's quarantine row in the database, which every server
process reads when it loads a table. A process that holds the table in memory
learns of it here: every ``POLL_SECONDS`` it looks for quarantine rows of the
tables it holds. It then ends the match there, unfinished: nothing of it is settled,
so no rating moves and no leave is counted (as for a match abandoned with its
table); tells every connection at the table why, as a refused socket is told, and
closes it with that refusal's code (4503; a socket relayed from another process of
a site is closed by that process, as when a table moves); and forgets the room, so
the table is refused from then on (503 ``quarantined``) like any quarantined table.
A process that loads the table again before its restart (another process of a site,
once the owner's lease lapses) closes it the same way at its next poll.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from .. import outbound
from ..errors import ProtocolError
from .database import Database

if TYPE_CHECKING:
    from ..lobby import Lobby
    from ..room import Room

logger = logging.getLogger("cardtable.players")

#: How often a process looks for the tables it holds that an operator closed.
POLL_SECONDS = 2.0
#: The close code of a socket whose table was closed: a refusal's (4000 + 503).
CLOSED_CODE = 4503


#: Codes asked about in one statement (well under SQLite's limit on parameters).
CHUNK = 500


def closed_among(db: Database, codes: list[str]) -> dict[str, str]:
    """The quarantine rows (code -> reason) of the tables ``codes``."""
    closed = {}
    for start in range(0, len(codes), CHUNK):
        chunk = codes[start : start + CHUNK]
        marks = ", ".join("?" for _ in chunk)
        rows = db.rows(f"SELECT code, reason FROM quarantine WHERE code IN ({marks})", *chunk)
        closed.update({str(code): str(reason) for code, reason in rows})
    return closed


async def close_room(lobby: Lobby, room: Room, reason: str) -> None:
    """End ``room``'s table in this process: its connections told and closed, the
    room stopped and forgotten, the table refused from then on."""
    code = room.code
    lobby.quarantined[code] = reason
    lobby.rooms.pop(code, None)
    lobby.listed.pop(code, None)
    lobby.open.pop(code, None)
    lobby.listing.invalidate()
    room.close()
    refusal = ProtocolError("quarantined", f"table {code} is out of service: {reason}", 503)
    told = outbound.error(None, refusal)
    for conn in list(room.conns):
        relayed = getattr(conn, "hang_up", None)
        if relayed is not None:  # a socket on another process of the site: through it
            conn.send(told)
            relayed()
            continue
        with contextlib.suppress(Exception):  # a socket already gone
            await conn.ws.send_json(told)
            await conn.ws.close(CLOSED_CODE, refusal.message[:120])
    logger.warning("table %s closed: %s", code, reason)


async def watch_closures(db: Database, lobby: Lobby) -> None:
    """Close, every ``POLL_SECONDS``, the tables of this process an operator closed."""
    while True:
        await asyncio.sleep(POLL_SECONDS)
        try:
            closed = await db.run(closed_among, db, sorted(lobby.rooms))
        except Exception:  # the database is away: the next poll asks again
            logger.exception("could not read the closed tables")
            continue
        for code, reason in closed.items():
            room = lobby.rooms.get(code)
            if room is not None:
                await close_room(lobby, room, reason)

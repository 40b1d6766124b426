"""The player layer as the server uses it: one object on ``app.state.players``.

It opens the player tables in the server's database, answers which player a
request or a WebSocket is (from the session cookie), and hooks into every room: a
seat taken is linked to its player, a finished match is settled (history, ratings).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from starlette.requests import HTTPConnection

from ..room import IDLE_TURNS
from .accounts import Accounts
from .blocks import Blocks
from .closing import watch_closures
from .database import Database
from .fairplay import FairPlay, leavers
from .friends import Friends
from .passkeys import Passkeys
from .presence import Presence
from .profiles import Profiles
from .queue import LocalQueue, Queue, SharedQueue
from .ratings import Ratings
from .seats import Finished, Seats
from .sessions import Sessions, cookie_value

if TYPE_CHECKING:
    from ..connection import Connection
    from ..lobby import Lobby
    from ..room import Room

logger = logging.getLogger("cardtable.players")

#: Leases between two settlement sweeps on a site (``sweep_forever``).
SWEEP_LEASES = 2


class Players:
    def __init__(self, db_url: str) -> None:
        self.db = Database(db_url)
        self.accounts = Accounts(self.db)
        self.sessions = Sessions(self.db)
        self.passkeys = Passkeys(self.db)
        self.ratings = Ratings(self.db)
        self.fairplay = FairPlay(self.db)
        self.blocks = Blocks(self.db)
        self.seats = Seats(self.db, self._rate)
        self.profiles = Profiles(self.db)
        self.friends = Friends(self.db)
        self.presence = Presence()
        #: The rated quick match's seekers (shared on a site: ``watch``).
        self.queue: Queue = LocalQueue()
        self._tasks: list[asyncio.Task[None]] = []

    def _rate(self, match: Finished) -> bool:
        """Rate a settled match, its players blocked from rated play left out, and
        count its leavers' leaves when it is rated."""
        now = time.time()
        players = set(match.players.values())
        blocked = frozenset(p for p in players if self.fairplay.blocked_until(p, now))
        if not self.ratings.rate(match, blocked):
            return False
        for seat in sorted(match.leavers):
            if seat in match.players:
                self.fairplay.record_leave(match.players[seat], match.code, match.number, now)
        return True

    async def player_of(self, connection: HTTPConnection) -> str | None:
        """The player of the request's or socket's session cookie, if it is live."""
        session = cookie_value(connection)
        if session is None:
            return None
        return await self.db.run(self.sessions.player, session)

    async def apart_of(self, connection: HTTPConnection) -> frozenset[str]:
        """The players kept apart from the request's player by a block (none without
        a session)."""
        player = await self.player_of(connection)
        return frozenset() if player is None else await self.db.run(self.blocks.apart, player)

    async def identify(self, conn: Connection) -> None:
        """Set the socket's player and the players kept apart from them (``blocks``)."""
        conn.player = await self.player_of(conn.ws)
        if conn.player is not None:
            conn.blocked = await self.db.run(self.blocks.apart, conn.player)

    def watch(self, lobby: Lobby) -> None:
        """Hook into ``lobby``: its rooms, the tables an operator closes while this
        process holds them (``closing``), and on a site its shared presence."""
        lobby.on_open = self.attach
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(watch_closures(self.db, lobby)))
        # a site of several processes shares presence and the rated quick match's
        # queue through its Redis
        if lobby.config.redis is not None:
            site: Any = lobby  # a ClusterLobby: its Redis client and site-wide locks
            self.presence.shared = site.aio
            self.queue = SharedQueue(site.aio, site.locks)
            self._tasks.append(loop.create_task(self.presence.publish_forever(lobby)))
            interval = SWEEP_LEASES * lobby.config.lease_seconds
            self._tasks.append(loop.create_task(self.sweep_forever(interval)))

    def attach(self, room: Room) -> None:
        """Hook the player layer into a room of this process."""
        room.on_seated = self._seated
        room.on_finished = self._finished

    async def _seated(self, room: Room, seat: int, conn: Connection) -> None:
        try:
            await self.db.run(self.seats.take, room.code, seat, conn.player)
        except Exception:  # the seat is taken all the same; only its link is lost
            logger.exception("table %s: seat %d not linked to its player", room.code, seat)
        if conn.player is not None:
            await self.presence.seated(room, conn.player)

    async def _finished(self, room: Room) -> None:
        await self.settle(
            room.code, room.number, leavers(room.autoplay, room.idle_turns, IDLE_TURNS)
        )

    async def settle(self, code: str, number: int, leavers: frozenset[int] = frozenset()) -> None:
        try:
            await self.db.run(self.seats.settle, code, number, leavers)
        except Exception:  # settled by a later sweep (a site's, or the next start's)
            logger.exception("table %s: match %d not settled", code, number)

    async def resume(self) -> None:
        """Settle the finished matches whose settlement a restart cut short."""
        for code, number in await self.db.run(self.seats.unsettled):
            await self.settle(code, number)

    async def sweep_forever(self, interval: float) -> None:
        """On a site, settle the finished matches a dead process left unsettled: its
        tables are not taken over once their match is over, and the surviving
        processes do not restart. A match is settled once it is still unsettled at two
        sweeps in a row, so a live owner settles its own (with the leavers only it
        knows); concurrent sweeps settle a match once (``Seats.settle``)."""
        seen: set[tuple[str, int]] = set()
        while True:
            await asyncio.sleep(interval)
            try:
                seen = await self.sweep(seen)
            except Exception:  # the database is away: the next sweep tries again
                logger.exception("the settlement sweep failed")

    async def sweep(self, seen: set[tuple[str, int]]) -> set[tuple[str, int]]:
        """Settle the unsettled matches also in ``seen`` (the previous sweep's);
        returns the unsettled ones, to settle at the next sweep if they still are."""
        unsettled = set(await self.db.run(self.seats.unsettled))
        for code, number in sorted(unsettled & seen):
            await self.settle(code, number)
        return unsettled

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self.db.close()

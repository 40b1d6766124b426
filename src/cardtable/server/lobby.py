"""The lobby: creating tables, finding them by code, resuming them after a restart.

A room is loaded the first time its table is asked for (its current match rebuilt by
replaying the stored log); at startup every table with an unfinished match is loaded
at once, so its bots and timers carry on without waiting for a client. A room whose
match is over leaves memory once nobody has been connected for ``room_idle_seconds``
(and is loaded again on the next request), so memory follows what is in play. Every read of
the store goes through ``call``, so on a store with an ``executor`` a long log is read
while the other rooms go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import secrets
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, Protocol, TypeVar

from cardtable.engine.errors import CardtableError, PlayerCountError
from cardtable.engine.registry import get_game

from .chat import HISTORY
from .config import ServerConfig
from .errors import ProtocolError
from .heap import settle
from .listing import ListingCache, Page
from .quickmatch import parse_quick_request, table_request
from .responses import TableStatus
from .room import Command, Room
from .schema import NUMBER, Schema, check_fields
from .storage import HUMAN, MatchRecord, SavedTable, Store, TableRecord, call, saved_table
from .table_limits import check_bot, check_options
from .throttle import ClientLimiter, SharedPace

logger = logging.getLogger(__name__)

T = TypeVar("T")

#: The letters of table codes: capitals and digits without the look-alikes 0/O and 1/I,
#: 32 of them, so that each letter carries 5 bits.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: A public table's code, short enough to read out (30 bits: it is listed anyway); a
#: private table's code is its only lock, so it is long enough (32**16 = 2**80 codes,
#: 80 bits) that guessing one is hopeless.
CODE_LENGTH = 6
PRIVATE_CODE_LENGTH = 16
#: What may separate a code's groups as a person types or pastes it: ignored on lookup.
CODE_SEPARATORS = str.maketrans("", "", "- \t\n\r\u00a0\u2010\u2011\u2012\u2013\u2014")
#: Unknown codes a client may look up at once (a mistyped code or two, retried).
MISS_BURST = 20
#: Seconds between two sweeps for tables nobody joined.
SWEEP_SECONDS = 30.0
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
                check_bot(kind, spec.name, config)
        options = spec.options_type.from_dict(data.get("options")).to_dict()
        check_options(spec, options, config.option_factor)
    except CardtableError as exc:
        raise ProtocolError("bad_table", str(exc)) from None
    turn_seconds = data.get("turn_seconds")
    shortest = config.min_turn_seconds
    if turn_seconds is not None and not shortest <= turn_seconds <= MAX_TURN_SECONDS:
        raise ProtocolError(
            "bad_table", f"turn_seconds must be between {shortest:g} and {MAX_TURN_SECONDS:g}"
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


def normal_code(text: str) -> str:
    """Table code ``text`` as the store keeps it: capitals, without the dashes and spaces
    that group it for reading (``6r8t-m5jy hjkf-x5u8`` is ``6R8TM5JYHJKFX5U8``)."""
    return text.translate(CODE_SEPARATORS).upper()


def grouped_code(code: str) -> str:
    """Table ``code`` as a person reads it: in groups of four joined by dashes
    (``6R8T-M5JY-HJKF-X5U8``), or in two halves when its length is not a multiple of
    four (a public table's ``ABC-DEF``)."""
    size = 4 if len(code) % 4 == 0 else (len(code) + 1) // 2
    return "-".join(code[i : i + size] for i in range(0, len(code), size))


def open_caps_refusal(total: int, mine: int, config: ServerConfig) -> ProtocolError | None:
    """The refusal of one more open table when ``total`` are open, ``mine`` of them
    the client's; ``None`` while both are under their caps."""
    if total >= config.max_open_tables:
        return ProtocolError(
            "too_many_tables", "the server has as many open tables as it takes; join one", 503
        )
    if mine >= config.max_open_tables_per_client:
        return ProtocolError(
            "too_many_tables",
            f"you have {mine} open tables (waiting for players, or bots playing);"
            " start or leave one first",
            429,
        )
    return None


class Endpoint(Protocol):
    """Where a WebSocket's messages go: the table's room, or a relay to its owner."""

    def post(self, command: Command) -> None: ...


class Lobby:
    """Every table of the server: creation under the limits, lookup by code, the
    listing of open public tables, and the removal of tables nobody joined.

    The listing is an index kept up to date as tables change (``Room.on_change``), in
    creation order; a page of it is the status of that page's tables alone, so listing
    costs the same however many tables exist, and a rendered page is served again
    until the listing changes (``ListingCache``).
    """

    def __init__(self, store: Store, executor: Executor, config: ServerConfig) -> None:
        self.store = store
        self.executor = executor
        self.config = config
        self.rooms: dict[str, Room] = {}
        #: Public tables waiting for players with a free seat, in creation order.
        self.listed: dict[str, Room] = {}
        self.listing = ListingCache(self.open_tables, config.listing_seconds)
        #: Open tables, which the caps count: waiting for their first match, or playing
        #: one with no person seated (bots only). code -> (creator's address, born).
        self.open: dict[str, tuple[str, float]] = {}
        #: Tables whose stored match no longer replays: code -> why.
        self.quarantined: dict[str, str] = {}
        self.creations = ClientLimiter(config.tables_per_minute / 60, config.tables_per_minute)
        self.joins = ClientLimiter(config.joins_per_minute / 60, config.joins_per_minute)
        self.misses = ClientLimiter(config.misses_per_second, MISS_BURST)
        self.hints = ClientLimiter(config.hints_per_minute / 60, config.hints_per_minute)
        self.bots_alone = SharedPace(
            config.bots_alone_moves_per_client, config.bots_alone_moves_per_second
        )
        #: Open WebSocket connections by client address.
        self.sockets: Counter[str] = Counter()
        self._quick_match_locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._sweeper: asyncio.Task[None] | None = None
        #: Called with every room opened here (the player layer hooks into it).
        self.on_open: Callable[[Room], None] = lambda room: None

    async def create(self, request: Any, client: str = "", quick: bool = False) -> Room:
        """A new table, counted as open from before it is stored, so that concurrent
        creations cannot together pass the caps. A ``quick`` match's table is not held to
        the site-wide cap: quick match opens one only when no table of its game waits,
        so these are few, and a site full of others' tables still seats people."""
        table = parse_table_request(request, self.config)
        if not self.creations.allow(client):
            raise ProtocolError(
                "rate_limited",
                f"at most {self.config.tables_per_minute:g} new tables a minute; try again later",
                429,
            )
        length = CODE_LENGTH if table.public else PRIVATE_CODE_LENGTH
        added = False
        while not added:
            table.code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
            if not await self._admit(table.code, client, site_cap=not quick):
                continue
            try:
                added = await call(self.store, self.store.add_table, table)
            finally:
                if not added:
                    self.open.pop(table.code, None)
        room = self._open(SavedTable(table))
        await room.begun.wait()  # a table of bots answers with its match started
        self._changed(room)
        return room

    async def _admit(self, code: str, client: str, site_cap: bool = True) -> bool:
        """Count table ``code`` as an open table of ``client``; ``ProtocolError`` over
        the caps (the client's, and the site's unless not ``site_cap``), False if
        ``code`` is open already (then another code is drawn)."""
        mine = sum(1 for owner, _ in self.open.values() if owner == client)
        total = len(self.open) if site_cap else 0
        refusal = open_caps_refusal(total, mine, self.config)
        if refusal is not None:
            raise refusal
        self.open[code] = (client, time.monotonic())
        return True

    async def room(self, code: str, client: str = "") -> Room:
        """The room of table ``code`` (any case, grouped or not: ``normal_code``),
        loaded from the store if need be.

        Lookups of codes that do not exist are throttled per client, so that private
        codes cannot be found by trying many.
        """
        code = normal_code(code)
        room = self.rooms.get(code)
        if room is not None:
            return room
        try:
            saved = await self._stored(code, client, saved_table, self.store, code, HISTORY)
        except (ValueError, KeyError, TypeError) as exc:  # a stored row not JSON, a gap
            await self._quarantine(code, None, exc)
            raise ProtocolError(
                "quarantined", f"table {code} is out of service: {self.quarantined[code]}", 503
            ) from None
        room = self.rooms.get(code)  # loaded by another request while this one read
        if room is not None:
            return room
        try:
            room = self._open(saved)
        except ProtocolError:
            raise
        except Exception as exc:  # a stored log that no longer replays
            await self._quarantine(code, saved.match, exc)
            raise ProtocolError(
                "quarantined", f"table {code} is out of service: {self.quarantined[code]}", 503
            ) from None
        if room.state is None or HUMAN not in room.table.seats:
            self.open.setdefault(code, ("", time.monotonic()))
        self._changed(room)
        return room

    async def _stored(
        self, code: str, client: str, read: Callable[..., T | None], *args: Any
    ) -> T:
        """What ``read(*args)`` finds of table ``code`` (in capitals), read through
        ``call``; ``ProtocolError`` if the table is quarantined or does not exist (such
        misses throttled per client)."""
        if code in self.quarantined:
            raise ProtocolError(
                "quarantined",
                f"table {code} is out of service: {self.quarantined[code]}",
                503,
            )
        found = None if len(code) > PRIVATE_CODE_LENGTH else await call(self.store, read, *args)
        if found is not None:
            return found
        if not self.misses.allow(client):
            raise ProtocolError("rate_limited", "too many unknown table codes; slow down", 429)
        shown = grouped_code(code[:PRIVATE_CODE_LENGTH])
        raise ProtocolError("no_table", f"there is no table {shown!r}", 404, params={"code": shown})

    async def known(self, code: str, client: str = "") -> str:
        """The code (``normal_code``) of an existing table, for reading its stored
        matches, or the ``ProtocolError`` of ``room``."""
        code = normal_code(code)
        if code not in self.rooms:
            await self._stored(code, client, self.store.table, code)
        return code

    async def endpoint(self, code: str, client: str = "") -> Endpoint:
        """Where a WebSocket for table ``code`` sends its messages."""
        return await self.room(code, client)

    async def status(self, code: str, client: str = "") -> TableStatus:
        """The status of table ``code`` as anyone may see it."""
        return (await self.room(code, client)).status()

    def _open(self, saved: SavedTable) -> Room:
        room = Room(saved, self.store, self.executor, self.config)
        room.on_change = self._changed
        self.on_open(room)
        # A table resumed after a restart has lost its creator: such tables share one.
        creator = self.open.get(saved.table.code, ("", 0.0))[0]
        room.bots_alone_turn = functools.partial(self.bots_alone.wait, creator)
        room.hint_allowed = self.hints.allow
        room.reload = self.room
        self.rooms[saved.table.code] = room
        return room

    async def _quarantine(self, code: str, match: MatchRecord | None, exc: Exception) -> None:
        kind = type(exc).__name__
        if match is None:
            reason = f"its stored data could not be read ({kind})"
        else:
            reason = f"match {match.number} could not be rebuilt from its log ({kind})"
        logger.error("table %s quarantined: %s: %s", code, reason, exc)
        self.quarantined[code] = reason
        await call(self.store, self.store.quarantine, code, reason)

    def _changed(self, room: Room) -> None:
        """Keep the listing and the open tables in step with ``room``."""
        self.listing.invalidate()
        state = room.state
        if state is not None and (state.is_over or HUMAN in room.table.seats):
            self.open.pop(room.code, None)
        if room.table.public and room.state is None and room.free_seats():
            self.listed.setdefault(room.code, room)
        else:
            self.listed.pop(room.code, None)

    async def quick_match(
        self, request: Any, client: str = "", apart: frozenset[str] = frozenset()
    ) -> tuple[TableStatus, bool]:
        """The status of the quick-match table to sit at, and whether it was opened
        for this request; never a table where a player of ``apart`` sits (players
        kept apart from the requester by a block, server/players/blocks.py).

        Finding a waiting table, else opening one, is one turn per game: a request
        sees the table the one before it opened, however close together they came.
        """
        game, players, wait = parse_quick_request(request)
        async with self._quick_match_turn(game):
            waiting = self.waiting_quick_match(game, client, apart)
            if waiting is not None:
                return waiting, False
            room = await self.create(table_request(game, players), client, quick=True)
            room.open_for_quick_match(wait)
            await self._share(room)
            return room.status(), True

    def _quick_match_turn(self, game: str) -> contextlib.AbstractAsyncContextManager[Any]:
        """Held while one quick-match request of ``game`` finds or opens its table."""
        return self._quick_match_locks[game]

    async def _share(self, room: Room) -> None:
        """Make a new quick-match table visible to the next request at once (on one
        process it is, through ``listed``)."""

    def waiting_quick_match(
        self, game: str, client: str = "", apart: frozenset[str] = frozenset()
    ) -> TableStatus | None:
        """The status of the quick-match table of ``game`` that has waited longest for
        one more person, if any; never one where another address holds most seats (a
        stranger would sit down with one player's many hands)."""
        for room in self.listed.values():
            if room.table.game == game and room.waiting_for_quick_match():
                if any(c.player in apart for c in room.conns if c.seat is not None):
                    continue
                held = room.seats_by_address()
                if not any(2 * n > len(room.table.seats) for a, n in held.items() if a != client):
                    return room.status()
        return None

    async def resume(self) -> None:
        """Load every table with an unfinished match, so its bots and timers go on;
        a table whose match no longer replays is quarantined and the rest served."""
        self.quarantined.update(await call(self.store, self.store.quarantined))
        for code in await call(self.store, self.store.tables_with_running_match):
            with contextlib.suppress(ProtocolError):
                await self.room(code)
        for table in await call(self.store, self.store.open_tables):
            with contextlib.suppress(ProtocolError):
                await self.room(table.code)
        settle()  # what start-up made, the resumed rooms included, lives on
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    def open_tables(self, offset: int = 0, limit: int | None = None) -> list[TableStatus]:
        """One page of the public tables waiting for players that have a free seat."""
        page = itertools.islice(self.listed.values(), offset, offset + self._page_size(limit))
        return [room.status() for room in page]

    def listing_page(self, offset: int = 0, limit: int | None = None) -> Page:
        """``open_tables`` as JSON bytes, rendered once per change of the listing."""
        return self.listing.page(offset, self._page_size(limit))

    def _page_size(self, limit: int | None) -> int:
        return self.config.page_size if limit is None else min(limit, self.config.page_size)

    async def _sweep_forever(self) -> None:
        while True:
            config = self.config
            await asyncio.sleep(
                min(
                    SWEEP_SECONDS,
                    config.table_idle_seconds,
                    config.unjoined_table_seconds,
                    config.room_idle_seconds,
                )
            )
            self.let_go_of_rooms_at_rest()
            await self.sweep()

    def let_go_of_rooms_at_rest(self) -> None:
        """Let the rooms of finished matches with nobody connected for
        ``room_idle_seconds`` leave memory: their tables are read again from the
        database on the next request, as at start-up, so the memory of a server does
        not grow with the matches it has served."""
        now = time.monotonic()
        idle = self.config.room_idle_seconds
        for code, room in list(self.rooms.items()):
            since = room.quiet_since
            if since is None or now - since < idle or code in self.open or not room.at_rest():
                continue
            del self.rooms[code]
            self.listed.pop(code, None)
            room.let_go()

    async def sweep(self) -> None:
        """Remove the tables that waited ``table_idle_seconds`` with nobody seated, or
        ``unjoined_table_seconds`` with nobody ever come."""
        now = time.monotonic()
        for code, (_, born) in list(self.open.items()):
            room = self.rooms.get(code)
            if room is None or room.state is not None or not room.abandoned():
                continue
            idle = self.config.table_idle_seconds
            if not room.visited:
                idle = min(idle, self.config.unjoined_table_seconds)
            if now - born < idle:
                continue
            try:
                await call(self.store, self.store.drop_table, code)
            except Exception as exc:  # the database is busy: the next sweep tries again
                logger.error("could not remove idle table %s: %s", code, exc)
                continue
            room.close()
            del self.rooms[code], self.open[code]
            self.listed.pop(code, None)
            self.listing.invalidate()

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.close()

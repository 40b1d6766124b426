"""A table's room: the one owner of its matches.

Everything that changes a table (a client's message, a bot's move, a timer running
out, a client leaving) becomes a command on the room's queue, and the room's task
handles the commands one at a time in arrival order: a command is handled whole
before the next one starts. The database write of an action happens inside its
handler, before the action is acknowledged or shown to anyone; the only awaits in a
handler are such writes (an action waits for the commit of its loop turn's batch,
``group_commit``; other writes where the store has an ``executor``), during which
other tables' rooms go on.

What leaves the room for a seat is built from ``state.view(seat)`` and the events
visible to that seat; spectators get ``view(None)`` and public events. Seat tokens
are sent once, to the connection that took the seat, and kept only as hashes.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from cardtable.bots.base import default_bot
from cardtable.engine.actions import Action
from cardtable.engine.errors import ActionFormatError, CardtableError
from cardtable.engine.events import Event
from cardtable.engine.registry import get_game, make, replay
from cardtable.engine.state import SYSTEM, State, derive_seed, new_seed

from . import outbound
from .bots import bot_pause, compact_state, think
from .chat import Chat
from .coaching import send_hint
from .config import ServerConfig
from .connection import Connection
from .errors import ProtocolError
from .group_commit import commits
from .history import history_for, replay_with_events
from .jsontext import dumps
from .quickmatch import seats_with_bots
from .races import CAP, RaceDue, Races
from .responses import SeatInfo, TableStatus
from .seating import clean_name, new_token, token_hash
from .storage import HUMAN, MatchRecord, SavedTable, Store, call
from .timers import Timeout, Timers

logger = logging.getLogger(__name__)

WINDOW = ("window",)
#: The wait of a quick-match table, after which bots take its free seats.
FILL = ("fill",)


#: Turns in a row a stand-in plays for an idle person for the seat to be freed when
#: the match ends.
IDLE_TURNS = 5
#: The timer of a seat taken before the match: the seat is given up when it runs out
#: (``unstarted_seat_seconds``) and the match has not started.
HOLD = "hold"
#: The timer of a running match with no seated person connected: when it runs out
#: (``abandoned_match_seconds``) the seats' stand-ins play the match to its end.
ABANDON = ("abandon",)


@dataclass(frozen=True)
class Inbound:
    conn: Connection
    message: dict[str, Any]


@dataclass(frozen=True)
class Left:
    conn: Connection


@dataclass(frozen=True)
class BotMove:
    seat: int
    ticket: int
    version: int
    action: dict[str, Any]


@dataclass(frozen=True)
class RetryStorage:
    """Try again the moves that wait on a failed database write (bots, timers)."""


Command = Inbound | Left | BotMove | Timeout | RetryStorage | RaceDue

#: Seconds before the first retry after a failed database write.
STORAGE_RETRY_SECONDS = 0.25
STORAGE_RETRY_MAX_SECONDS = 5.0


class Room:
    def __init__(
        self, saved: SavedTable, store: Store, executor: Executor, config: ServerConfig
    ) -> None:
        table, match = saved.table, saved.match
        self.table = table
        self.title = get_game(table.game).title
        self.store = store
        self.executor = executor
        self.config = config
        self.number = 0 if match is None else match.number
        self.state: State | None = None
        #: Every event of the current match, for the log of a client that joins late.
        self.events: list[Event] = []
        if match is not None:
            self.state, self.events = replay_with_events(match)
        #: Whether the match starts by itself once the last free seat is taken.
        self.start_when_full = False
        self.finished = saved.finished
        self.conns: set[Connection] = set()
        #: When the last connection left (monotonic clock), None while anyone is
        #: connected: a finished table at rest this long leaves memory (``at_rest``).
        self.quiet_since: float | None = time.monotonic()
        #: Set when the lobby has let the room go (``let_go``): a message that still
        #: reaches it is handed to the room loaded again from the database.
        self.let_go_of = False
        self.successor: Room | None = None
        #: Loads the table's room again (the lobby's ``room``), for ``let_go``.
        self.reload: Callable[[str], Awaitable[Room]] | None = None
        self._after_let_go: list[Command] = []
        self._reloading: asyncio.Task[None] | None = None
        #: Whether anyone has ever joined or watched the table (in this process): a table
        #: nobody came to is swept sooner (``unjoined_table_seconds``).
        self.visited = False
        self.chat = Chat(table, store, saved.chat, config.chat_kept)
        self.rematch_votes: set[int] = set()
        #: Human seats whose idle turn a stand-in bot is playing.
        self.autoplay: set[int] = set()
        #: seat -> turns the stand-in has played for it in a row (freed at IDLE_TURNS).
        self.idle_turns: Counter[int] = Counter()
        #: seat -> (ticket, task) of the bot thinking for that seat.
        self.bot_tasks: dict[int, tuple[int, asyncio.Task[None]]] = {}
        self._tickets = itertools.count()
        #: The legal actions' JSON by seat, of the (match, version) in ``_legal_version``.
        self._legal_json: dict[int, list[dict[str, Any]]] = {}
        self._legal_version = (0, -1)
        self.hint_tasks: set[asyncio.Task[None]] = set()
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.timers = Timers(self.queue.put_nowait)
        #: The room's own timers, never shown to clients (the abandoned-match timer).
        self.quiet = Timers(self.queue.put_nowait)
        #: Claims held while a race is open, applied in the order they were sent.
        self.races = Races(self.queue.put_nowait)
        #: Called after a change of the table's status (seats, match started, who is
        #: connected), which the lobby's listing depends on.
        self.on_change: Callable[[Room], None] = lambda room: None
        #: Awaited when a person takes a seat (the player layer links the seat to the
        #: player of the connection's session).
        self.on_seated: Callable[[Room, int, Connection], Awaitable[None]] = (
            lambda room, seat, conn: asyncio.sleep(0)
        )
        #: Awaited once a match's result is stored (the player layer settles it).
        self.on_finished: Callable[[Room], Awaitable[None]] = lambda room: asyncio.sleep(0)
        #: Called with every status sent to the table's connections (spectators and
        #: connections included), which a site of several processes publishes.
        self.on_status: Callable[[Room], None] = lambda room: None
        #: This table's share of the bot pool: decisions that may wait for it at once.
        self.bot_share = asyncio.Semaphore(config.bot_share)
        #: Seconds until a bot of this table may move when bots alone play it: the
        #: lobby shares such moves per creating address and site-wide (none by default).
        self.bots_alone_turn: Callable[[], float] = lambda: 0.0
        #: Whether a client address may have one more hint now (the lobby's share of
        #: hints per address; every hint by default).
        self.hint_allowed: Callable[[str], bool] = lambda client: True
        #: The pending gathered ``table`` message (see ``_status_changed``).
        self._status_due: asyncio.TimerHandle | None = None
        #: Seconds before storage is tried again after a failed write (doubles, up to 5).
        self._backoff = STORAGE_RETRY_SECONDS
        #: Set once the room has taken up its table (see ``_begin``).
        self.begun = asyncio.Event()
        self.task = asyncio.create_task(self._run(match), name=f"room {table.code}")

    @property
    def code(self) -> str:
        return self.table.code

    def post(self, command: Command) -> None:
        if self.successor is not None:
            self.successor.post(command)
        elif self.let_go_of:
            self._after_let_go.append(command)
            if self._reloading is None:
                self._reloading = asyncio.create_task(self._hand_over())
        else:
            self.queue.put_nowait(command)

    def at_rest(self) -> bool:
        """Whether the room holds nothing but a finished match, with nobody connected
        and nothing under way: it can leave memory, its table read again on demand."""
        state = self.state
        return (
            state is not None
            and state.is_over
            and not self.conns
            and not self.bot_tasks
            and not self.hint_tasks
            and self.queue.empty()
            and self._status_due is None
        )

    def let_go(self) -> None:
        """Stop the room, which the lobby no longer keeps; a message that still comes
        (from a socket opened just before) goes to the room loaded again."""
        self.let_go_of = True
        self.close()
        # The match and its events are most of a room's memory: dropped now, they go
        # at once, without waiting for the collector to find the room's own cycles.
        self.state = None
        self.events = []

    async def _hand_over(self) -> None:
        assert self.reload is not None
        try:
            self.successor = await self.reload(self.code)
        except ProtocolError as exc:
            for command in self._after_let_go:
                if isinstance(command, Inbound):
                    seq = command.message.get("seq")
                    command.conn.send(outbound.error(seq, exc))
            return
        for command in self._after_let_go:
            self.successor.post(command)
        self._after_let_go.clear()

    def close(self) -> None:
        self.timers.cancel_all()
        self.quiet.cancel_all()
        self.races.close()
        if self._status_due is not None:
            self._status_due.cancel()
        for _, task in self.bot_tasks.values():
            task.cancel()
        for hint in self.hint_tasks:
            hint.cancel()
        self.task.cancel()

    async def _begin(self, match: MatchRecord | None) -> None:
        """Take up the table: finish a match over but not marked finished (the server
        stopped between the two writes), start a table of bots, or start the bots and
        timers of the match in progress."""
        over = self.state is not None and self.state.is_over
        if match is not None and not match.finished and over:
            await self._finish()
        if self.state is None and HUMAN not in self.table.seats:
            await self._start_match()
        else:
            self._schedule()
            self._watch_abandon()
            for seat in self.human_seats():
                if self.state is None and self.table.names[seat] is not None:
                    self.timers.start(("grace", seat), self.config.seat_grace_seconds)
                    self.timers.start((HOLD, seat), self.config.unstarted_seat_seconds)

    async def _run(self, match: MatchRecord | None) -> None:
        try:
            await self._begin(match)
        except Exception:
            logger.exception("room %s could not take up its table", self.code)
        self.begun.set()
        handlers: dict[type, Callable[[Any], Awaitable[None]]] = {
            Inbound: self._inbound,
            Left: self._left,
            BotMove: self._bot_moved,
            Timeout: self._timeout,
            RetryStorage: self._retry_storage,
            RaceDue: self._race_due,
        }
        while True:
            command = await self.queue.get()
            try:
                await handlers[type(command)](command)
            except Exception:
                logger.exception("room %s failed to handle %r", self.code, command)

    # ------------------------------------------------------------------ status
    def status(self) -> TableStatus:
        """The table as anyone may see it (no tokens)."""
        online = Counter(c.seat for c in self.conns if c.joined)
        seats: list[SeatInfo] = []
        for seat, kind in enumerate(self.table.seats):
            name = self.display_name(seat)
            if kind == HUMAN:
                taken = self.table.names[seat] is not None
                seats.append(
                    {
                        "seat": seat,
                        "name": name,
                        "kind": "human",
                        "taken": taken,
                        "connected": online[seat] > 0,
                        "autoplay": seat in self.autoplay,
                    }
                )
            else:
                seats.append(
                    {
                        "seat": seat,
                        "name": name,
                        "kind": "bot",
                        "bot": kind,
                        "taken": True,
                        "connected": True,
                    }
                )
        phase: Literal["waiting", "playing", "finished"] = "waiting"
        if self.state is not None:
            phase = "finished" if self.state.is_over else "playing"
        return {
            "code": self.code,
            "game": self.table.game,
            "title": self.title,
            "options": self.table.options,
            "players": len(self.table.seats),
            "public": self.table.public,
            "turn_seconds": self.table.turn_seconds,
            "bot_delay": self.table.bot_delay,
            "seats": seats,
            "status": phase,
            "match": self.number or None,
            "finished_matches": self.finished,
            "spectators": online[None],
            "rematch_votes": sorted(self.rematch_votes),
            "hints": self.practice,
            "spectator_chat": self.chat.spectators_may_chat,
            "quick_match": self.start_when_full,
            "bots_join_in_ms": next(
                (t["ms"] for t in self.timers.describe() if t["kind"] == FILL[0]), None
            ),
        }

    @property
    def practice(self) -> bool:
        """A practice table: one person against bots, where the coach gives hints."""
        return self.table.seats.count(HUMAN) == 1

    def display_name(self, seat: int) -> str | None:
        kind = self.table.seats[seat]
        return self.table.names[seat] if kind == HUMAN else f"Bot ({kind})"

    def abandoned(self) -> bool:
        """Whether nobody sits at the table (no person seated, no one connected)."""
        no_one = all(self.table.names[s] is None for s in self.human_seats())
        return no_one and not self.conns

    def free_seats(self) -> list[int]:
        return [
            s
            for s, kind in enumerate(self.table.seats)
            if kind == HUMAN and self.table.names[s] is None
        ]

    def waiting_for_quick_match(self) -> bool:
        """A quick-match table before its match, with a seat for one more person."""
        return self.start_when_full and self.state is None and bool(self.free_seats())

    def seats_by_address(self) -> Counter[str]:
        """How many seats each client address holds through a connection now."""
        seats = {(c.client, c.seat) for c in self.conns if c.joined and c.seat is not None}
        return Counter(address for address, _ in seats)

    def open_for_quick_match(self, wait: float) -> None:
        """Start by itself when full; after ``wait`` seconds, bots take the free seats."""
        self.start_when_full = True
        self.timers.start(FILL, wait)

    def human_seats(self) -> list[int]:
        return [s for s, kind in enumerate(self.table.seats) if kind == HUMAN]

    # ------------------------------------------------------------------ messages out
    def _broadcast(self, message: outbound.Outbound) -> None:
        text = dumps(message)
        for conn in self.conns:
            if conn.joined:
                conn.send_text(text)

    def _broadcast_table(self) -> None:
        if self._status_due is not None:
            self._status_due.cancel()
            self._status_due = None
        self.on_status(self)
        text = self._table_text(self.status())
        for conn in self.conns:
            if conn.joined and conn.last_table != text:
                conn.last_table = text
                conn.send_text(text)

    @staticmethod
    def _table_text(status: TableStatus) -> str:
        return dumps(outbound.table(status))

    def _status_changed(self) -> None:
        """Tell everyone of a join or leave within ``status_seconds``: joins and leaves
        in that time share one ``table`` message, so a crowd coming and going costs one
        message per connection per period rather than one per arrival."""
        if self._status_due is None:
            loop = asyncio.get_running_loop()
            self._status_due = loop.call_later(self.config.status_seconds, self._broadcast_table)

    def _state_message(
        self,
        seat: int | None,
        events: list[tuple[Event, dict[str, Any]]],
        timers: list[dict[str, Any]] | None = None,
        history: list[dict[str, Any]] | None = None,
    ) -> outbound.State:
        """The ``state`` message for ``seat``, of ``events`` (each with its JSON, built
        once for every seat); ``timers`` as described once for every seat."""
        state = self.state
        assert state is not None
        return outbound.state(
            self.number,
            len(state.log),
            state.view(seat),
            [data for event, data in events if event.visible_to(seat)],
            self._legal(seat),
            self.timers.describe() if timers is None else timers,
            history,
        )

    def _legal(self, seat: int | None) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` as JSON, built once per seat and version (a
        welcome and the broadcast of the same version share them)."""
        state = self.state
        assert state is not None
        if seat is None:
            return []
        version = (self.number, len(state.log))
        if self._legal_version != version:
            self._legal_version = version
            self._legal_json.clear()
        legal = self._legal_json.get(seat)
        if legal is None:
            legal = self._legal_json[seat] = [a.to_json() for a in state.legal_actions(seat)]
        return legal

    def _broadcast_state(self, events: list[Event]) -> None:
        """Send each connection the state of its seat: one text per seat (spectators
        share theirs), the events' JSON and the timers built once for all."""
        texts: dict[int | None, str] = {}
        shown = [(event, event.to_json()) for event in events]
        timers = self.timers.describe()
        for conn in self.conns:
            if not conn.joined:
                continue
            if conn.seat not in texts:
                message = self._state_message(conn.seat, shown, timers)
                texts[conn.seat] = dumps(message)
            conn.send_text(texts[conn.seat])

    def _welcome(self, conn: Connection, token: str | None = None) -> None:
        conn.joined = True
        self.conns.add(conn)
        self.visited = True
        self.quiet_since = None
        if conn.seat is not None:
            self.quiet.cancel(ABANDON)
        welcome = outbound.welcome(conn.seat, self.status(), token)
        conn.last_table = self._table_text(welcome["table"])
        conn.send(welcome)
        if self.state is not None:
            history = history_for(self.events, conn.seat)
            conn.send(self._state_message(conn.seat, [], history=history))
        conn.send(self.chat.history_for(conn))
        if conn.seat is not None:
            self.timers.cancel(("grace", conn.seat))
        self._status_changed()

    # ------------------------------------------------------------------ commands
    async def _inbound(self, command: Inbound) -> None:
        conn, message = command.conn, command.message
        handlers: dict[str, Callable[[Connection, dict[str, Any]], Awaitable[None]]] = {
            "join": self._join,
            "rejoin": self._rejoin,
            "spectate": self._spectate,
            "start": self._start,
            "action": self._action,
            "rematch": self._rematch,
            "hint": self._hint,
            "fill": self._fill,
            "back": self._back,
            "chat": self._chat,
            "emote": self._emote,
            "mute": self._mute,
            "spectator_chat": self._spectator_chat,
        }
        try:
            await handlers[message["type"]](conn, message)
        except ProtocolError as exc:
            conn.send(outbound.error(message.get("seq"), exc))
        except Exception as exc:  # the database refused a write, or a defect
            logger.error("room %s could not handle %s: %r", self.code, message["type"], exc)
            failure = ProtocolError("server_error", "the server could not handle this message")
            conn.send(outbound.error(message.get("seq"), failure))

    async def _left(self, command: Left) -> None:
        conn = command.conn
        if conn in self.conns:
            self.conns.discard(conn)
            self.chat.left(conn)
            seat = conn.seat
            if seat is not None and self.state is None and not self._online(seat):
                self.timers.start(("grace", seat), self.config.seat_grace_seconds)
            if not self.conns:
                self.quiet_since = time.monotonic()
            self._watch_abandon()
            self._status_changed()

    def _watch_abandon(self) -> None:
        """Start the abandoned-match timer when a running match with people's seats
        has no seated person connected (none of them may ever come back)."""
        state = self.state
        running = state is not None and not state.is_over and HUMAN in self.table.seats
        seated = any(c.seat is not None for c in self.conns)
        if running and not seated and not self.quiet.running(ABANDON):
            self.quiet.start(ABANDON, self.config.abandoned_match_seconds)

    async def _abandoned(self) -> None:
        """Nobody seated came back within ``abandoned_match_seconds``: the seats'
        stand-ins play the match to its end (a person who comes back takes the seat
        back by acting, or with ``back``)."""
        state = self.state
        if state is None or state.is_over or any(c.seat is not None for c in self.conns):
            return
        self.autoplay.update(self.human_seats())
        self._schedule()
        self._broadcast_table()

    def _online(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    async def _free_seat(self, seat: int) -> None:
        """Give back a seat taken before the match whose holder stayed away too long."""
        if self.state is not None or self._online(seat) or self.table.names[seat] is None:
            return
        try:
            await call(self.store, self.store.free_seat, self.code, seat)
        except Exception as exc:  # the database is busy: wait another grace period
            logger.error("room %s could not free seat %d: %s", self.code, seat, exc)
            self.timers.start(("grace", seat), self.config.seat_grace_seconds)
            return
        self.table.names[seat] = None
        self.table.token_hashes[seat] = None
        self.chat.seat_freed(seat)
        self.on_change(self)
        self._broadcast_table()

    async def _free_idle_seat(self, seat: int) -> None:
        """Free, at the end of the match, a seat whose person sat through its last
        ``IDLE_TURNS`` turns or more without acting (the stand-in played them): its
        connections watch on as spectators and anyone may take the seat for the next
        match. Until the match ends the person may still take it back."""
        why = f"seat {seat} sat through {IDLE_TURNS} turns without acting and was given up"
        if await self._give_up_seat(seat, "seat_freed", why):
            self.idle_turns.pop(seat, None)

    async def _give_up_unstarted_seat(self, seat: int) -> None:
        """Free a seat held ``unstarted_seat_seconds`` at a table whose match never
        started, though its holder stays connected: a squatter cannot keep a table's
        seats from everyone else by sitting there (its sockets watch on)."""
        if self.state is not None or self.table.names[seat] is None:
            return
        seconds = self.config.unstarted_seat_seconds
        why = f"seat {seat + 1} was held {seconds:g} s without the match starting and was given up"
        if not await self._give_up_seat(seat, "seat_expired", why):
            self.timers.start((HOLD, seat), self.config.seat_grace_seconds)

    async def _give_up_seat(self, seat: int, error: str, why: str) -> bool:
        """Free ``seat`` in the store and here, and turn its connections into
        spectators told ``error``; False if the database refused (try later)."""
        try:
            await call(self.store, self.store.free_seat, self.code, seat)
        except Exception as exc:  # the database is busy: the caller tries again later
            logger.error("room %s could not free seat %d: %s", self.code, seat, exc)
            return False
        self.table.names[seat] = None
        self.table.token_hashes[seat] = None
        self.chat.seat_freed(seat)
        self.timers.cancel((HOLD, seat))
        self.timers.cancel(("grace", seat))
        freed = ProtocolError(error, why)
        for conn in self.conns:
            if conn.seat == seat:
                conn.seat = None
                conn.send(outbound.error(None, freed))
        self.on_change(self)
        self._broadcast_table()
        return True

    def _not_joined(self, conn: Connection) -> None:
        if conn.joined:
            who = "a spectator" if conn.seat is None else f"seat {conn.seat + 1}"
            raise ProtocolError("already_joined", f"this connection is already {who}")

    def _seated(self, conn: Connection) -> int:
        if conn.seat is None:
            raise ProtocolError("not_seated", "join or rejoin a seat first")
        return conn.seat

    async def _join(self, conn: Connection, message: dict[str, Any]) -> None:
        self._not_joined(conn)
        name = clean_name(message["name"])
        seat = message.get("seat")
        free = self.free_seats()
        if seat is None:
            if not free:
                raise ProtocolError("table_full", f"every seat at table {self.code} is taken")
            seat = free[0]
        elif not 0 <= seat < len(self.table.seats):
            raise ProtocolError(
                "bad_seat",
                f"seat {seat} does not exist (0..{len(self.table.seats) - 1})",
                params={"seat": seat + 1},
            )
        elif self.table.seats[seat] != HUMAN:
            raise ProtocolError(
                "bad_seat", f"seat {seat + 1} is played by a bot", params={"seat": seat + 1}
            )
        elif seat not in free:
            raise ProtocolError(
                "seat_taken", f"seat {seat + 1} is taken", params={"seat": seat + 1}
            )
        token, digest = new_token()
        await call(self.store, self.store.set_seat, self.code, seat, name, digest)
        self.table.names[seat] = name
        self.table.token_hashes[seat] = digest
        conn.seat = seat
        await self.on_seated(self, seat, conn)
        if self.state is None:
            self.timers.start((HOLD, seat), self.config.unstarted_seat_seconds)
        self._welcome(conn, token)
        self.on_change(self)
        if self.start_when_full and self.state is None and not self.free_seats():
            self.timers.cancel(FILL)
            await self._start_match()

    async def _rejoin(self, conn: Connection, message: dict[str, Any]) -> None:
        self._not_joined(conn)
        digest = token_hash(message["token"])
        if digest not in self.table.token_hashes:
            raise ProtocolError("bad_token", f"no seat at table {self.code} has this token")
        conn.seat = self.table.token_hashes.index(digest)
        self._welcome(conn)

    async def _spectate(self, conn: Connection, message: dict[str, Any]) -> None:
        self._not_joined(conn)
        name = clean_name(message["name"]) if "name" in message else None
        watching = sum(1 for c in self.conns if c.seat is None)
        if watching >= self.config.max_spectators:
            raise ProtocolError(
                "too_many_spectators",
                f"table {self.code} has {watching} spectators, as many as it admits",
            )
        if name is not None:
            self.chat.spectator_named(conn, name)
        self._welcome(conn)

    async def _start(self, conn: Connection, message: dict[str, Any]) -> None:
        self._seated(conn)
        if self.state is not None:
            if self.state.is_over:
                raise ProtocolError("match_over", "the match is over; ask for a rematch")
            raise ProtocolError("match_running", "the match has already started")
        free = self.free_seats()
        if free:
            empty = ", ".join(str(s + 1) for s in free)
            raise ProtocolError(
                "not_ready", f"seat(s) {empty} are still empty", params={"seats": empty}
            )
        await self._start_match()

    async def _fill(self, conn: Connection, message: dict[str, Any]) -> None:
        """A seated person starts the match now, with bots in the seats still free."""
        self._seated(conn)
        if self.state is not None:
            raise ProtocolError("match_running", "the match has already started")
        await self._fill_and_start()

    async def _fill_and_start(self) -> None:
        seats = seats_with_bots(self.table)
        await call(self.store, self.store.set_seat_kinds, self.code, seats)
        self.table.seats = seats
        self.timers.cancel(FILL)
        await self._start_match()

    async def _back(self, conn: Connection, message: dict[str, Any]) -> None:
        """The person of an idle seat takes it back from the stand-in bot."""
        seat = self._seated(conn)
        if seat in self.autoplay:
            self.autoplay.discard(seat)
            self.idle_turns.pop(seat, None)
            self._schedule(seat)
            self._broadcast_table()

    async def _chat(self, conn: Connection, message: dict[str, Any]) -> None:
        await self.chat.say(conn, message["text"], self.conns)

    async def _emote(self, conn: Connection, message: dict[str, Any]) -> None:
        self.chat.emote(conn, message["emote"], self.conns)

    async def _mute(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.send(self.chat.mute(conn, message["sender"], message["muted"], self.conns))

    async def _spectator_chat(self, conn: Connection, message: dict[str, Any]) -> None:
        self.chat.set_spectator_chat(conn, message["allowed"])
        self._broadcast_table()

    async def _rematch(self, conn: Connection, message: dict[str, Any]) -> None:
        seat = self._seated(conn)
        if self.state is None or not self.state.is_over:
            raise ProtocolError("not_finished", "a rematch can be asked for once the match is over")
        self.rematch_votes.add(seat)
        if self.rematch_votes.issuperset(self.human_seats()):
            await self._start_match()
        else:
            self._broadcast_table()

    async def _action(
        self, conn: Connection, message: dict[str, Any], judged: bool = False
    ) -> None:
        seat = self._seated(conn)
        claimed = message.get("seat", seat)
        if claimed != seat:
            raise ProtocolError("wrong_seat", f"this connection plays seat {seat}, not {claimed}")
        state = self.state
        if state is None:
            raise ProtocolError("no_match", "the match has not started")
        version = len(state.log)
        if message.get("version", version) != version:
            raise ProtocolError(
                "stale",
                f"the action was meant for version {message['version']}"
                f" but the match is at version {version}",
            )
        try:
            action = state.codec.decode(message["action"])
        except ActionFormatError as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        if not judged and self._racing():
            self.races.hold_message(partial(self._judged, conn, message), message)
            return
        await self._play(seat, action, conn, message.get("seq"))

    async def _judged(self, conn: Connection, message: dict[str, Any]) -> None:
        """A race claim, decided: checked again and applied as if it arrived now."""
        try:
            await self._action(conn, message, judged=True)
        except ProtocolError as exc:
            conn.send(outbound.error(message.get("seq"), exc))

    async def _race_due(self, due: RaceDue) -> None:
        await self.races.release()

    async def _hint(self, conn: Connection, message: dict[str, Any]) -> None:
        """Ask the coach for the seat's current decision; the answer comes as a
        ``hint`` message carrying the version it is for."""
        seat = self._seated(conn)
        if not self.practice:
            raise ProtocolError(
                "no_hints", "hints are given only at practice tables (every other seat a bot)"
            )
        state = self.state
        if state is None or state.is_over or seat not in state.to_act:
            raise ProtocolError("not_your_move", "a hint is for your own move: wait for your turn")
        if self.hint_tasks:
            raise ProtocolError("hint_pending", "the coach is still thinking about your last hint")
        if not self.hint_allowed(conn.client):
            raise ProtocolError(
                "rate_limited",
                f"at most {self.config.hints_per_minute:g} hints a minute from one address",
            )
        task = asyncio.create_task(self._hint_in_share(conn, seat, message.get("seq")))
        self.hint_tasks.add(task)
        task.add_done_callback(self.hint_tasks.discard)

    async def _hint_in_share(self, conn: Connection, seat: int, seq: int | None) -> None:
        """Search the hint within this table's share of the bot pool, as its bots' moves
        are searched, once it is still the seat's move."""
        async with self.bot_share:
            state = self.state
            if state is None or state.is_over or seat not in state.to_act:
                refusal = ProtocolError("not_your_move", "the move the hint was for is over")
                conn.send(outbound.error(seq, refusal))
                return
            await send_hint(self.executor, conn, state, seat, seq)

    async def _bot_moved(self, move: BotMove, judged: bool = False) -> None:
        entry = self.bot_tasks.get(move.seat)
        if entry is None or entry[0] != move.ticket:
            return
        if not judged and self._racing():
            self.races.hold(partial(self._bot_moved, move, True), 0.0)
            return
        del self.bot_tasks[move.seat]
        state = self.state
        assert state is not None
        version = len(state.log)
        if move.version != version:
            # Someone acted while the bot was thinking: it thinks again at once.
            if move.seat in state.to_act and self._bot_plays(move.seat):
                self._think(move.seat, 0.0)
            return
        await self._play(move.seat, state.codec.decode(move.action))

    async def _timeout(self, timeout: Timeout) -> None:
        if self.quiet.fired(timeout):
            await self._abandoned()
            return
        if not self.timers.fired(timeout):
            return
        if timeout.key[0] == "grace":
            await self._free_seat(timeout.key[1])
            return
        if timeout.key[0] == HOLD:
            await self._give_up_unstarted_seat(timeout.key[1])
            return
        state = self.state
        if timeout.key == FILL:
            await self._fill_and_start()
            return
        assert state is not None
        if timeout.key == WINDOW:
            await self.races.release()  # claims sent within the window come first
            state = self.state
            if state is not None and self.races.open(state):
                await self._play(SYSTEM, state.system_actions()[0])
            return
        seat = timeout.key[1]
        self.autoplay.add(seat)
        self._broadcast(outbound.timeout(seat))
        self._think(seat, 0.0)
        self._broadcast_table()

    # ------------------------------------------------------------------ the match
    async def _start_match(self) -> None:
        seed = new_seed()
        players = len(self.table.seats)
        state = make(self.table.game, players, seed, self.table.options)
        number = self.number + 1
        names = [self.display_name(s) or "" for s in range(players)]
        record = MatchRecord(
            self.code,
            number,
            self.table.game,
            state.options.to_dict(),
            players,
            seed,
            list(self.table.seats),
            names,
        )
        await call(self.store, self.store.start_match, record)
        self.number = number
        self.state = state
        self.events = list(state.opening)
        self.rematch_votes.clear()
        self.autoplay.clear()
        self.idle_turns.clear()
        for seat in self.human_seats():
            self.timers.cancel(("grace", seat))
            self.timers.cancel((HOLD, seat))
        self.on_change(self)
        self._schedule()
        self._broadcast_table()
        self._broadcast_state(list(state.opening))  # the first round's deal

    async def _play(
        self, seat: int, action: Action, conn: Connection | None = None, seq: int | None = None
    ) -> None:
        """Apply and store one action, then acknowledge it and tell everyone.

        An illegal action raises ``ProtocolError`` before any change. If the database
        refuses the write, the state is rebuilt from what is stored and the action
        counts as refused, so no one ever sees an action that was not saved.
        """
        state = self.state
        assert state is not None
        rounds = len(state.round_scores)
        try:
            events = state.apply(seat, action)
        except CardtableError as exc:
            raise ProtocolError("illegal_action", str(exc)) from None
        version = len(state.log)
        try:
            stored = (self.code, self.number, version - 1, seat, action.to_json())
            await commits(self.store).append(stored)
        except Exception as exc:
            logger.error("room %s could not store action %d: %s", self.code, version - 1, exc)
            self._storage_failed()
            raise ProtocolError(
                "storage", "the action could not be saved, so it was not applied", 503
            ) from None
        self._backoff = STORAGE_RETRY_SECONDS
        self.events.extend(events)
        came_back = conn is not None and seat in self.autoplay
        if conn is not None:
            self.autoplay.discard(seat)
            self.idle_turns.pop(seat, None)
            conn.send(outbound.ack(seq, version))
        elif seat in self.autoplay and seat not in state.to_act:
            self.idle_turns[seat] += 1  # the stand-in ended the seat's turn
        self._schedule(seat)
        if came_back:
            self._broadcast_table()
        self._broadcast_state(events)
        if len(state.round_scores) > rounds:
            self._broadcast(
                outbound.round_result(
                    self.number, len(state.round_scores), state.round_scores[-1], state.totals
                )
            )
        if state.is_over:
            await self._finish()

    def _storage_failed(self) -> None:
        """Take back the action just applied (rebuilt from the log in memory, so it
        works with the database down) and try the waiting moves again later."""
        state = self.state
        assert state is not None
        self.state = replay(
            {
                "game": state.game,
                "players": state.num_players,
                "seed": state.seed,
                "options": state.options.to_dict(),
                "log": [[seat, action.to_json()] for seat, action in state.log[:-1]],
            }
        )
        asyncio.get_running_loop().call_later(self._backoff, self.post, RetryStorage())
        self._backoff = min(STORAGE_RETRY_MAX_SECONDS, 2 * self._backoff)

    async def _retry_storage(self, retry: RetryStorage) -> None:
        self._schedule()

    async def _finish(self) -> None:
        state = self.state
        assert state is not None
        result = {
            "totals": state.totals,
            "winners": state.winners,
            "round_scores": state.round_scores,
        }
        await call(self.store, self.store.finish_match, self.code, self.number, result)
        self.finished.append(self.number)
        await self.on_finished(self)
        for seat in sorted(self.autoplay):
            if self.idle_turns[seat] >= IDLE_TURNS and self.table.names[seat] is not None:
                await self._free_idle_seat(seat)
        self.on_change(self)
        log = f"/api/tables/{self.code}/matches/{self.number}"
        self._broadcast(
            outbound.match_result(self.number, state.totals, state.winners, state.round_scores, log)
        )
        self._broadcast_table()

    # ------------------------------------------------------------------ bots and timers
    def _racing(self) -> bool:
        """Whether a claim now is judged by its send time (see ``races``): a race is
        open and a person, not a stand-in, may claim in it."""
        state = self.state
        if state is None or not self.races.open(state):
            return False
        return any(not self._bot_plays(seat) for seat in state.to_act)

    def _bot_plays(self, seat: int) -> bool:
        """Whether a bot moves for ``seat``: a bot seat, or an idle one being stood in for."""
        return self.table.seats[seat] != HUMAN or seat in self.autoplay

    def _schedule(self, actor: int | None = None) -> None:
        """Start or stop bots and timers to match who may act now.

        ``actor`` is the seat that just acted: its own turn timer starts again. The
        window timer runs from the moment system actions become available until none
        are (a window that times out is closed, so a window opening later gets a fresh
        timer).
        """
        state = self.state
        running = state is not None and not state.is_over
        to_act = set(state.to_act) if state is not None and running else set()
        if state is not None and running and state.system_actions():
            if not self.timers.running(WINDOW):
                self.timers.start(WINDOW, self._window_seconds())
        else:
            self.timers.cancel(WINDOW)
        for seat in list(self.bot_tasks):
            if seat not in to_act or not self._bot_plays(seat):
                self.bot_tasks.pop(seat)[1].cancel()
        for seat in sorted(to_act):
            if self._bot_plays(seat) and seat not in self.bot_tasks:
                self._think(seat, self.table.bot_delay)
        turn_seconds = self.table.turn_seconds
        for seat in self.human_seats():
            key = ("turn", seat)
            if turn_seconds and seat in to_act and seat not in self.autoplay:
                if seat == actor or not self.timers.running(key):
                    self.timers.start(key, turn_seconds)
            else:
                self.timers.cancel(key)

    def _window_seconds(self) -> float:
        assert self.state is not None
        seconds = getattr(self.state.options, "quick_discard_seconds", None)
        return CAP + (self.config.window_seconds if seconds is None else float(seconds))

    def _think(self, seat: int, delay: float) -> None:
        ticket = next(self._tickets)
        task = asyncio.create_task(self._bot_turn(seat, ticket, delay))
        self.bot_tasks[seat] = (ticket, task)

    async def _bot_turn(self, seat: int, ticket: int, delay: float) -> None:
        """Wait ``delay``, then for this table's share of the bot pool, let the bot
        think off the loop, and post its move."""
        assert self.state is not None  # a level waits a human-like time instead
        delay = bot_pause(self.state, seat, self.table.seats[seat], delay)
        if HUMAN not in self.table.seats:
            delay = max(delay, self.bots_alone_turn())
        if delay:
            await asyncio.sleep(delay)
        async with self.bot_share:
            state = self.state
            assert state is not None
            version = len(state.log)
            kind = self.table.seats[seat]
            spec = default_bot(state.game)[0] if kind == HUMAN else kind
            seed = derive_seed(state.seed, seat, version)
            # Should the bot fail, a random legal move keeps the match going.
            fallback = random.Random(seed).choice(state.legal_actions(seat)).to_json()
            loop = asyncio.get_running_loop()
            try:
                action = await loop.run_in_executor(
                    self.executor, think, compact_state(state), seat, spec, seed
                )
            except Exception:
                logger.exception("bot %s failed at table %s, seat %d", spec, self.code, seat)
                action = fallback
        self.post(BotMove(seat, ticket, version, action))

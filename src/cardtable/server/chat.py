"""A table's chat and emotes: what may be said, by whom, how fast, and who hears it.

Chat is checked like every other message: a text may hold no control characters
(line breaks included), is then cleaned as a name is (``seating.shown_text``: no
character that shows nothing or reorders the text, one space between words, at most
two combining marks on a letter) and must be 1 to ``MAX_CHARS`` characters long with
one that is visible; each person may send ``BURST`` chat messages or emotes at once,
then one every ``1 / RATE`` seconds (a seat on all its sockets together, a spectator
on all the sockets of its address), so that more sockets give no more chat. Markup
in a text is kept as typed: it is stored as a bound SQL parameter, sent inside JSON
and shown by the client as text, so it is never read as markup anywhere.

Who speaks is a *sender* id: ``seat-N`` for the person in seat N (all of that
person's connections), ``spectator-K`` for one spectating connection. Each listener
(the same kind of id) has its own mute list; a muted sender's chat and emotes are
not sent to that listener, live or in the history. A listener mutes only senders
that are at the table (a seat, or a spectator connected now), at most ``MAX_MUTES``
of them, and each ``muted`` answer names the change; a spectator's id leaves every
list, and its own list goes, when it disconnects, and a seat's when the seat is freed.
The person in the table's first human seat (who took it on creating the table) may
turn spectators' chat off.

Chat texts are stored with the table, so a refresh or a restarted server shows the
last ``HISTORY`` of them; emotes, mutes and the spectator setting are the room's
live state and start afresh when the server restarts.
"""

from __future__ import annotations

import itertools
import logging
import time
import unicodedata
from collections.abc import Iterable
from typing import Any

from . import outbound
from .connection import Connection
from .errors import ProtocolError
from .jsontext import dumps
from .seating import shown_text, visible
from .storage import CHAT_KEPT, HUMAN, Store, TableRecord, call
from .throttle import ClientLimiter

logger = logging.getLogger(__name__)

#: Longest chat text, in characters after trimming.
MAX_CHARS = 200
#: Chat messages and emotes a connection may send at once, and the refill a second.
BURST = 4
RATE = 0.5
#: Chat texts a joining client is sent.
HISTORY = 50
#: Senders one listener may have muted at once (a table has at most ten seats and
#: ``max_spectators`` spectators; nobody needs to mute more than this many of them).
MAX_MUTES = 32
#: The reactions a client may send, by name (the client draws each one).
EMOTES = ("thumbs_up", "laugh", "well_played", "oops", "wow", "thinking")


def clean_text(text: str) -> str:
    """The chat text to store and show, or ``ProtocolError`` saying what is wrong: no
    control characters, then shown as names are (``shown_text``: nothing invisible or
    reordering, few combining marks), 1 to ``MAX_CHARS`` characters with one visible."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs") or char in "\u2028\u2029":
            raise ProtocolError(
                "chat_control", f"a chat message may not hold control characters ({ord(char):#x})"
            )
    text = shown_text(text)
    if not any(visible(char) for char in text):
        raise ProtocolError("chat_empty", "a chat message needs some visible text")
    if len(text) > MAX_CHARS:
        raise ProtocolError(
            "chat_too_long", f"a chat message may be at most {MAX_CHARS} characters"
        )
    return text


def first_human_seat(table: TableRecord) -> int | None:
    return next((s for s, kind in enumerate(table.seats) if kind == HUMAN), None)


class Chat:
    """One table's chat: its recent history, senders, limits, mutes and settings."""

    def __init__(
        self,
        table: TableRecord,
        store: Store,
        history: list[dict[str, Any]],
        kept: int = CHAT_KEPT,
    ) -> None:
        self.table = table
        self.store = store
        #: Chat texts the store keeps for the table (older ones are deleted).
        self.kept = kept
        #: The last ``HISTORY`` messages, oldest first (as stored, when the room is loaded).
        self.history = history
        #: The player who said each message of ``history`` (None: no session, or said
        #: before the room was loaded), so that a block hides it from the history too.
        self.history_players: list[str | None] = [None] * len(history)
        self.spectators_may_chat = True
        self._spectator_ids: dict[Connection, str] = {}
        #: The names spectators gave on starting to watch (checked like players' names).
        self._spectator_names: dict[Connection, str] = {}
        self._numbers = itertools.count(1)
        #: Chat rates by person: a seat (all its sockets), or a spectator's address (all
        #: its sockets), so that more sockets do not give more messages.
        self._limiters = ClientLimiter(RATE, BURST)
        #: listener id -> the sender ids it has muted -> the addresses the sender spoke
        #: from then (a muted person stays muted on another socket, seat or spectator).
        self._mutes: dict[str, dict[str, frozenset[str]]] = {}

    # ------------------------------------------------------------------ who is who
    def sender(self, conn: Connection) -> str:
        if conn.seat is not None:
            return f"seat-{conn.seat}"
        if conn not in self._spectator_ids:
            self._spectator_ids[conn] = f"spectator-{next(self._numbers)}"
        return self._spectator_ids[conn]

    def spectator_named(self, conn: Connection, name: str) -> None:
        """The spectator on ``conn`` chats as ``name`` (a ``clean_name``), the name they
        gave on starting to watch, rather than as "Spectator K"."""
        self._spectator_names[conn] = name

    def _name(self, conn: Connection) -> str:
        if conn.seat is not None:
            return self.table.names[conn.seat] or f"Seat {conn.seat + 1}"
        named = self._spectator_names.get(conn)
        return named or "Spectator " + self.sender(conn).removeprefix("spectator-")

    def left(self, conn: Connection) -> None:
        """A socket has gone: a spectator's own mute list goes with it. Others' mutes of
        that spectator stay (within their cap) so that coming back does not unmute."""
        self._spectator_names.pop(conn, None)
        spectator = self._spectator_ids.pop(conn, None)
        if spectator is not None:
            self._mutes.pop(spectator, None)

    def seat_freed(self, seat: int) -> None:
        """The seat's person has gone for good: whoever takes it next is someone else,
        so the seat's list and every mute of it go."""
        sender = f"seat-{seat}"
        self._mutes.pop(sender, None)
        for mutes in self._mutes.values():
            mutes.pop(sender, None)

    def _exists(self, sender: str) -> bool:
        seat = sender.removeprefix("seat-")
        if seat != sender:
            return seat.isdigit() and len(seat) < 3 and int(seat) < len(self.table.seats)
        return sender in self._spectator_ids.values()

    # ------------------------------------------------------------------ inbound
    def _may_speak(self, conn: Connection) -> None:
        if not conn.joined:
            raise ProtocolError("not_joined", "join, rejoin or spectate the table first")
        if conn.seat is None and not self.spectators_may_chat:
            raise ProtocolError("chat_off", "the table's creator has turned spectators' chat off")
        person = f"seat-{conn.seat}" if conn.seat is not None else f"address-{conn.client}"
        if not self._limiters.allow(person):
            raise ProtocolError(
                "chat_too_fast",
                f"at most {BURST} chat messages at once, then one every {1 / RATE:g} seconds",
            )

    async def say(self, conn: Connection, text: str, conns: Iterable[Connection]) -> None:
        """Store a chat text, then send it to every listener who has not muted its sender."""
        text = clean_text(text)
        self._may_speak(conn)
        sender = self.sender(conn)
        entry: dict[str, Any] = {
            "sender": sender,
            "seat": conn.seat,
            "name": self._name(conn),
            "text": text,
            "time": round(time.time(), 3),
        }
        try:
            await call(self.store, self.store.add_chat, self.table.code, entry, self.kept)
        except Exception:
            logger.exception("table %s could not store a chat message", self.table.code)
            raise ProtocolError("storage", "the message could not be saved", 503) from None
        self.history = [*self.history, entry][-HISTORY:]
        self.history_players = [*self.history_players, conn.player][-HISTORY:]
        self._deliver(conn, outbound.chat(entry), conns)

    def emote(self, conn: Connection, emote: str, conns: Iterable[Connection]) -> None:
        if emote not in EMOTES:
            raise ProtocolError(
                "bad_emote", f"unknown emote {emote!r} (known: {', '.join(EMOTES)})"
            )
        self._may_speak(conn)
        sender = self.sender(conn)
        self._deliver(conn, outbound.emote(sender, conn.seat, emote, self._name(conn)), conns)

    def mute(
        self, conn: Connection, sender: str, muted: bool, conns: Iterable[Connection]
    ) -> outbound.Muted:
        """Mute or unmute ``sender`` for this listener; the answer names the change and
        lists the listener's mutes (at most ``MAX_MUTES``). A mute also covers the
        addresses the sender is connected from (``conns``: the table's sockets)."""
        if not conn.joined:
            raise ProtocolError("not_joined", "join, rejoin or spectate the table first")
        listener = self.sender(conn)
        if sender == listener:
            raise ProtocolError("bad_mute", "you cannot mute yourself")
        mutes = self._mutes.get(listener, {})
        if muted and sender not in mutes:
            if not self._exists(sender):
                raise ProtocolError("bad_mute", f"nobody at this table is {sender[:40]!r}")
            if len(mutes) >= MAX_MUTES:
                raise ProtocolError(
                    "too_many_mutes", f"you may mute at most {MAX_MUTES} senders at a table"
                )
            addresses = frozenset(
                c.client
                for c in conns
                if c.joined and self.sender(c) == sender and c.client != conn.client
            )
            self._mutes[listener] = mutes | {sender: addresses}
        elif not muted:
            mutes.pop(sender, None)
        return outbound.muted(sender, muted, sorted(self._mutes.get(listener, ())))

    def set_spectator_chat(self, conn: Connection, allowed: bool) -> None:
        creator = first_human_seat(self.table)
        if conn.seat is None or conn.seat != creator:
            raise ProtocolError(
                "not_creator", "only the table's creator may turn spectators' chat on or off"
            )
        self.spectators_may_chat = allowed

    # ------------------------------------------------------------------ outbound
    def history_for(self, conn: Connection) -> outbound.ChatHistory:
        """The recent chat this connection may hear, for its welcome."""
        muted = self._mutes.get(self.sender(conn), {})
        kept = [
            e
            for e, player in zip(self.history, self.history_players, strict=True)
            if e["sender"] not in muted and (player is None or player not in conn.blocked)
        ]
        return outbound.chat_history(self.sender(conn), kept)

    def _deliver(
        self,
        speaker: Connection,
        message: outbound.Chat | outbound.Emote,
        conns: Iterable[Connection],
    ) -> None:
        text = dumps(message)
        sender = self.sender(speaker)
        for conn in conns:
            # players kept apart by a block (server/players/blocks.py) never hear each other
            apart = speaker.player in conn.blocked or conn.player in speaker.blocked
            if (
                conn.joined
                and not apart
                and not self._muted(self.sender(conn), sender, speaker.client)
            ):
                conn.send_text(text)

    def _muted(self, listener: str, sender: str, address: str) -> bool:
        """Whether ``listener`` muted ``sender``, or a sender at ``address`` (the same
        person on another socket)."""
        mutes = self._mutes.get(listener)
        if not mutes or sender == listener:
            return False
        return sender in mutes or any(address in seen for seen in mutes.values())

"""Every message the server sends over a table's WebSocket, and the one place each is built.

The counterpart of ``schema.MESSAGES`` (what a client may send): ``CATALOGUE`` maps
each outbound ``type`` to a typed dictionary naming its fields, and each type has one
constructor here that the senders call, so ``mypy --strict`` refuses a field that the
type does not name and docs/protocol.md ("Server to client") describes exactly these
types. (No postponed annotations here: ``TypedDict`` reads ``NotRequired`` from
evaluated ones.) The constructors write the fields in the order clients have always
received them. Values that are a game's own data (a view, an event, an action) are
``dict[str, Any]``: their form is the game's.
"""

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from .errors import ProtocolError
from .responses import TableStatus

Json = dict[str, Any]


class Welcome(TypedDict):
    """Answers ``join``, ``rejoin`` and ``spectate``; ``token`` only to ``join``."""

    type: Literal["welcome"]
    seat: int | None
    table: TableStatus
    token: NotRequired[str]


class Table(TypedDict):
    """The table's public status, whenever it changes."""

    type: Literal["table"]
    table: TableStatus


class State(TypedDict):
    """What a seat may know of the match now, and what just happened."""

    type: Literal["state"]
    match: int
    version: int
    view: Json
    events: list[Json]
    legal: list[Json]
    timers: list[Json]
    history: NotRequired[list[Json]]


class Ack(TypedDict):
    """An applied (and stored) action, to its sender."""

    type: Literal["ack"]
    seq: int | None
    version: int


class RoundResult(TypedDict):
    """A round's scores, after the state that ends it."""

    type: Literal["round_result"]
    match: int
    round: int
    scores: list[int]
    totals: list[int]


class MatchResult(TypedDict):
    """The match's outcome, and where its full log is."""

    type: Literal["match_result"]
    match: int
    totals: list[int]
    winners: list[int]
    round_scores: list[list[int]]
    log: str


class Hint(TypedDict):
    """The coach's move for one decision, and what it gains over the best other."""

    type: Literal["hint"]
    seq: int | None
    version: int
    action: Json
    alternative: Json | None
    gain: float
    unit: str


class Chat(TypedDict):
    """One chat text, to everyone who has not muted its sender."""

    type: Literal["chat"]
    sender: str
    seat: int | None
    name: str
    text: str
    time: float


class Emote(TypedDict):
    """One emote, to everyone who has not muted its sender."""

    type: Literal["emote"]
    sender: str
    seat: int | None
    emote: str
    name: str


class ChatHistory(TypedDict):
    """The table's recent chat this connection may hear, and its own sender id."""

    type: Literal["chat_history"]
    you: str
    messages: list[Json]


class Muted(TypedDict):
    """Answers ``mute``: the change, and every sender muted now."""

    type: Literal["muted"]
    sender: str
    muted: bool
    senders: list[str]


class Timeout(TypedDict):
    """A seat's turn timer ran out: a stand-in bot plays for it."""

    type: Literal["timeout"]
    seat: int


class Ping(TypedDict):
    """Asks for a ``pong``, carrying the round trip measured so far."""

    type: Literal["ping"]
    id: int
    rtt_ms: int | None
    deviation_ms: int | None


class Error(TypedDict):
    """A refusal, to the sender alone (``seq`` is null when nothing asked)."""

    type: Literal["error"]
    seq: int | None
    error: str
    message: str
    params: NotRequired[dict[str, Any]]


#: Any message the server sends.
Outbound = (
    Welcome
    | Table
    | State
    | Ack
    | RoundResult
    | MatchResult
    | Hint
    | Chat
    | Emote
    | ChatHistory
    | Muted
    | Timeout
    | Ping
    | Error
)

#: Outbound WebSocket messages, by ``type``.
CATALOGUE: dict[str, Any] = {  # each a TypedDict class
    "welcome": Welcome,
    "table": Table,
    "state": State,
    "ack": Ack,
    "round_result": RoundResult,
    "match_result": MatchResult,
    "hint": Hint,
    "chat": Chat,
    "emote": Emote,
    "chat_history": ChatHistory,
    "muted": Muted,
    "timeout": Timeout,
    "ping": Ping,
    "error": Error,
}


def fields(kind: str) -> tuple[frozenset[str], frozenset[str]]:
    """The required and the optional fields of the outbound message ``kind``."""
    message = CATALOGUE[kind]
    return frozenset(message.__required_keys__), frozenset(message.__optional_keys__)


def welcome(seat: int | None, table: TableStatus, token: str | None = None) -> Welcome:
    message: Welcome = {"type": "welcome", "seat": seat, "table": table}
    if token is not None:
        message["token"] = token
    return message


def table(status: TableStatus) -> Table:
    return {"type": "table", "table": status}


def state(
    match: int,
    version: int,
    view: Json,
    events: list[Json],
    legal: list[Json],
    timers: list[Json],
    history: list[Json] | None = None,
) -> State:
    message: State = {
        "type": "state",
        "match": match,
        "version": version,
        "view": view,
        "events": events,
        "legal": legal,
        "timers": timers,
    }
    if history is not None:
        message["history"] = history
    return message


def ack(seq: int | None, version: int) -> Ack:
    return {"type": "ack", "seq": seq, "version": version}


def round_result(match: int, number: int, scores: list[int], totals: list[int]) -> RoundResult:
    return {
        "type": "round_result",
        "match": match,
        "round": number,
        "scores": scores,
        "totals": totals,
    }


def match_result(
    match: int, totals: list[int], winners: list[int], round_scores: list[list[int]], log: str
) -> MatchResult:
    return {
        "type": "match_result",
        "match": match,
        "totals": totals,
        "winners": winners,
        "round_scores": round_scores,
        "log": log,
    }


def hint(seq: int | None, version: int, found: Mapping[str, Any]) -> Hint:
    """``found`` is the coach's answer (``coach.analysis.Hint.to_json``)."""
    return {
        "type": "hint",
        "seq": seq,
        "version": version,
        "action": found["action"],
        "alternative": found["alternative"],
        "gain": found["gain"],
        "unit": found["unit"],
    }


def chat(entry: Mapping[str, Any]) -> Chat:
    """``entry`` is the chat text as the history keeps it (the message less its type)."""
    return {
        "type": "chat",
        "sender": entry["sender"],
        "seat": entry["seat"],
        "name": entry["name"],
        "text": entry["text"],
        "time": entry["time"],
    }


def emote(sender: str, seat: int | None, emote: str, name: str) -> Emote:
    return {"type": "emote", "sender": sender, "seat": seat, "emote": emote, "name": name}


def chat_history(you: str, messages: list[Json]) -> ChatHistory:
    return {"type": "chat_history", "you": you, "messages": messages}


def muted(sender: str, muted: bool, senders: list[str]) -> Muted:
    return {"type": "muted", "sender": sender, "muted": muted, "senders": senders}


def timeout(seat: int) -> Timeout:
    return {"type": "timeout", "seat": seat}


def ping(ping_id: int, rtt_ms: int | None, deviation_ms: int | None) -> Ping:
    return {"type": "ping", "id": ping_id, "rtt_ms": rtt_ms, "deviation_ms": deviation_ms}


def error(seq: int | None, refusal: ProtocolError) -> Error:
    body = refusal.to_json()
    message: Error = {
        "type": "error",
        "seq": seq,
        "error": body["error"],
        "message": body["message"],
    }
    if "params" in body:
        message["params"] = body["params"]
    return message

"""Every message the server sends is in ``server.outbound``'s catalogue, and documented.

A match is played through a real server (every kind of outbound message comes up: a
greeting, chat, a mute, a hint, a refusal, a played match, a rejoin, a turn timeout);
each message any client receives must be of a catalogued type with exactly that
type's fields, and together they must cover the catalogue. docs/protocol.md's
"Server to client" section has one heading per catalogued type. The constructors
write each message as clients have always read it, field order included.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.server import outbound
from cardtable.server.errors import ProtocolError
from cardtable.server.jsontext import dumps
from cardtable.server.responses import TableStatus

from .support import (
    GAMES,
    Client,
    Server,
    create_table,
    play_randomly,
    seat_clients,
    short_options,
)

PROTOCOL = Path(__file__).parents[2] / "docs" / "protocol.md"
#: A turn timer short enough to run out within the test.
TURN_SECONDS = 0.5


def undeclared(message: dict[str, Any]) -> str | None:
    """Why ``message`` is not as the catalogue declares its type (None when it is)."""
    kind = message.get("type")
    if kind not in outbound.CATALOGUE:
        return f"type {kind!r} is not in the catalogue"
    required, optional = outbound.fields(kind)
    keys = set(message)
    if not required <= keys:
        return f"{kind} lacks {sorted(required - keys)}"
    if not keys <= required | optional:
        return f"{kind} has undeclared {sorted(keys - required - optional)}"
    return None


async def answer(client: Client, seq: int, kind: str) -> dict[str, Any]:
    """The ``kind`` or ``error`` message that answers the message numbered ``seq``."""
    while True:
        message = await client.recv(30)
        if message["type"] in (kind, "error") and message.get("seq") == seq:
            return message


async def hint_on_my_move(me: Client) -> None:
    """Ask for hints on this seat's moves until one comes (a move can end, a window
    close, before the coach answers)."""
    for _ in range(10):
        state = me.latest_state()
        while state is None or not state["legal"]:
            state = await me.expect("state")
        seq = await me.send_seq({"type": "hint"})
        if (await answer(me, seq, "hint"))["type"] == "hint":
            return
        await me.expect("state")
    raise AssertionError("no hint came in ten tries")


async def played_match(server: Server, game: str) -> list[Client]:
    """A practice match played through: every client that took part."""
    code = create_table(server, game, ["human", "random"], options=short_options(game))["code"]
    (me,) = await seat_clients(server, code, [0])
    await me.send({"type": "pong"})  # asks to be pinged
    await me.expect("ping")
    watcher = await Client.open(server, code)
    await watcher.send({"type": "spectate", "name": "Cleo"})
    spectator = (await watcher.expect("chat_history"))["you"]
    await me.send({"type": "chat", "text": "good luck"})
    await watcher.expect("chat")
    await watcher.send({"type": "emote", "emote": "wow"})
    await me.expect("emote")
    await me.send({"type": "mute", "sender": spectator, "muted": True})
    await me.expect("muted")
    await me.error({"type": "rematch"})  # refused: no match is over
    await me.send({"type": "start"})
    await hint_on_my_move(me)
    await play_randomly(me, game, random.Random(3))
    again = await Client.open(server, code)
    await again.send({"type": "rejoin", "token": me.token})
    await again.expect("chat_history")
    nowhere = await Client.open(server, "ZZZZZZ")
    await nowhere.expect("error")  # refused on connecting
    return [me, watcher, again, nowhere]


async def timed_out(server: Server, game: str) -> Client:
    """A seat that lets its turn timer run out."""
    code = create_table(server, game, ["human", "random"], turn_seconds=TURN_SECONDS)["code"]
    (me,) = await seat_clients(server, code, [0])
    await me.send({"type": "start"})
    await me.expect("timeout")
    return me


@pytest.mark.parametrize("game", GAMES)
def test_every_message_sent_is_catalogued_with_exactly_its_fields(server: Server, game: str):
    async def scenario() -> list[dict[str, Any]]:
        clients = [*await played_match(server, game), await timed_out(server, game)]
        await asyncio.gather(*(c.close() for c in clients))
        return [m for c in clients for m in c.received]

    received = asyncio.run(scenario())
    wrong = {why for message in received if (why := undeclared(message)) is not None}
    assert wrong == set()
    assert {m["type"] for m in received} == set(outbound.CATALOGUE)
    assert any("token" in m for m in received if m["type"] == "welcome")
    assert any("history" in m for m in received if m["type"] == "state")


def test_a_message_off_the_catalogue_is_told_apart():
    assert undeclared({"type": "ack", "seq": 1, "version": 2}) is None
    assert undeclared({"type": "ack", "seq": 1}) == "ack lacks ['version']"
    assert undeclared({"type": "ack", "seq": 1, "version": 2, "x": 0}) == "ack has undeclared ['x']"
    assert undeclared({"type": "goodbye"}) == "type 'goodbye' is not in the catalogue"


def test_each_catalogued_type_names_itself():
    for kind, message in outbound.CATALOGUE.items():
        assert message.__annotations__["type"].__args__ == (kind,)


def documented_types() -> list[str]:
    """The message types docs/protocol.md's "Server to client" section heads."""
    text = PROTOCOL.read_text()
    section = text.split("\n## Server to client\n", 1)[1].split("\n## ", 1)[0]
    headings = re.findall(r"^### (.*)$", section, re.MULTILINE)
    return [name for heading in headings for name in re.findall(r"`([a-z_]+)`", heading)]


def listed_types() -> set[str]:
    """The types in the page's "The server sends these types, and no other" list."""
    text = " ".join(PROTOCOL.read_text().split())
    listed = text.split("The server sends these types, and no other: ", 1)[1].split(".", 1)[0]
    return set(re.findall(r"`([a-z_]+)`", listed))


def test_the_protocol_page_documents_every_catalogued_type_once():
    assert sorted(documented_types()) == sorted(outbound.CATALOGUE)
    assert listed_types() == set(outbound.CATALOGUE)


def test_the_protocol_page_names_both_catalogues():
    text = PROTOCOL.read_text()
    assert "server/schema.py" in text and "server/outbound.py" in text


STATUS: TableStatus = {"code": "E2YB38"}  # type: ignore[typeddict-item]


@pytest.mark.parametrize(
    ("message", "text"),
    [
        (
            outbound.welcome(0, STATUS, "tok"),
            '{"type":"welcome","seat":0,"table":{"code":"E2YB38"},"token":"tok"}',
        ),
        (
            outbound.welcome(None, STATUS),
            '{"type":"welcome","seat":null,"table":{"code":"E2YB38"}}',
        ),
        (outbound.table(STATUS), '{"type":"table","table":{"code":"E2YB38"}}'),
        (
            outbound.state(1, 2, {"v": 1}, [], [{"type": "draw"}], [], [{"e": 1}]),
            '{"type":"state","match":1,"version":2,"view":{"v":1},"events":[],'
            '"legal":[{"type":"draw"}],"timers":[],"history":[{"e":1}]}',
        ),
        (outbound.ack(3, 18), '{"type":"ack","seq":3,"version":18}'),
        (
            outbound.round_result(1, 3, [12, 31], [58, 104]),
            '{"type":"round_result","match":1,"round":3,"scores":[12,31],"totals":[58,104]}',
        ),
        (
            outbound.match_result(1, [58, 104], [0], [[12, 31]], "/api/tables/E2YB38/matches/1"),
            '{"type":"match_result","match":1,"totals":[58,104],"winners":[0],'
            '"round_scores":[[12,31]],"log":"/api/tables/E2YB38/matches/1"}',
        ),
        (
            outbound.hint(
                10,
                14,
                {"action": {"type": "draw"}, "alternative": None, "gain": 2.4, "unit": "points"},
            ),
            '{"type":"hint","seq":10,"version":14,"action":{"type":"draw"},'
            '"alternative":null,"gain":2.4,"unit":"points"}',
        ),
        (
            outbound.chat(
                {"sender": "seat-0", "seat": 0, "name": "Ann", "text": "gg", "time": 1.5}
            ),
            '{"type":"chat","sender":"seat-0","seat":0,"name":"Ann","text":"gg","time":1.5}',
        ),
        (
            outbound.emote("spectator-3", None, "laugh", "Spectator 3"),
            '{"type":"emote","sender":"spectator-3","seat":null,"emote":"laugh",'
            '"name":"Spectator 3"}',
        ),
        (
            outbound.chat_history("seat-1", []),
            '{"type":"chat_history","you":"seat-1","messages":[]}',
        ),
        (
            outbound.muted("seat-2", True, ["seat-2"]),
            '{"type":"muted","sender":"seat-2","muted":true,"senders":["seat-2"]}',
        ),
        (outbound.timeout(1), '{"type":"timeout","seat":1}'),
        (
            outbound.ping(12, None, None),
            '{"type":"ping","id":12,"rtt_ms":null,"deviation_ms":null}',
        ),
        (
            outbound.error(2, ProtocolError("seat_taken", "seat 1 is taken", params={"seat": 1})),
            '{"type":"error","seq":2,"error":"seat_taken","message":"seat 1 is taken",'
            '"params":{"seat":1}}',
        ),
        (
            outbound.error(None, ProtocolError("no_table", "no such table")),
            '{"type":"error","seq":null,"error":"no_table","message":"no such table"}',
        ),
    ],
)
def test_a_constructor_writes_the_message_as_clients_read_it(message: Any, text: str):
    assert dumps(message) == text
    assert undeclared(message) is None

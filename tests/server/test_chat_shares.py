"""Chat shared per person, over real WebSockets: a rate per seat and per address (not
per socket), a mute that follows the person to another socket, and a bounded record."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from cardtable.server.chat import BURST

from .backends import _rows
from .support import TEST_SETTINGS, Client, Server, create_table, running_server, seat_clients


async def open_from(server: Server, code: str, address: str) -> Client:
    """A socket to the table from ``address`` (another client on loopback)."""
    ws = await connect(server.ws_url(code), max_queue=None, local_addr=(address, 0))
    return Client(ws)


async def spectate(client: Client) -> str:
    await client.send({"type": "spectate"})
    return str((await client.expect("chat_history"))["you"])


def test_more_sockets_do_not_give_one_address_more_chat(server: Server) -> None:
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> list[str]:
        sockets = [await open_from(server, code, "127.0.0.2") for _ in range(2 * BURST)]
        for client in sockets:
            await spectate(client)
        answers = []
        for n, client in enumerate(sockets):
            await client.send({"type": "chat", "text": f"hello {n}"})
            while True:
                message = await client.recv()
                if message["type"] in ("chat", "error") and message.get("text", "") in (
                    "",
                    f"hello {n}",
                ):
                    answers.append(message.get("error", "sent"))
                    break
        await asyncio.gather(*(c.close() for c in sockets))
        return answers

    answers = asyncio.run(scenario())
    assert answers == ["sent"] * BURST + ["chat_too_fast"] * BURST


def test_a_mute_follows_the_person_to_another_socket(server: Server) -> None:
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> list[str]:
        (alice,) = await seat_clients(server, code, [0])
        pest = await open_from(server, code, "127.0.0.3")
        pest_id = await spectate(pest)
        await alice.send({"type": "mute", "sender": pest_id, "muted": True})
        await alice.expect("muted")
        await pest.close()
        again = await open_from(server, code, "127.0.0.3")  # back as a new spectator
        await spectate(again)
        await again.send({"type": "chat", "text": "still here"})
        bob = await open_from(server, code, "127.0.0.4")
        await bob.send({"type": "spectate"})
        await bob.expect("chat_history")
        await bob.send({"type": "chat", "text": "hi from bob"})
        heard = []
        while "hi from bob" not in heard:
            message = await alice.expect("chat")
            heard.append(message["text"])
        await asyncio.gather(alice.close(), again.close(), bob.close())
        return heard

    assert asyncio.run(scenario()) == ["hi from bob"]


def test_a_tables_chat_is_kept_to_the_latest_few(tmp_path) -> None:
    db = tmp_path / "kept.db"
    with running_server(db, *TEST_SETTINGS, "--limit", "chat_kept=3") as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]

        async def scenario() -> None:
            clients = await seat_clients(server, code, [0, 1])
            for n in range(8):
                await clients[n % 2].send({"type": "chat", "text": f"line {n}"})
                await clients[0].expect("chat")
            await asyncio.gather(*(c.close() for c in clients))

        asyncio.run(scenario())
        rows = _rows(db, "SELECT entry FROM chat WHERE code = %s ORDER BY id", (code,))
    texts = [(json.loads(e) if isinstance(e, str) else e)["text"] for (e,) in rows]
    assert texts == ["line 5", "line 6", "line 7"]

"""Hints from one address have a share, over real WebSocket: past it they are refused,
however many practice tables the address plays at."""

from __future__ import annotations

import asyncio

from .support import TEST_SETTINGS, Client, create_table, running_server, seat_clients


async def my_turn(client: Client) -> None:
    await client.send({"type": "start"})
    state = await client.expect("state")
    while not state["legal"]:
        state = await client.expect("state")


def test_hints_past_an_addresses_share_are_refused(tmp_path) -> None:
    limits = ("--limit", "hints_per_minute=3")
    with running_server(tmp_path / "hints.db", *TEST_SETTINGS, *limits) as server:
        tables = [create_table(server, "skyjo", ["human", "random"])["code"] for _ in range(2)]

        async def scenario() -> list[str]:
            clients = [(await seat_clients(server, code, [0]))[0] for code in tables]
            for client in clients:
                await my_turn(client)
            answers = []
            for n in range(5):
                client = clients[n % 2]
                seq = await client.send_seq({"type": "hint"})
                while True:
                    message = await client.recv(timeout=30)
                    if message["type"] in ("hint", "error") and message.get("seq") == seq:
                        answers.append(message.get("error", "hint"))
                        break
            await asyncio.gather(*(c.close() for c in clients))
            return answers

        answers = asyncio.run(scenario())
    assert answers == ["hint"] * 3 + ["rate_limited"] * 2

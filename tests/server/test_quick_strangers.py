"""Quick match never seats a stranger at a table where one other address holds most
of the seats, over real HTTP and WebSocket."""

from __future__ import annotations

import asyncio

import httpx
from websockets.asyncio.client import connect

from .support import JSON_BODY, TEST_SETTINGS, Client, Server, running_server

SQUATTER = "127.0.0.2"


def test_quick_match_does_not_seat_a_stranger_among_one_addresses_seats(tmp_path) -> None:
    # A server of its own: the tables this test leaves waiting would meet other tests.
    with running_server(tmp_path / "quick.db", *TEST_SETTINGS) as server:
        opened, stranger, code = squat_then_ask(server)
    assert opened.status_code == 201
    assert stranger.status_code == 201 and stranger.json()["code"] != code


def squat_then_ask(server: Server) -> tuple[httpx.Response, httpx.Response, str]:
    """One address opens a quick match of four and takes three seats; then a stranger
    asks for a quick match of the same game."""
    request = {"game": "skyjo", "players": 4, "wait_seconds": 600}
    with httpx.Client(transport=httpx.HTTPTransport(local_address=SQUATTER)) as squatter:
        opened = squatter.post(f"{server.url}/api/quickmatch", json=request, timeout=10)
    code = opened.json()["code"]

    async def scenario() -> httpx.Response:
        hands = []
        for seat in range(3):
            ws = await connect(server.ws_url(code), local_addr=(SQUATTER, 0))
            hand = Client(ws)
            await hand.join(f"hand {seat}", seat)
            hands.append(hand)
        stranger = await asyncio.to_thread(
            httpx.post, f"{server.url}/api/quickmatch", json=request, headers=JSON_BODY, timeout=10
        )
        await asyncio.gather(*(hand.close() for hand in hands))
        return stranger

    return opened, asyncio.run(scenario()), code

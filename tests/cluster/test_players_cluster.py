"""The player layer on a site of several processes: a seat taken through a process
that does not own the table is linked to its player by the owner."""

from __future__ import annotations

import asyncio

import httpx
from websockets.asyncio.client import connect

from tests.server.browsers import Browser
from tests.server.support import Client, create_table

from .support import running_site


def test_a_relayed_seat_is_linked_to_its_player(tmp_path, postgres, redis_server):
    with running_site(tmp_path, postgres, redis_server) as site:
        code = create_table(site.nodes[0], "skyjo", ["human", "human"])["code"]
        owner = site.owner(code)
        edges = [node for node in site.nodes if node is not owner]
        ann, bob = Browser(edges[0]), Browser(edges[1])
        ids = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]

        async def seat() -> None:
            for browser, edge, name in ((ann, edges[0], "Ann"), (bob, edges[1], "Bob")):
                ws = await connect(edge.ws_url(code), additional_headers=browser.ws_headers())
                client = Client(ws)
                await client.join(name)
                await client.close()

        asyncio.run(seat())
        for node in site.nodes:
            seats = httpx.get(f"{node.url}/api/tables/{code}/players", timeout=5).json()
            assert [(s["seat"], s["player"]["id"]) for s in seats["seats"]] == [
                (0, ids[0]),
                (1, ids[1]),
            ]

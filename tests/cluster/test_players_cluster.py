"""The player layer on a site of several processes: a seat taken through a process
that does not own the table is linked to its player by the owner."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

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


def test_presence_holds_across_the_processes_of_a_site(tmp_path, postgres, redis_server):
    with running_site(tmp_path, postgres, redis_server) as site:
        code = create_table(site.nodes[0], "skyjo", ["human", "human"])["code"]
        owner = site.owner(code)
        others = [node for node in site.nodes if node is not owner]
        # Ann sits through one process, Bob only has a page open through it, and Cy
        # asks about both through another
        ann, bob, cy = Browser(others[0]), Browser(others[0]), Browser(others[1])
        ids = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]
        cy.guest("Cy")
        for player in ids:
            assert cy.request("POST", f"/api/players/{player}/follow", {}).status_code == 204

        def presence() -> dict[str, tuple[bool, str | None]]:
            listed = cy.request("GET", "/api/players/me/following").json()["players"]
            return {p["id"]: (p["online"], p["table"]) for p in listed}

        assert presence() == {ids[0]: (False, None), ids[1]: (False, None)}
        assert bob.request("GET", "/api/players/me/notices").status_code == 200

        async def seated() -> dict[str, tuple[bool, str | None]]:
            ws = await connect(others[0].ws_url(code), additional_headers=ann.ws_headers())
            client = Client(ws)
            await client.join("Ann")
            try:
                return await asyncio.to_thread(presence)
            finally:
                await client.close()

        assert asyncio.run(seated()) == {ids[0]: (True, code), ids[1]: (True, None)}


def test_rated_quick_match_pairs_players_who_seek_through_different_processes(
    tmp_path, postgres, redis_server
):
    with running_site(tmp_path, postgres, redis_server) as site:
        ann, bob = Browser(site.nodes[0]), Browser(site.nodes[1])
        ann.guest("Ann")
        bob.guest("Bob")
        first = ann.request("POST", "/api/players/quickmatch", {"game": "skyjo"}).json()
        assert first["code"] is None
        second = bob.request("POST", "/api/players/quickmatch", {"game": "skyjo"}).json()
        assert second["code"] is not None
        # Ann's page asks again, through a third process
        ann.server, ann.origin = site.nodes[2], site.nodes[2].url
        again = ann.request("GET", f"/api/players/quickmatch/{first['ticket']}").json()
        assert again["code"] == second["code"]
        status = httpx.get(f"{site.nodes[2].url}/api/tables/{again['code']}", timeout=5).json()
        assert status["game"] == "skyjo" and [s["kind"] for s in status["seats"]] == ["human"] * 2


def test_a_table_closed_by_an_operator_tells_its_relayed_seats(tmp_path, postgres, redis_server):
    with running_site(tmp_path, postgres, redis_server) as site:
        code = create_table(site.nodes[0], "skyjo", ["human", "human"])["code"]
        owner = site.owner(code)
        edge = next(node for node in site.nodes if node is not owner)

        async def scenario() -> None:
            ann = await Client.open(edge, code)
            await ann.join("Ann")
            command = [sys.executable, "-m", "cardtable.cli", "admin", "--db", site.url]
            closed = await asyncio.to_thread(
                subprocess.run, [*command, "close-table", code], capture_output=True, timeout=60
            )
            assert closed.returncode == 0, closed.stderr
            told = await ann.expect("error", timeout=10)
            assert told["error"] == "quarantined" and "closed by an operator" in told["message"]
            with pytest.raises(ConnectionClosed):
                await ann.expect("state", timeout=5)

        asyncio.run(scenario())

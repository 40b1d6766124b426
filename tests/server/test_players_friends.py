"""Following players, their presence (online, and at which public table), and
inviting them to one's table."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from websockets.asyncio.client import connect

from .browsers import Browser
from .support import Client, Server, create_table

GAME = "lastcard"


@asynccontextmanager
async def seated(server: Server, browser: Browser, public: bool) -> AsyncIterator[str]:
    """``browser`` holds a seat, connected, at a new table while inside: its code."""
    code = create_table(server, GAME, ["human", "human"], public=public)["code"]
    client = Client(await connect(server.ws_url(code), additional_headers=browser.ws_headers()))
    await client.join("me")
    try:
        yield code
    finally:
        await client.close()


def _following(browser: Browser) -> list[dict[str, object]]:
    answer = browser.request("GET", "/api/players/me/following")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["players"])


def test_following_lists_the_player_and_unfollowing_forgets_them(server):
    ann, bob = Browser(server), Browser(server)
    ann.guest("Ann")
    bob_id = bob.guest("Bob")["id"]
    assert ann.request("POST", f"/api/players/{bob_id}/follow", {}).status_code == 204
    assert ann.request("POST", f"/api/players/{bob_id}/follow", {}).status_code == 204  # again
    assert _following(ann) == [{"id": bob_id, "name": "Bob", "online": False, "table": None}]
    assert ann.request("GET", f"/api/players/{bob_id}").json()["followed"] is True
    assert ann.request("DELETE", f"/api/players/{bob_id}/follow").status_code == 204
    assert _following(ann) == []
    assert ann.request("POST", "/api/players/nobody/follow", {}).status_code == 404
    assert Browser(server).request("POST", f"/api/players/{bob_id}/follow", {}).status_code == 401


def test_presence_names_a_public_table_and_never_a_private_one(server):
    ann, bob = Browser(server), Browser(server)
    ann.guest("Ann")
    bob_id = bob.guest("Bob")["id"]
    ann.request("POST", f"/api/players/{bob_id}/follow", {})

    async def scenario() -> None:
        async with seated(server, bob, public=True) as code:
            assert _following(ann)[0] == {
                "id": bob_id,
                "name": "Bob",
                "online": True,
                "table": code,
            }
        async with seated(server, bob, public=False):
            (friend,) = _following(ann)
            assert friend["online"] is True and friend["table"] is None

    asyncio.run(scenario())


def test_a_browser_asking_for_its_notices_is_online(server):
    ann, bob = Browser(server), Browser(server)
    ann.guest("Ann")
    bob_id = bob.guest("Bob")["id"]
    ann.request("POST", f"/api/players/{bob_id}/follow", {})
    assert _following(ann)[0]["online"] is False
    assert bob.request("GET", "/api/players/me/notices").json() == {"invites": []}
    assert _following(ann)[0]["online"] is True


def test_an_invitation_reaches_the_followed_player_once(server):
    ann, bob, eve = Browser(server), Browser(server), Browser(server)
    ann_id = ann.guest("Ann")["id"]
    bob_id = bob.guest("Bob")["id"]
    eve.guest("Eve")

    async def scenario() -> None:
        async with seated(server, ann, public=False) as code:
            assert ann.request("GET", "/api/players/me").json()["tables"] == [code]
            refused = ann.request("POST", f"/api/players/{bob_id}/invite", {"code": code})
            assert refused.status_code == 403 and refused.json()["error"] == "not_following"
            ann.request("POST", f"/api/players/{bob_id}/follow", {})
            eve.request("POST", f"/api/players/{bob_id}/follow", {})
            not_hers = eve.request("POST", f"/api/players/{bob_id}/invite", {"code": code})
            assert not_hers.status_code == 403 and not_hers.json()["error"] == "not_seated"
            sent = ann.request("POST", f"/api/players/{bob_id}/invite", {"code": code.lower()})
            assert sent.status_code == 204
            (invite,) = bob.request("GET", "/api/players/me/notices").json()["invites"]
            assert invite["from"] == {"id": ann_id, "name": "Ann"}
            assert (invite["code"], invite["game"]) == (code, GAME)
            assert bob.request("GET", "/api/players/me/notices").json() == {"invites": []}

    asyncio.run(scenario())

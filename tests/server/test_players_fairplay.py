"""Fair play: leaving a rated match is a loss and is counted, repeated leaving blocks
rated play for longer each time, blocks keep two players apart in chat and
invitations, reports reach ``cardtable admin``, and a ban refuses the player."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from cardtable.server.players.closing import closed_among
from cardtable.server.players.fairplay import BLOCKS, block_seconds, leavers
from cardtable.server.players.ratings import MODEL

from .authenticator import Authenticator
from .backends import BACKEND
from .browsers import Browser
from .player_sites import Site, open_site
from .support import Client, Server, create_table


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with open_site(tmp_path / "fair.db") as opened:
        yield opened


def test_a_leaver_is_ranked_last_and_the_leave_is_counted(site):
    ann, bob, cy = site.guest("Ann"), site.guest("Bob"), site.guest("Cy")
    # Ann's score won, but a stand-in played her last turns: she left
    site.finish([ann, bob, cy], totals=[3, 20, 40], winners=[0], leavers=frozenset({0}))
    fresh = [[MODEL.rating()] for _ in range(3)]
    [[a], [b], [c]] = MODEL.rate(fresh, ranks=[3, 1, 2])
    assert site.rating(ann) == (a.mu, a.sigma, 1)
    assert site.rating(bob) == (b.mu, b.sigma, 1)
    assert site.rating(cy) == (c.mu, c.sigma, 1)
    assert site.players.fairplay.leaves(ann) == 1 and site.players.fairplay.leaves(bob) == 0


def test_leaving_an_unrated_match_is_not_counted(site):
    ann = site.guest("Ann")
    site.finish([ann, "bot:random"], totals=[3, 20], winners=[0], leavers=frozenset({0}))
    assert site.players.fairplay.leaves(ann) == 0


def test_the_seats_a_stand_in_played_five_turns_in_a_row_are_the_leavers():
    assert leavers({1, 2}, {1: 5, 2: 4, 3: 9}, 5) == frozenset({1})


def test_repeated_leaving_blocks_rated_play_for_10_minutes_then_1_hour_then_1_day(site):
    assert [block_seconds(n) for n in range(6)] == [0, 0, 600, 3600, 86400, 86400]
    assert BLOCKS[1:] == (600.0, 3600.0, 86400.0)
    ann, bob, cy = site.guest("Ann"), site.guest("Bob"), site.guest("Cy")
    fair = site.players.fairplay
    site.finish([ann, bob], totals=[1, 2], winners=[0], leavers=frozenset({0}))
    assert fair.blocked_until(ann) is None  # a first leave is forgiven
    site.finish([ann, bob], totals=[1, 2], winners=[0], leavers=frozenset({0}))
    until = fair.blocked_until(ann)
    assert until is not None and 595 < until - time.time() <= 600
    assert fair.blocked_until(ann, now=until + 1) is None
    # while blocked, Ann's seats are left out: Bob and Cy are rated between themselves
    before = site.rating(ann)
    site.finish([ann, bob, cy], totals=[1, 2, 3], winners=[0])
    assert site.rating(ann) == before
    assert site.rating(cy) is not None and site.rating(cy)[2] == 1
    # a leave while blocked still counts, and the next block is longer
    site.finish([ann, bob, cy], totals=[1, 2, 3], winners=[0], leavers=frozenset({0}))
    until = fair.blocked_until(ann)
    assert until is not None and 3595 < until - time.time() <= 3600
    assert fair.leaves(ann) == 3


async def _seat(server: Server, browser: Browser, code: str, name: str) -> Client:
    client = Client(await connect(server.ws_url(code), additional_headers=browser.ws_headers()))
    await client.join(name)
    return client


def test_a_block_keeps_two_players_apart_in_chat_and_invitations(server):
    ann, bob, cy = Browser(server), Browser(server), Browser(server)
    ann_id = ann.guest("Ann")["id"]
    bob_id = bob.guest("Bob")["id"]
    cy.guest("Cy")
    code = create_table(server, "skyjo", ["human"] * 3)["code"]

    async def scenario() -> None:
        a, b, c = [
            await _seat(server, x, code, n) for x, n in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"))
        ]
        assert ann.request("POST", f"/api/players/{bob_id}/block", {}).status_code == 204
        await b.send({"type": "chat", "text": "hello from Bob"})
        await c.send({"type": "chat", "text": "hello from Cy"})
        heard = (await a.expect("chat"))["text"]
        assert heard == "hello from Cy"  # Bob's line never reached Ann
        assert {(await c.expect("chat"))["text"], (await c.expect("chat"))["text"]} == {
            "hello from Bob",
            "hello from Cy",
        }
        await a.send({"type": "chat", "text": "hello from Ann"})
        await c.send({"type": "chat", "text": "again from Cy"})
        bob_heard = [(await b.expect("chat"))["text"] for _ in range(3)]
        # his own line, Cy's two, never Ann's
        assert bob_heard == ["hello from Bob", "hello from Cy", "again from Cy"]
        # nor does it in the history Ann gets on coming back
        again = Client(await connect(server.ws_url(code), additional_headers=ann.ws_headers()))
        await again.send({"type": "rejoin", "token": a.token})
        texts = [m["text"] for m in (await again.expect("chat_history"))["messages"]]
        assert texts == ["hello from Cy", "hello from Ann", "again from Cy"]
        await again.close()
        bob.request("POST", f"/api/players/{ann_id}/follow", {})
        refused = bob.request("POST", f"/api/players/{ann_id}/invite", {"code": code})
        assert refused.status_code == 403 and refused.json()["error"] == "blocked"
        for client in (a, b, c):
            await client.close()

    asyncio.run(scenario())


def _admin(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cardtable.cli", "admin", "--db", BACKEND.url(server.db)]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=60)


def test_a_report_reaches_the_operator_and_a_ban_refuses_the_player(server):
    ann, bob = Browser(server), Browser(server)
    ann.guest("Ann")
    bob_id = bob.guest("Bob")["id"]
    device = Authenticator()
    assert bob.register(device, f"Bob {bob_id[:6]}").status_code == 201
    body = {"reason": "rude in chat", "code": "abcd", "match": 1}
    made = ann.request("POST", f"/api/players/{bob_id}/report", body)
    assert made.status_code == 201
    listed = _admin(server, "reports")
    assert listed.returncode == 0, listed.stderr
    line = next(line for line in listed.stdout.splitlines() if made.json()["report"] in line)
    assert f"({bob_id})" in line and "table ABCD match 1: rude in chat" in line

    banned = _admin(server, "ban", bob_id, "--days", "1")
    assert banned.returncode == 0 and "banned until" in banned.stdout
    assert bob.me().status_code == 401  # the session is refused
    assert Browser(server).sign_in(device).json()["error"] == "banned"
    assert _admin(server, "unban", bob_id).returncode == 0
    assert bob.me().status_code == 200
    assert _admin(server, "ban", "nobody").returncode == 1


def test_an_operator_closes_a_table(tmp_path):
    server = Server(tmp_path / "close.db", "--bot-workers", "0").start()
    try:
        code = create_table(server, "skyjo", ["human", "human"])["code"]
        assert _admin(server, "close-table", code.lower()).returncode == 0
        assert _admin(server, "close-table", "ZZZZZZ").returncode == 1
        server.stop()
        server.start()
        refused = httpx.get(f"{server.url}/api/tables/{code}", timeout=5)
        assert refused.status_code == 503 and refused.json()["error"] == "quarantined"
        assert "closed by an operator" in refused.json()["message"]
    finally:
        server.stop()


def test_an_operator_closes_a_table_while_its_match_is_played(server):
    ann, bob = Browser(server), Browser(server)
    ids = [ann.guest("Ann")["id"], bob.guest("Bob")["id"]]
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> None:
        a, b = await _seat(server, ann, code, "Ann"), await _seat(server, bob, code, "Bob")
        await a.send({"type": "start"})
        await a.expect("state")
        await b.expect("state")
        closed = await asyncio.to_thread(_admin, server, "close-table", code)
        assert closed.returncode == 0, closed.stderr
        for client in (a, b):  # told at once, without a restart
            told = await client.expect("error", timeout=10)
            assert told["error"] == "quarantined"
            assert "closed by an operator" in told["message"]
            with pytest.raises(ConnectionClosed) as gone:
                await client.expect("state", timeout=5)
            assert gone.value.rcvd is not None and gone.value.rcvd.code == 4503

    asyncio.run(scenario())
    refused = httpx.get(f"{server.url}/api/tables/{code}", timeout=5)
    assert refused.status_code == 503 and "closed by an operator" in refused.json()["message"]
    # the match ended unfinished: nothing settled, no rating moved, no leave counted
    with open_site(server.db) as site:
        assert [site.rating(player) for player in ids] == [None, None]
        assert [site.players.fairplay.leaves(player) for player in ids] == [0, 0]


def test_quick_match_never_seats_two_players_kept_apart(tmp_path):
    server = Server(tmp_path / "apart.db", "--bot-workers", "0").start()
    try:
        _quick_matches_keep_apart(server)
    finally:
        server.stop()


def _quick_matches_keep_apart(server: Server) -> None:
    ann, bob, cy = Browser(server), Browser(server), Browser(server)
    ann.guest("Ann")
    bob_id = bob.guest("Bob")["id"]
    cy.guest("Cy")
    request = {"game": "cactus", "players": 3}

    async def scenario() -> None:
        opened = ann.request("POST", "/api/quickmatch", request)
        assert opened.status_code == 201
        code = opened.json()["code"]
        seated = await _seat(server, ann, code, "Ann")
        assert ann.request("POST", f"/api/players/{bob_id}/block", {}).status_code == 204
        elsewhere = bob.request("POST", "/api/quickmatch", request)
        assert elsewhere.status_code == 201 and elsewhere.json()["code"] != code
        # anyone else is seated at Ann's table, which has waited longest
        assert cy.request("POST", "/api/quickmatch", request).json()["code"] == code
        await seated.close()

    asyncio.run(scenario())


def test_the_closed_tables_are_found_among_many_held(site):
    site.store.quarantine("ABCDEF", "closed by an operator")
    held = [f"T{n:05d}" for n in range(1200)] + ["ABCDEF"]
    assert closed_among(site.players.db, held) == {"ABCDEF": "closed by an operator"}
    assert closed_among(site.players.db, []) == {}

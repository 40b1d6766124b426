"""Profiles, history, export and leaderboards: what they list, and that they show
nothing of a match still being played."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from cardtable.server.players import ratings

from .browsers import Browser
from .player_sites import Site, open_site
from .support import Client, create_table
from .test_players_identity import GAME, _play_one_match


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with open_site(tmp_path / "boards.db") as opened:
        yield opened


def test_a_profile_counts_matches_and_wins_and_lists_the_recent_ones(server):
    browser = Browser(server)
    player = browser.guest("Jo")["id"]
    codes = [asyncio.run(_play_one_match(server, browser)) for _ in range(2)]
    profile = browser.request("GET", f"/api/players/{player}").json()
    records = [
        httpx.get(f"{server.url}/api/tables/{code}/matches/1", timeout=5).json() for code in codes
    ]
    wins = sum(0 in record["result"]["winners"] for record in records)
    assert profile["games"] == {GAME: {"played": 2, "won": wins}}
    assert profile["favourite"] == GAME
    assert [(m["code"], m["seat"]) for m in profile["recent"]] == [(c, 0) for c in reversed(codes)]
    assert [m["won"] for m in profile["recent"]] == [
        0 in r["result"]["winners"] for r in reversed(records)
    ]
    assert profile["ratings"] == [] and profile["rating_history"] == {}  # against a bot


def test_the_export_holds_every_finished_match_in_the_record_format(server):
    browser = Browser(server)
    player = browser.guest("Kim")["id"]
    codes = [asyncio.run(_play_one_match(server, browser)) for _ in range(2)]
    response = browser.request("GET", f"/api/players/{player}/export")
    assert response.status_code == 200
    assert response.headers["content-disposition"].startswith("attachment;")
    exported = response.json()
    assert exported["player"] == player
    tables = [
        httpx.get(f"{server.url}/api/tables/{code}/matches/1", timeout=5).json()
        for code in reversed(codes)
    ]
    assert exported["matches"] == tables


def test_a_match_being_played_is_in_no_history_or_export_and_its_record_is_refused(server):
    browser = Browser(server)
    player = browser.guest("Lou")["id"]
    code = create_table(server, GAME, ["human", "random"])["code"]

    async def sit_and_start() -> None:
        ws = await connect(server.ws_url(code), additional_headers=browser.ws_headers())
        client = Client(ws)
        await client.join("Lou")
        await client.send({"type": "start"})
        await client.expect("state")
        await client.close()

    asyncio.run(sit_and_start())
    assert browser.request("GET", f"/api/players/{player}/matches").json() == {"matches": []}
    assert browser.request("GET", f"/api/players/{player}/export").json()["matches"] == []
    profile = browser.request("GET", f"/api/players/{player}").json()
    assert profile["recent"] == [] and profile["games"] == {}
    running = httpx.get(f"{server.url}/api/tables/{code}/matches/1", timeout=5)
    assert running.status_code == 409 and running.json()["error"] == "match_running"


def test_the_leaderboard_lists_established_players_active_in_the_last_30_days(site, monkeypatch):
    ann, bob, cy, dan = (site.guest(n) for n in ("Ann", "Bob", "Cy", "Dan"))
    for n in range(21):  # Ann wins 15 of 21: both established, Ann ahead
        winner = 0 if n % 7 < 5 else 1
        site.finish([ann, bob], totals=[winner, 1 - winner], winners=[winner])
    for n in range(14):
        site.finish([dan, bob], totals=[n % 2, 1 - n % 2], winners=[n % 2])
    site.finish([cy, bob], totals=[0, 1], winners=[0])  # Cy is provisional
    month_ago = time.time() - 31 * 24 * 3600
    site.players.db.execute("UPDATE ratings SET updated = ? WHERE player_id = ?", month_ago, dan)
    board = site.players.ratings.leaderboard("skyjo", time.time())
    assert [row["name"] for row in board] == ["Ann", "Bob"]
    assert [row["rank"] for row in board] == [1, 2]
    assert board[0]["rating"] > board[1]["rating"] and not board[0]["provisional"]
    monkeypatch.setattr(ratings, "LEADERBOARD_SIZE", 1)
    assert [row["name"] for row in site.players.ratings.leaderboard("skyjo", time.time())] == [
        "Ann"
    ]


def test_the_leaderboard_api_answers_per_game(server):
    answer = httpx.get(f"{server.url}/api/leaderboards/skyjo", timeout=5)
    assert answer.status_code == 200 and answer.json()["game"] == "skyjo"
    assert isinstance(answer.json()["players"], list)
    missing = httpx.get(f"{server.url}/api/leaderboards/chess", timeout=5)
    assert missing.status_code == 404
    assert json.loads(missing.text)["error"] == "bad_request"

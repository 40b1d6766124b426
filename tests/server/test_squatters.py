"""A connected squatter cannot keep a table's seats: a seat taken before the match is
given up ``unstarted_seat_seconds`` after it was taken when the match has not started,
over real HTTP and WebSockets."""

from __future__ import annotations

import asyncio

import httpx

from .support import TEST_SETTINGS, Client, create_table, running_server, seat_clients

HOLD = ("--limit", "unstarted_seat_seconds=1")


def test_seats_held_at_a_table_that_never_starts_are_given_up(tmp_path) -> None:
    with running_server(tmp_path / "squat.db", *TEST_SETTINGS, *HOLD) as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]

        async def scenario() -> tuple[list[dict], dict]:
            squatters = await seat_clients(server, code, [0, 1])
            told = [await s.expect("error", timeout=15) for s in squatters]
            # Both squatters still connected; a stranger takes a seat and plays.
            stranger = await Client.open(server, code)
            welcome = await stranger.join("stranger")
            await asyncio.gather(*(s.close() for s in [*squatters, stranger]))
            return told, welcome

        told, welcome = asyncio.run(scenario())
        status = httpx.get(f"{server.url}/api/tables/{code}", timeout=10).json()
    assert [t["error"] for t in told] == ["seat_expired", "seat_expired"]
    assert "1 s" in told[0]["message"]
    assert welcome["seat"] == 0
    assert status["status"] == "waiting"


def test_a_match_started_in_time_keeps_its_seats(tmp_path) -> None:
    with running_server(tmp_path / "kept.db", *TEST_SETTINGS, *HOLD) as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]

        async def scenario() -> list[dict]:
            players = await seat_clients(server, code, [0, 1])
            await players[0].send({"type": "start"})
            await players[0].expect("state")
            await asyncio.sleep(2.0)  # past the hold: the match runs, the seats stay
            await asyncio.gather(*(p.close() for p in players))
            return [m for p in players for m in p.received if m["type"] == "error"]

        errors = asyncio.run(scenario())
        status = httpx.get(f"{server.url}/api/tables/{code}", timeout=10).json()
    assert errors == []
    assert [s["taken"] for s in status["seats"]] == [True, True]

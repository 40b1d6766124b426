"""Replays and the coach over HTTP and WebSocket: finished matches only, seat views only."""

from __future__ import annotations

import asyncio
import random
import time

import httpx

import cardtable
from cardtable.coach import decisions_of

from .support import (
    Server,
    create_table,
    play_randomly,
    running_server,
    seat_clients,
)

CACTUS_ONE_ROUND = {"rounds": 1}


def finished_match(server: Server, game: str = "cactus", options: dict | None = None) -> str:
    options = CACTUS_ONE_ROUND if options is None else options
    code = create_table(server, game, ["human", "heuristic"], options=options)["code"]

    async def scenario() -> None:
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("state")
        await play_randomly(client, game, random.Random(4))
        await client.close()

    asyncio.run(scenario())
    return code


def test_a_replay_shows_each_seat_exactly_its_views_step_by_step(server: Server) -> None:
    code = finished_match(server)
    record = httpx.get(f"{server.url}/api/tables/{code}/matches/1").json()
    for seat in range(2):
        reply = httpx.get(f"{server.url}/api/tables/{code}/matches/1/replay", params={"seat": seat})
        assert reply.status_code == 200
        frames = reply.json()["frames"]
        assert len(frames) == len(record["log"]) + 1
        state = cardtable.make(record["game"], 2, record["seed"], record["options"])
        assert frames[0]["view"] == state.view(seat)
        assert frames[0]["events"] == [e.to_json() for e in state.opening if e.visible_to(seat)]
        for frame, (who, action) in zip(frames[1:], record["log"], strict=True):
            events = state.apply(who, action)
            assert frame["view"] == state.view(seat)
            assert frame["events"] == [e.to_json() for e in events if e.visible_to(seat)]
            assert (frame["seat"], frame["action"]) == (who, action)


def test_a_revealed_replay_shows_the_cards_nobody_saw(server: Server) -> None:
    code = finished_match(server)
    url = f"{server.url}/api/tables/{code}/matches/1/replay"
    revealed = httpx.get(url, params={"seat": "all"}).json()["frames"]
    first = revealed[0]["view"]
    assert first["you"] is None
    assert "hidden" not in [card for row in first["layouts"] for card in row]
    seat_view = httpx.get(url, params={"seat": 0}).json()["frames"][0]["view"]
    assert "hidden" in [card for row in seat_view["layouts"] for card in row]


def test_replays_and_analyses_of_a_running_match_are_refused(server: Server) -> None:
    code = create_table(server, "cactus", ["human", "random"], options=CACTUS_ONE_ROUND)["code"]

    async def scenario() -> list[httpx.Response]:
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("state")
        base = f"{server.url}/api/tables/{code}/matches/1"
        answers = [
            httpx.get(f"{base}/replay", params={"seat": 0}),
            httpx.post(f"{base}/analysis", params={"seat": 0}),
        ]
        await client.close()
        return answers

    for answer in asyncio.run(scenario()):
        assert answer.status_code == 409 and "still being played" in answer.json()["message"]


def test_bad_seats_are_refused_with_the_choices(server: Server) -> None:
    code = finished_match(server)
    base = f"{server.url}/api/tables/{code}/matches/1"
    for params in ({"seat": 2}, {"seat": "x"}, {}):
        answer = httpx.get(f"{base}/replay", params=params)
        assert answer.status_code == 400 and "0..1" in answer.json()["message"]
    answer = httpx.post(f"{base}/analysis", params={"seat": "all"})
    assert answer.status_code == 400 and answer.json()["error"] == "bad_seat"


def wait_for_analysis(server: Server, code: str, seat: int) -> dict:
    url = f"{server.url}/api/tables/{code}/matches/1/analysis"
    deadline = time.monotonic() + 120
    progress = []
    while time.monotonic() < deadline:
        answer = httpx.get(url, params={"seat": seat}).json()
        progress.append(answer["status"])
        if answer["status"] == "done":
            return answer | {"seen": progress}
        assert answer["status"] == "running", answer
        assert 0 <= answer["done"] <= answer["total"]
        time.sleep(0.2)
    raise AssertionError("the analysis did not finish")


def test_an_analysis_runs_reports_progress_and_is_kept_across_a_restart(tmp_path) -> None:
    db = tmp_path / "coach.db"
    with running_server(db, "--bot-workers", "1", "--bot-delay", "0") as server:
        code = finished_match(server)
        url = f"{server.url}/api/tables/{code}/matches/1/analysis"
        assert httpx.get(url, params={"seat": 0}).json() == {"status": "none"}
        started = httpx.post(url, params={"seat": 0})
        assert started.status_code == 202 and started.json()["status"] == "running"
        done = wait_for_analysis(server, code, 0)
        record = httpx.get(f"{server.url}/api/tables/{code}/matches/1").json()
    expected = [index for index, _, _ in decisions_of(record, 0)]
    analysis = done["analysis"]
    assert [d["index"] for d in analysis["decisions"]] == expected
    assert analysis["unit"] == "points" and len(analysis["thresholds"]) == 3
    with running_server(db, "--bot-workers", "0") as server:
        again = httpx.get(url.replace(url.split("/api")[0], server.url), params={"seat": 0})
        assert again.json() == {"status": "done", "analysis": analysis}


def test_hints_are_given_at_practice_tables_only_and_for_the_current_move(server: Server) -> None:
    practice = create_table(server, "skyjo", ["human", "random"])["code"]
    friends = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> tuple[dict, dict, dict, dict]:
        (me,) = await seat_clients(server, practice, [0])
        early = await me.error({"type": "hint"})
        await me.send({"type": "start"})
        state = await me.expect("state")
        while not state["legal"]:
            state = await me.expect("state")
        seq = await me.send_seq({"type": "hint"})
        hint = await me.expect("hint", timeout=30)
        assert hint["seq"] == seq
        # The bot may have moved before the hint was asked: it is for the version then.
        state = next(m for m in me.states() if m["version"] == hint["version"])
        you, other = await seat_clients(server, friends, [0, 1])
        await you.send({"type": "start"})
        await you.expect("state")
        refused = await you.error({"type": "hint"})
        for client in (me, you, other):
            await client.close()
        return early, state, hint, refused

    early, state, hint, refused = asyncio.run(scenario())
    assert early["error"] == "not_your_move"
    assert hint["version"] == state["version"] and hint["action"] in state["legal"]
    # Why: the best other move, and what the coach's move is expected to gain over it.
    assert hint["alternative"] in state["legal"] and hint["alternative"] != hint["action"]
    assert isinstance(hint["gain"], float) and hint["unit"] == "points"
    assert refused["error"] == "no_hints" and "practice" in refused["message"]

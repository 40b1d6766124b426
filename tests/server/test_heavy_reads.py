"""Replays of finished matches: built once per match and seat, cached, and each
address's share of builds bounded, over real HTTP."""

from __future__ import annotations

import time

import httpx

from .measure import group_cpu_seconds
from .support import TEST_SETTINGS, Server, create_table, running_server

#: Four random bots to 1000 points: some two thousand actions of Skyjo.
LONG_MATCH = {"target_score": 1000}


def long_finished_match(server: Server) -> str:
    code = create_table(server, "skyjo", ["random"] * 4, options=LONG_MATCH, bot_delay=0)["code"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{code}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their match"
        time.sleep(0.2)
    return code


def test_a_replay_is_built_once_and_then_served_from_the_cache(tmp_path) -> None:
    with running_server(tmp_path / "replays.db", *TEST_SETTINGS) as server:
        code = long_finished_match(server)
        url = f"{server.url}/api/tables/{code}/matches/1/replay"
        start = group_cpu_seconds(server)
        first = httpx.get(url, params={"seat": "all"}, timeout=60)
        built = group_cpu_seconds(server)
        again = [httpx.get(url, params={"seat": "all"}, timeout=60) for _ in range(10)]
        repeated = group_cpu_seconds(server)
    assert first.status_code == 200 and len(first.json()["frames"]) > 500
    assert all(reply.content == first.content for reply in again)
    # Each request used to replay the match again (and, revealed, serialise the whole
    # state at every step): ten requests cost ten builds. Now they cost none.
    assert repeated - built < max(0.5, (built - start) / 2), (built - start, repeated - built)


def test_each_address_has_a_share_of_heavy_reads(tmp_path) -> None:
    limits = ("--limit", "heavy_reads_per_minute=2")
    with running_server(tmp_path / "shares.db", *TEST_SETTINGS, *limits) as server:
        code = long_finished_match(server)
        url = f"{server.url}/api/tables/{code}/matches/1/replay"
        answers = [httpx.get(url, params={"seat": seat}, timeout=60) for seat in (0, 1, 0)]
        transport = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(transport=transport) as other:
            elsewhere = other.get(url, params={"seat": 0}, timeout=60)
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[2].json()["error"] == "rate_limited"  # cached, but megabytes to send
    assert elsewhere.status_code == 200  # another address has a share of its own


def test_records_and_history_are_read_once_then_served_from_the_cache(tmp_path) -> None:
    with running_server(tmp_path / "records.db", *TEST_SETTINGS) as server:
        code = long_finished_match(server)
        base = f"{server.url}/api/tables/{code}/matches"
        first = httpx.get(f"{base}/1", timeout=60)
        history = httpx.get(base, timeout=60)
        start = group_cpu_seconds(server)
        again = [httpx.get(f"{base}/1", timeout=60) for _ in range(40)]
        pages = [httpx.get(base, timeout=60) for _ in range(40)]
        spent = group_cpu_seconds(server) - start
        empty_page = httpx.get(base, params={"offset": 1, "limit": 10}, timeout=60)
    assert first.status_code == 200 and len(first.json()["log"]) > 500
    assert all(reply.content == first.content for reply in again)
    assert history.json()[0]["number"] == 1
    assert all(page.content == history.content for page in pages)
    assert empty_page.json() == []
    # Each read used to load and write the whole log again (the history every match's):
    # eighty reads of a long match cost some 0.7 s of CPU. Served ready, under 0.1 s.
    assert spent < 0.25, spent

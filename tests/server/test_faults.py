"""Faults the server survives: a locked database, a stored match that no longer
replays, a crash between a match's last action and its result, a database that
cannot be written, and a SIGKILL that must not leave bot processes behind."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time

import httpx

from .backends import execute, locked, stored_actions, unusable_database
from .support import (
    TEST_SETTINGS,
    Server,
    create_table,
    running_server,
    short_options,
    wait_for_status,
)


def test_a_locked_database_neither_freezes_the_server_nor_stops_the_match(tmp_path):
    db = tmp_path / "locked.db"
    with running_server(db, *TEST_SETTINGS, "--bot-delay", "0.05") as server:
        code = create_table(server, "skyjo", ["random", "random"])["code"]
        wait_for_status(server, code, lambda s: s["status"] == "playing")
        with locked(db):
            time.sleep(0.5)  # the bots' writes now fail (SQLite) or wait (PostgreSQL)
            slowest = 0.0
            for _ in range(20):  # the lock is held about 6 s, longer than a write waited
                start = time.monotonic()
                httpx.get(f"{server.url}/api/games", timeout=10).raise_for_status()
                slowest = max(slowest, time.monotonic() - start)
                time.sleep(0.25)
        during = stored_actions(db, code)
        time.sleep(3.0)
        after = stored_actions(db, code)
    # A write used to wait up to 5 s for the lock, on the event loop: every request
    # waited with it. Now a write gives up after 0.2 s (the margin is for a busy machine).
    assert slowest < 2.5
    assert after > during  # the failed bot move is tried again once the lock is gone


def corrupt_first_action(db, code):
    bad = json.dumps({"type": "no_such_move"})
    execute(db, "UPDATE actions SET action = %s WHERE code = %s AND idx = 0", bad, code)


def test_a_match_that_no_longer_replays_is_quarantined_and_the_rest_served(tmp_path):
    db = tmp_path / "bad.db"
    server = Server(db, *TEST_SETTINGS, "--bot-delay", "0.5").start()
    try:
        bad = create_table(server, "skyjo", ["random", "random"])["code"]
        good = create_table(server, "skyjo", ["random", "random"])["code"]
        for code in (bad, good):
            wait_for_status(server, code, lambda s: s["status"] == "playing")
        while stored_actions(db, bad) < 1:
            time.sleep(0.05)
        server.kill()
        corrupt_first_action(db, bad)
        server.start()
        refused = httpx.get(f"{server.url}/api/tables/{bad}", timeout=5)
        served = httpx.get(f"{server.url}/api/tables/{good}", timeout=5)
        again = Server(db, *TEST_SETTINGS).start()  # the mark is kept: no replay again
        again_refused = httpx.get(f"{again.url}/api/tables/{bad}", timeout=5)
        again.stop()
    finally:
        server.stop()
    assert refused.status_code == 503 and refused.json()["error"] == "quarantined"
    assert "could not be rebuilt" in refused.json()["message"]
    assert served.status_code == 200 and served.json()["status"] == "playing"
    assert f"table {bad} quarantined" in server.log.read_text()
    assert again_refused.json()["error"] == "quarantined"


def test_a_match_over_but_not_marked_finished_is_finished_on_start(tmp_path):
    db = tmp_path / "unmarked.db"
    server = Server(db, *TEST_SETTINGS).start()
    try:
        options = short_options("skyjo")
        code = create_table(server, "skyjo", ["random", "random"], options=options)["code"]
        wait_for_status(server, code, lambda s: s["status"] == "finished")
        server.kill()
        execute(db, "UPDATE matches SET finished = false, result = NULL WHERE code = %s", code)
        server.start()
        log = httpx.get(f"{server.url}/api/tables/{code}/matches/1", timeout=5)
    finally:
        server.stop()
    assert log.status_code == 200
    assert log.json()["result"]["winners"]


def test_a_database_that_cannot_be_written_is_refused_at_start(tmp_path):
    db, reason = unusable_database(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "serve", "--db", db, "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert reason in result.stderr


def group_alive(pgid):
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_bot_processes_die_with_a_killed_server(tmp_path):
    server = Server(tmp_path / "kill.db", "--bot-workers", "2", "--bot-delay", "0").start()
    try:
        code = create_table(server, "skyjo", ["random", "random"])["code"]
        wait_for_status(server, code, lambda s: s["status"] == "playing")
        time.sleep(1.0)  # the workers have been started and used
        pgid = server.proc.pid
        server.kill()
        deadline = time.monotonic() + 10
        while group_alive(pgid) and time.monotonic() < deadline:
            time.sleep(0.1)
        alive = group_alive(pgid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
    assert not alive

"""``--log-format json``: every line of the server's log is one JSON object."""

from __future__ import annotations

import json
import time

import httpx

from .backends import execute, stored_actions
from .support import TEST_SETTINGS, Server, create_table
from .test_bad_rows import not_an_object


def test_every_line_of_the_log_is_a_json_record(tmp_path):
    db = tmp_path / "json.db"
    server = Server(db, *TEST_SETTINGS, "--log-format", "json").start()
    try:
        httpx.get(f"{server.url}/api/games", timeout=5).raise_for_status()
        code = create_table(server, "skyjo", ["random", "random"])["code"]
        while stored_actions(db, code) < 1:
            time.sleep(0.05)
        server.stop()
        # a stored action that no longer reads: the restarted server logs a quarantine
        execute(db, "UPDATE actions SET action = %s WHERE code = %s", not_an_object(), code)
        server.start()
        httpx.get(f"{server.url}/api/tables/{code}", timeout=5)
    finally:
        server.stop()
    lines = [line for line in server.log.read_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # fails on any line that is not JSON
    for record in records:
        assert {"time", "level", "logger", "message"} <= record.keys()
        assert record["time"].endswith("+00:00")
    assert any(r["logger"] == "uvicorn.error" and "running on" in r["message"] for r in records)
    access = [r for r in records if r["logger"] == "uvicorn.access"]
    games = next(r for r in access if r["path"] == "/api/games")
    assert (games["method"], games["status"]) == ("GET", 200)
    assert games["client"].startswith("127.0.0.1:")
    ours = [r for r in records if r["logger"].startswith("cardtable")]
    assert any(f"table {code} quarantined" in r["message"] for r in ours), ours

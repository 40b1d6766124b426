"""Stored rows the server cannot use (not JSON, or a gap in a match's log) put that
table out of service, named in the log and the API, and the rest is served."""

from __future__ import annotations

import time

import httpx

from .backends import BACKEND, execute, stored_actions
from .support import TEST_SETTINGS, Server, create_table, wait_for_status


def not_an_object() -> str:
    """Text that is no JSON object: not JSON at all where the column is text (SQLite),
    a JSON string where the column holds JSON (PostgreSQL)."""
    return "{not json" if BACKEND.postgres is None else '"not an object"'


def test_bad_rows_and_gaps_quarantine_their_table_and_the_rest_is_served(tmp_path) -> None:
    db = tmp_path / "rows.db"
    server = Server(db, *TEST_SETTINGS, "--bot-delay", "0.3").start()
    try:
        bad_action, gap, good = (
            create_table(server, "skyjo", ["random", "random"])["code"] for _ in range(3)
        )
        bad_options = create_table(server, "skyjo", ["human", "human"])["code"]
        for code in (bad_action, gap, good):
            wait_for_status(server, code, lambda s: s["status"] == "playing")
        while min(stored_actions(db, code) for code in (bad_action, gap)) < 3:
            time.sleep(0.05)
        server.kill()
        bad = not_an_object()
        execute(
            db,
            "UPDATE actions SET action = %s WHERE code = %s AND idx = 0",
            bad,
            bad_action,
        )
        execute(db, "DELETE FROM actions WHERE code = %s AND idx = 1", gap)
        if BACKEND.postgres is None:  # PostgreSQL's JSON columns take JSON alone
            execute(db, "UPDATE tables SET options = %s WHERE code = %s", bad, bad_options)
        server.start()
        answers = {
            code: httpx.get(f"{server.url}/api/tables/{code}", timeout=5)
            for code in (bad_action, gap, bad_options, good)
        }
    finally:
        server.stop()
    log = server.log.read_text()
    broken = [bad_action, gap] + ([bad_options] if BACKEND.postgres is None else [])
    for code in broken:
        assert answers[code].status_code == 503, answers[code].text
        assert answers[code].json()["error"] == "quarantined"
        assert f"table {code} quarantined" in log
    assert answers[good].status_code == 200 and answers[good].json()["status"] == "playing"

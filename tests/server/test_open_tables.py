"""The site-wide cap of open tables is no lockout, over real HTTP: tables nobody came
to expire soon, and quick match seats people when the cap is reached."""

from __future__ import annotations

import asyncio
import time

import httpx

from .support import JSON_BODY, TEST_SETTINGS, Client, create_table, running_server

TABLE = {"game": "skyjo", "seats": ["human", "human"]}


def test_quick_match_works_at_the_cap_and_unvisited_tables_expire_soon(tmp_path) -> None:
    limits = (
        *("--limit", "max_open_tables=4"),
        *("--limit", "unjoined_table_seconds=1"),
    )
    with running_server(tmp_path / "cap.db", *TEST_SETTINGS, *limits) as server:
        codes = [create_table(server, **TABLE)["code"] for _ in range(4)]

        async def visit() -> None:
            watcher = await Client.open(server, codes[0])
            await watcher.join("ann")
            await watcher.close()

        asyncio.run(visit())
        full = httpx.post(f"{server.url}/api/tables", json=TABLE, headers=JSON_BODY, timeout=10)
        quick = httpx.post(
            f"{server.url}/api/quickmatch", json={"game": "skyjo"}, headers=JSON_BODY, timeout=10
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            gone = [
                httpx.get(f"{server.url}/api/tables/{code}", timeout=10).status_code == 404
                for code in codes
            ]
            if all(gone[1:]):
                break
            time.sleep(0.3)
        after = httpx.post(f"{server.url}/api/tables", json=TABLE, headers=JSON_BODY, timeout=10)
    assert full.status_code == 503 and full.json()["error"] == "too_many_tables"
    assert quick.status_code == 201  # the cap does not keep people from a quick match
    assert gone == [False, True, True, True]  # the visited table stays (its seat is held)
    assert after.status_code == 201

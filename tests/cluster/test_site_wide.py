"""Quick match and the open-table caps count over the whole site, not per process."""

import asyncio

import httpx

from .support import running_site

#: The players of the quick-match table: room for every request of the test.
PLAYERS = 6


def test_quick_match_requests_on_different_processes_at_once_meet_at_one_table(
    tmp_path, postgres, redis_server
):
    with running_site(tmp_path, postgres, redis_server) as site:

        async def requests() -> list[httpx.Response]:
            async with httpx.AsyncClient(timeout=30) as http:
                body = {"game": "skyjo", "players": PLAYERS, "wait_seconds": 60}
                return await asyncio.gather(
                    *(
                        http.post(
                            f"{site.nodes[i % len(site.nodes)].url}/api/quickmatch", json=body
                        )
                        for i in range(PLAYERS)
                    )
                )

        answers = asyncio.run(requests())
    assert sorted(a.status_code for a in answers) == [200] * (PLAYERS - 1) + [201]
    assert len({a.json()["code"] for a in answers}) == 1


def create(url: str, address: str) -> httpx.Response:
    """A create-table request from the client at loopback ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport, timeout=10) as http:
        return http.post(f"{url}/api/tables", json={"game": "skyjo", "seats": ["human"] * 2})


def test_the_open_table_caps_reached_through_one_process_refuse_on_another(
    tmp_path, postgres, redis_server
):
    caps = ("--limit", "max_open_tables=3", "--limit", "max_open_tables_per_client=2")
    with running_site(tmp_path, postgres, redis_server, 3, *caps) as site:
        first, second, third = (node.url for node in site.nodes)
        assert [create(first, "127.0.0.2").status_code for _ in range(2)] == [201, 201]
        mine = create(second, "127.0.0.2")
        assert mine.status_code == 429 and mine.json()["error"] == "too_many_tables"
        assert "you have 2 open tables" in mine.json()["message"]
        assert create(third, "127.0.0.3").status_code == 201
        full = create(second, "127.0.0.4")
        assert full.status_code == 503 and full.json()["error"] == "too_many_tables"
        assert "as many open tables as it takes" in full.json()["message"]

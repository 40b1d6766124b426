"""What keeps a flooding client cheap: the listing served as rendered bytes (with an
ETag, and 304 for a client that has it), the HTTP API paced per client address (a
burst, then requests that wait their turn, then refusals that cost no work), and bot
workers started with the server rather than on the event loop at the first bot move.
Shown over real HTTP and WebSocket connections, on servers started for the test."""

import asyncio
import time
from pathlib import Path

import httpx

from .support import TEST_SETTINGS, Client, create_table, running_server

TABLE = {"game": "skyjo", "seats": ["human", "human"]}


def server_with(tmp_path, *limits):
    """A server of the test settings with ``name=value`` limits changed."""
    args = [arg for limit in limits for arg in ("--limit", limit)]
    return running_server(tmp_path / "flood.db", *TEST_SETTINGS, *args)


def listing(server, **headers):
    return httpx.get(f"{server.url}/api/tables", headers=headers, timeout=5)


def test_an_unchanged_listing_is_answered_304_and_a_new_table_changes_it(server):
    first = listing(server)
    etag = first.headers["etag"]
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
    again = listing(server, **{"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    weak_in_a_list = listing(server, **{"if-none-match": f'"other", W/{etag}'})
    assert weak_in_a_list.status_code == 304
    assert listing(server, **{"if-none-match": '"other"'}).json() == first.json()

    code = create_table(server, "skyjo", ["human", "human"])["code"]
    changed = listing(server, **{"if-none-match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert code in {table["code"] for table in changed.json()}


def test_a_rendered_listing_is_served_again_until_it_changes_or_expires(tmp_path):
    with server_with(tmp_path, "listing_seconds=2") as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]

        def spectators_listed():
            (table,) = [t for t in listing(server).json() if t["code"] == code]
            return table["spectators"]

        async def scenario():
            rendered = time.monotonic()
            assert await asyncio.to_thread(spectators_listed) == 0
            watcher = await Client.open(server, code)
            await watcher.send({"type": "spectate"})
            await watcher.expect("welcome")
            status = httpx.get(f"{server.url}/api/tables/{code}", timeout=5).json()
            cached = await asyncio.to_thread(spectators_listed)
            while await asyncio.to_thread(spectators_listed) == 0:
                await asyncio.sleep(0.05)
            shown = time.monotonic()
            await watcher.close()
            return status["spectators"], cached, shown - rendered

        now, cached, delay = asyncio.run(scenario())
    assert now == 1
    assert cached == 0  # a spectator does not change the listing's tables
    assert 1.9 <= delay < 10  # the page was rendered again once two seconds had passed


def test_api_requests_over_the_pace_wait_their_turn_then_are_refused_without_work(tmp_path):
    with server_with(tmp_path, "api_requests_per_second=1", "api_burst=2") as server:

        async def flood():
            async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:

                async def create():
                    sent = time.monotonic()
                    answer = await client.post("/api/tables", json=TABLE)
                    return answer, time.monotonic() - sent

                answers = await asyncio.gather(*(create() for _ in range(6)))
                watcher = await Client.open(server, answers[0][0].json()["code"])
                await watcher.send({"type": "spectate"})
                await watcher.expect("welcome")  # sockets are not paced
                await watcher.close()
                return answers

        time.sleep(1.2)  # the pace has forgotten the requests that saw the server start
        answers = asyncio.run(flood())
        listed = listing(server).json()  # waits its turn, then is answered
    created = sorted(seconds for answer, seconds in answers if answer.status_code == 201)
    refused = [(answer, seconds) for answer, seconds in answers if answer.status_code != 201]
    assert len(created) == 4 and created[-1] >= 1.9  # two at once, then one a second
    assert all(seconds >= 0.9 for _, seconds in refused)  # held back, not answered at once
    refused = [answer for answer, _ in refused]
    assert [answer.status_code for answer in refused] == [429, 429]
    assert all(answer.json()["error"] == "rate_limited" for answer in refused)
    assert all(int(answer.headers["retry-after"]) >= 1 for answer in refused)
    assert len(listed) == 4  # the refused requests created nothing


def processes_in_group(pgid):
    """The processes of process group ``pgid`` (Linux ``/proc``)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue  # ended meanwhile
        if int(fields[2]) == pgid:
            out.append(int(stat.parent.name))
    return out


def test_bot_workers_are_running_before_the_first_bot_move(tmp_path):
    with running_server(tmp_path / "workers.db", "--bot-workers", "2") as server:
        assert server.proc is not None
        group = processes_in_group(server.proc.pid)
    # the server, the forkserver and two workers (and multiprocessing's resource tracker)
    assert len(group) >= 4

"""Long tables of bots alone, over real HTTP and WebSocket: a move costs the server the
same late in a match as early, and bot-only tables get a bounded share of it."""

from __future__ import annotations

import asyncio

import httpx

from .measure import group_cpu_seconds
from .support import TEST_SETTINGS, Client, Server, create_table, running_server

#: The address of another client (the tests' own is 127.0.0.1).
OTHER = "127.0.0.2"

#: Ten random bots playing Last Card to the highest target: thousands of actions.
LONG_TABLE = {"game": "lastcard", "seats": ["random"] * 10, "options": {"target_score": 5000}}


async def watch_until(watcher: Client, version: int) -> int:
    """Read the table's states until its log holds ``version`` actions."""
    while True:
        message = await watcher.expect("state", timeout=60)
        if message["version"] >= version:
            return int(message["version"])


def cpu_per_action(server: Server, code: str, windows: list[tuple[int, int]]) -> list[float]:
    """Server CPU seconds per action over each (first, last) window of the log."""

    async def scenario() -> list[float]:
        watcher = await Client.open(server, code)
        await watcher.send({"type": "spectate"})
        costs = []
        for first, last in windows:
            start_version = await watch_until(watcher, first)
            start = group_cpu_seconds(server)
            end_version = await watch_until(watcher, last)
            costs.append((group_cpu_seconds(server) - start) / (end_version - start_version))
        await watcher.close()
        return costs

    return asyncio.run(scenario())


def test_a_bot_move_costs_as_much_late_in_a_long_match_as_early(tmp_path) -> None:
    with running_server(tmp_path / "long.db", *TEST_SETTINGS) as server:
        code = create_table(
            server, LONG_TABLE["game"], LONG_TABLE["seats"], options=LONG_TABLE["options"]
        )["code"]
        early, late = cpu_per_action(server, code, [(100, 500), (2600, 3000)])
    # Each move used to write the whole log for the bot process (which read it back):
    # at 3000 actions a move cost several times what it cost at 100.
    assert late < 2 * early, (early, late)


async def versions_for(watcher: Client, seconds: float) -> int:
    """How many actions the watched table played in the next ``seconds``."""
    seen: list[int] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    # Each read waits at most the time left: on Python 3.11 a cancellation by an
    # enclosing asyncio.timeout is lost when it meets a message arriving (wait_for then
    # returns the message), and a table that never stops sending kept the loop going.
    while (left := deadline - loop.time()) > 0:
        try:
            message = await watcher.recv(timeout=left)
        except TimeoutError:
            break
        if message["type"] == "state":
            seen.append(message["version"])
    return max(seen) - min(seen) if seen else 0


def test_tables_of_bots_alone_share_the_server_per_address_and_in_all(tmp_path) -> None:
    limits = (
        *("--limit", "bots_alone_moves_per_client=20"),
        *("--limit", "bots_alone_moves_per_second=50"),
    )
    with running_server(tmp_path / "shares.db", *TEST_SETTINGS, *limits) as server:
        table = {"game": "lastcard", "seats": ["random"] * 4, "options": {"target_score": 5000}}
        codes = [create_table(server, **table)["code"] for _ in range(3)]
        with httpx.Client(transport=httpx.HTTPTransport(local_address=OTHER)) as other:
            for _ in range(3):
                answer = other.post(f"{server.url}/api/tables", json=table, timeout=10)
                codes.append(answer.json()["code"])

        async def count(seconds: float) -> list[int]:
            watchers = []
            for code in codes:
                watcher = await Client.open(server, code)
                await watcher.send({"type": "spectate"})
                await watcher.expect("state")
                watchers.append(watcher)
            moves = await asyncio.gather(*(versions_for(w, seconds) for w in watchers))
            await asyncio.gather(*(w.close() for w in watchers))
            return list(moves)

        moves = asyncio.run(count(3.0))
    # Over 3 s (with a second's slack): one address's tables 20 moves a second, all
    # tables together 50; without the shares each table played hundreds a second.
    assert sum(moves[:3]) <= 20 * 4, moves
    assert sum(moves) <= 50 * 4, moves
    assert all(m > 0 for m in moves), moves  # every table moves on, the other's too

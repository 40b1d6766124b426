"""Long tables of bots alone, over real HTTP and WebSocket: a move costs the server the
same late in a match as early, and bot-only tables get a bounded share of it."""

from __future__ import annotations

import asyncio

from .measure import group_cpu_seconds
from .support import TEST_SETTINGS, Client, Server, create_table, running_server

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

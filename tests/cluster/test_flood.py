"""A flood on one process does not hold up the tables another process owns."""

import asyncio
import contextlib
import json
import random
import time

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.support import GAMES, Client, create_table, seat_clients
from tests.server.test_restart import act_and_record

from .support import running_site

FLOODERS = 20
ACTIONS = 20
#: Far above any acknowledgement on an idle owner; a stalled owner never answers.
ACK_BOUND_SECONDS = 5.0


async def flood(client: Client, stop: asyncio.Event) -> int:
    """Send as fast as the socket takes them, counting the refusals that come back."""
    junk = json.dumps({"type": "action", "action": {"type": "nonsense"}})
    refused = 0
    with contextlib.suppress(ConnectionClosed):
        while not stop.is_set():
            for _ in range(50):
                await client.ws.send(junk)
            with contextlib.suppress(TimeoutError):
                while True:
                    message = json.loads(await asyncio.wait_for(client.ws.recv(), 0.001))
                    refused += message["type"] == "error"
    return refused


@pytest.mark.slow
def test_a_flood_on_one_process_leaves_another_process_tables_moving(
    tmp_path, postgres, redis_server
):
    game = GAMES[0]
    with running_site(tmp_path, postgres, redis_server) as site:
        quiet = create_table(site.nodes[0], game, ["human", "human"])["code"]
        busy = create_table(site.nodes[1], game, ["human", "human"])["code"]

        async def scenario():
            players = await seat_clients(site.nodes[0], quiet, [0, 1])
            flooders = [await Client.open(site.nodes[1], busy) for _ in range(FLOODERS)]
            for flooder in flooders:
                await flooder.send({"type": "spectate"})
                await flooder.expect("welcome")
            await players[0].send({"type": "start"})
            for player in players:
                await player.expect("state")
            stop = asyncio.Event()
            flooding = [asyncio.create_task(flood(f, stop)) for f in flooders]
            await asyncio.sleep(0.5)  # the flood is on before the quiet table plays
            acked = []
            rng = random.Random(5)
            slowest = 0.0
            for _ in range(ACTIONS):
                before = time.monotonic()
                acked += await act_and_record(players, game, 1, rng)
                slowest = max(slowest, time.monotonic() - before)
            stop.set()
            refused = sum(await asyncio.gather(*flooding))
            for client in [*players, *flooders]:
                with contextlib.suppress(ConnectionClosed):
                    await client.close()
            return acked, refused, slowest

        acked, refused, slowest = asyncio.run(scenario())
    assert len(acked) == ACTIONS
    assert refused > 10 * ACTIONS, "the flood did not reach the busy process"
    assert slowest < ACK_BOUND_SECONDS, f"an action took {slowest:.2f} s during the flood"

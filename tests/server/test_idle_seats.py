"""A seat whose person sits through their turns without acting is handed to the
stand-in, then freed when the match ends, over real WebSockets."""

from __future__ import annotations

import asyncio
import random

import httpx

from cardtable.server.room import IDLE_TURNS

from .support import (
    TEST_SETTINGS,
    create_table,
    pick,
    running_server,
    seat_clients,
    short_options,
)


def test_a_seat_idle_for_some_turns_is_freed_and_the_match_goes_on(tmp_path) -> None:
    with running_server(tmp_path / "idle.db", *TEST_SETTINGS) as server:
        seats = ["human", "human"]
        options = short_options("lastcard")
        table = create_table(
            server, "lastcard", seats, turn_seconds=0.2, bot_delay=0, options=options
        )
        code = table["code"]

        async def scenario() -> dict:
            active, idle = await seat_clients(server, code, [0, 1])
            await active.send({"type": "start"})
            rng = random.Random(3)

            # Stopped by the flag as well as by cancelling: on Python 3.11 a cancellation
            # that meets a message arriving is lost inside wait_for.
            stop = asyncio.Event()

            async def play() -> None:
                while not stop.is_set():
                    message = await active.recv(timeout=120)
                    if message["type"] == "state" and message["legal"]:
                        action = pick("lastcard", message["legal"], rng)
                        await active.send_seq(
                            {"type": "action", "action": action, "version": message["version"]}
                        )

            player = asyncio.create_task(play())
            freed = await idle.expect("error", timeout=180)
            stop.set()
            player.cancel()  # it may have ended already (the match over): either is fine
            await asyncio.gather(player, return_exceptions=True)
            await asyncio.gather(active.close(), idle.close())
            return freed

        freed = asyncio.run(scenario())
        status = httpx.get(f"{server.url}/api/tables/{code}", timeout=10).json()
    assert freed["error"] == "seat_freed" and str(IDLE_TURNS) in freed["message"]
    seat = status["seats"][1]
    assert seat["taken"] is False and seat["autoplay"] is True
    assert status["status"] == "finished"

"""A slow read of PostgreSQL (loading a table, here held up by a lock) runs beside
the event loop: the other tables' actions go on being acknowledged meanwhile."""

import asyncio
import json
import threading
import time

import httpx
import psycopg

from tests.server.backends import BACKEND
from tests.server.support import create_table, running_server, seat_clients, short_options

#: How long the lock holds up the read.
HELD_SECONDS = 3.0
#: Actions played meanwhile, a tenth of a second apart.
ACTIONS = 8


def hold_chat_lock(url: str, locked: threading.Event) -> None:
    """Keep every reader out of the chat table for ``HELD_SECONDS`` (loading a table
    reads its chat last, after its log)."""
    with psycopg.connect(url) as conn:
        conn.execute("LOCK TABLE chat IN ACCESS EXCLUSIVE MODE")
        locked.set()
        time.sleep(HELD_SECONDS)
        conn.rollback()


def test_actions_are_acknowledged_while_another_table_loads_slowly(postgres, tmp_path):
    with BACKEND.using(postgres), running_server(tmp_path / "slow.db", "--bot-workers", "0") as srv:
        url = BACKEND.url(srv.db)
        # A table made by another process: in the database, not yet in this one's memory.
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO tables (code, game, options, seats, public, turn_seconds,"
                " bot_delay) VALUES ('SLOWLY', 'skyjo', '{}', %s, true, NULL, 0)",
                (json.dumps(["human", "human"]),),
            )
        code = create_table(srv, "skyjo", ["human", "human"], options=short_options("skyjo"))[
            "code"
        ]

        async def scenario() -> tuple[list[float], float]:
            clients = await seat_clients(srv, code, [0, 1])
            await clients[0].send({"type": "start"})
            states = await asyncio.gather(*(c.expect("state") for c in clients))
            locked = threading.Event()
            holder = threading.Thread(target=hold_chat_lock, args=(url, locked))
            holder.start()
            await asyncio.to_thread(locked.wait)
            started = time.monotonic()
            async with httpx.AsyncClient(timeout=30) as http:
                load = asyncio.create_task(http.get(f"{srv.url}/api/tables/SLOWLY"))
                await asyncio.sleep(0.3)  # the load is waiting on the lock by now
                acks = []
                while len(acks) < ACTIONS and not load.done():
                    await asyncio.sleep(0.1)
                    seat = states[0]["view"]["to_act"][0]
                    action = {
                        "action": states[seat]["legal"][0],
                        "version": states[seat]["version"],
                    }
                    sent = time.monotonic()
                    await clients[seat].send_seq({"type": "action", **action})
                    await clients[seat].expect("ack")
                    acks.append(time.monotonic() - sent)
                    states = await asyncio.gather(*(c.expect("state") for c in clients))
                response = await load
            loaded = time.monotonic() - started
            await asyncio.to_thread(holder.join)
            assert response.status_code == 200 and response.json()["code"] == "SLOWLY"
            await asyncio.gather(*(c.close() for c in clients))
            return acks, loaded

        acks, loaded = asyncio.run(scenario())
    assert loaded > HELD_SECONDS - 0.5  # the load did wait for the lock
    assert len(acks) == ACTIONS and max(acks) < 1.0, acks

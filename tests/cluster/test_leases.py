"""A table's lease: kept through a pause of its owner that nobody else used, and
lost, with the room, to a process that took it meanwhile."""

import asyncio
import os
import signal
import time

from websockets.exceptions import ConnectionClosed

from tests.server.support import GAMES, Client, create_table

from .support import LEASE_SECONDS, running_site


def test_a_lease_that_expired_unclaimed_is_taken_back_and_the_players_stay(
    tmp_path, postgres, redis_server
):
    with running_site(tmp_path, postgres, redis_server, size=1) as site:
        code = create_table(site.nodes[0], GAMES[0], ["human", "human"])["code"]

        async def scenario():
            client = await Client.open(site.nodes[0], code)
            await client.join("stays")
            owner = site.redis.get(f"cardtable:lease:{code}")
            site.redis.delete(f"cardtable:lease:{code}")  # as if it expired in a pause
            await asyncio.sleep(LEASE_SECONDS / 2)  # a few renewals
            again = site.redis.get(f"cardtable:lease:{code}")
            await client.send_seq({"type": "chat", "text": "still here"})
            echoed = await client.expect("chat")
            await client.close()
            return owner, again, echoed

        owner, again, echoed = asyncio.run(scenario())
    assert owner is not None and again == owner
    assert echoed["text"] == "still here"


def test_a_lease_another_process_took_moves_the_players_to_it(tmp_path, postgres, redis_server):
    with running_site(tmp_path, postgres, redis_server, size=1) as site:
        code = create_table(site.nodes[0], GAMES[0], ["human", "human"])["code"]

        async def scenario():
            client = await Client.open(site.nodes[0], code)
            await client.join("moves")
            site.redis.set(f"cardtable:lease:{code}", "another-process-1-abc")
            deadline = time.monotonic() + 2 * LEASE_SECONDS
            while time.monotonic() < deadline:
                try:
                    await client.recv(timeout=0.2)
                except TimeoutError:
                    continue
                except ConnectionClosed as exc:  # the table moved
                    return exc
            return None

        closed = asyncio.run(scenario())
    assert closed is not None and closed.rcvd is not None and closed.rcvd.code == 1012


def test_a_relayed_seat_whose_edge_missed_its_heartbeat_is_closed_and_rejoins(
    tmp_path, postgres, redis_server
):
    with running_site(tmp_path, postgres, redis_server, size=2) as site:
        code = create_table(site.nodes[0], GAMES[0], ["human", "human"])["code"]
        edge = site.nodes[1]  # the table is the first node's: this one relays

        async def scenario():
            client = await Client.open(edge, code)
            await client.join("relayed")
            os.kill(edge.proc.pid, signal.SIGSTOP)  # paused past its heartbeat
            await asyncio.sleep(1.5 * LEASE_SECONDS)
            os.kill(edge.proc.pid, signal.SIGCONT)
            try:
                while True:
                    await client.recv(timeout=2 * LEASE_SECONDS)
            except ConnectionClosed as exc:
                closed = exc
            again = await Client.open(edge, code)
            await again.send({"type": "rejoin", "token": client.token})
            welcome = await again.expect("welcome")
            await again.send_seq({"type": "chat", "text": "seated again"})
            echoed = await again.expect("chat")
            await again.close()
            return closed, welcome, echoed, client.seat

        closed, welcome, echoed, seat = asyncio.run(scenario())
    assert closed.rcvd is not None and closed.rcvd.code == 1012
    assert welcome["seat"] == seat and echoed["seat"] == seat

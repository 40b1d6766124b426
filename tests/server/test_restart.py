"""A server killed with SIGKILL mid-match resumes every match where it was."""

import asyncio
import random

import pytest

import cardtable

from .support import (
    GAMES,
    Client,
    Server,
    create_table,
    god_state,
    pick,
    play_randomly,
    players,
    seat_clients,
)

ACTIONS_BEFORE_KILL = 12


async def human_to_act(clients):
    """Wait until every client has the latest state and a human seat may act; return it."""
    while True:
        target = max(c.latest_state()["version"] for c in clients)
        for client in clients:
            while client.latest_state()["version"] < target:
                await client.expect("state")
        to_act = clients[0].latest_state()["view"]["to_act"]
        movers = [c for c in clients if c.seat in to_act]
        if movers:
            return movers[0]
        await clients[0].expect("state")  # the bot's move


async def act_and_record(clients, game, count, rng):
    """Play ``count`` acknowledged actions; return (version, seat, action) of each ack."""
    acked = []
    while len(acked) < count:
        mover = await human_to_act(clients)
        mine = mover.latest_state()
        action = pick(game, mine["legal"], rng)
        seq = await mover.send_seq({"type": "action", "action": action, "version": mine["version"]})
        while (ack := await mover.recv())["type"] not in ("ack", "error"):
            pass
        assert ack["seq"] == seq
        if ack["type"] == "error":  # the bot acted first in a simultaneous phase
            assert ack["error"] == "stale"
            continue
        acked.append((ack["version"], mover.seat, action))
        for client in clients:
            while client.latest_state()["version"] < ack["version"]:
                await client.expect("state")
    return acked


@pytest.mark.parametrize("game", GAMES)
def test_sigkill_mid_match_then_restart_resumes_without_losing_acknowledged_actions(tmp_path, game):
    n = players(game)
    db = tmp_path / "restart.db"
    server = Server(db, "--bot-workers", "1", "--rate", "1000").start()
    try:
        seats = ["human"] * (n - 1) + ["random"]
        code = create_table(server, game, seats, bot_delay=0)["code"]

        async def before_kill():
            clients = await seat_clients(server, code, list(range(n - 1)))
            await clients[0].send({"type": "start"})
            for client in clients:
                await client.expect("state")
            rng = random.Random(3)
            acked = await act_and_record(clients, game, ACTIONS_BEFORE_KILL, rng)
            # one more action in flight when the process dies: stored or not, never half
            mover = await human_to_act(clients)
            await mover.send(
                {"type": "action", "action": pick(game, mover.latest_state()["legal"], rng)}
            )
            server.kill()
            return [c.token for c in clients], acked

        tokens, acked = asyncio.run(before_kill())
        before = god_state(db, code)
        assert len(before.log) >= acked[-1][0]
        for version, seat, action in acked:
            stored_seat, stored_action = before.log[version - 1]
            assert (stored_seat, stored_action.to_json()) == (seat, action)
        server.stop()
        server.start()

        async def after_restart():
            clients = []
            for token in tokens:
                client = await Client.open(server, code)
                await client.send({"type": "rejoin", "token": token})
                client.seat = (await client.expect("welcome"))["seat"]
                clients.append((client, await client.expect("state")))
            rng = random.Random(4)
            results = await asyncio.gather(*(play_randomly(c, game, rng) for c, _ in clients))
            await asyncio.gather(*(c.close() for c, _ in clients))
            return [state for _, state in clients], results

        resumed, results = asyncio.run(after_restart())
    finally:
        server.stop()
    final = god_state(db, code)
    assert final.is_over and results[0]["totals"] == final.totals
    assert final.log[: len(before.log)] == before.log
    record = final.record()
    for seat, state in enumerate(resumed):
        # the bot may have moved on at once after the restart
        assert state["version"] >= len(before.log)
        at = cardtable.replay(record | {"log": record["log"][: state["version"]]})
        assert state["view"] == at.view(seat)
        assert state["legal"] == [a.to_json() for a in at.legal_actions(seat)]

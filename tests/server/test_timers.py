"""Server timers: an idle seat's turn is played by a stand-in bot, and a simultaneous
window with a system action is closed when its time runs out."""

import asyncio
import random
import time

import pytest

import cardtable
from cardtable.engine.state import SYSTEM

from .support import (
    GAMES,
    create_table,
    god_state,
    pick,
    seat_clients,
    wait_for_status,
)

TURN_SECONDS = 0.3


@pytest.mark.parametrize("game", GAMES)
def test_an_idle_seat_is_played_by_a_stand_in_until_its_player_acts(server, game):
    # A whole match (not one round): on a slow machine the stand-ins may play many turns
    # before the client answers in time, and a match that ended would leave it none.
    code = create_table(server, game, ["human", "human"], turn_seconds=TURN_SECONDS)["code"]

    async def scenario():
        clients = await seat_clients(server, code, [0, 1])
        started = time.monotonic()
        await clients[0].send({"type": "start"})
        first = await clients[0].expect("timeout")
        waited = time.monotonic() - started
        timeout = first
        while timeout["seat"] != 0:
            timeout = await clients[0].expect("timeout")
        # The stand-in now plays each of seat 0's turns until its person takes it back.
        await clients[0].send({"type": "back"})
        while True:
            message = await clients[0].recv()
            if message["type"] == "table" and not message["table"]["seats"][0]["autoplay"]:
                break
        # Its action may still be overtaken (the other seat's stand-in moved first, or a
        # slow machine let the 0.3 s timer run out again): then it tries on the next state.
        while True:
            state = clients[0].latest_state()
            while not state["legal"]:
                state = await clients[0].expect("state")
            seq = await clients[0].send_seq(
                {"type": "action", "action": state["legal"][0], "version": state["version"]}
            )
            reply = await clients[0].recv()
            while reply["type"] not in ("ack", "error") or reply.get("seq") != seq:
                reply = await clients[0].recv()
            if reply["type"] == "ack":
                ack = reply
                break
            await clients[0].send({"type": "back"})
            await clients[0].expect("state")
        await asyncio.gather(*(c.close() for c in clients))
        return first, waited, seq, ack

    first, waited, seq, ack = asyncio.run(scenario())
    assert waited >= TURN_SECONDS * 0.9
    assert first["seat"] in (0, 1)
    log = god_state(server.db, code).log
    assert {seat for seat, _ in log[:4]} <= {0, 1}  # the stand-in played human seats
    assert ack["seq"] == seq
    status = wait_for_status(server, code, lambda s: not s["seats"][0]["autoplay"])
    assert status["seats"][0]["autoplay"] is False


def timed_window_games():
    """The games whose options time a simultaneous window (Cactus's quick discard)."""
    return [
        game
        for game in GAMES
        if any(
            option["name"] == "quick_discard_seconds"
            for option in cardtable.get_game(game).options_type.describe()
        )
    ]


@pytest.mark.parametrize("game", timed_window_games())
def test_a_window_nobody_closes_is_closed_by_the_server_on_time(server, game):
    code = create_table(server, game, ["human"] * 3, options={"quick_discard_seconds": 1})["code"]
    rng = random.Random(5)

    async def scenario():
        clients = await seat_clients(server, code, [0, 1, 2])
        await clients[0].send({"type": "start"})
        for client in clients:
            await client.expect("state")
        while True:
            god = god_state(server.db, code)
            state = clients[0].latest_state()
            while state["version"] < len(god.log):
                state = await clients[0].expect("state")
            if god.system_actions():
                opened = time.monotonic()
                while (closed := await clients[0].expect("state"))["version"] == state["version"]:
                    pass
                waited = time.monotonic() - opened
                await asyncio.gather(*(c.close() for c in clients))
                return god, closed, waited
            seat = god.to_act[0]
            mine = clients[seat].latest_state()
            while mine["version"] < len(god.log):
                mine = await clients[seat].expect("state")
            await clients[seat].send(
                {
                    "type": "action",
                    "action": pick(game, mine["legal"], rng),
                    "version": mine["version"],
                }
            )
            await clients[0].expect("state")

    before, closed, waited = asyncio.run(scenario())
    after = god_state(server.db, code)
    assert after.log[len(before.log)] == (SYSTEM, before.system_actions()[0])
    assert closed["version"] == len(before.log) + 1
    assert 0.8 <= waited <= 2.5

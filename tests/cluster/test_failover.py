"""A table's owner SIGKILLed at random points: another process takes the table over,
replays its log, and every acknowledged action is still there when the match ends.

Each game's test kills the owner ``KILLS`` times (12 kills over the suite, at a
random number of actions apart, sometimes with an action in flight), then plays the
match to its end; the bot seat and the turn timers must carry on after each
takeover, or the match could not go on.
"""

import asyncio
import contextlib
import random

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.support import (
    GAMES,
    Client,
    create_table,
    god_state,
    pick,
    play_randomly,
    players,
    wait_for_status,
)
from tests.server.test_restart import act_and_record, human_to_act

from .support import rejoin, running_site

KILLS = 4


async def rejoin_all(site, code, tokens, rng) -> list[Client]:
    clients = [await rejoin(site, code, token, rng) for token in tokens]
    for client in clients:
        await client.expect("state")
    return clients


async def drop(clients) -> None:
    for client in clients:
        with contextlib.suppress(ConnectionClosed):
            await client.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_owner_killed_at_random_points_loses_no_acknowledged_action(
    tmp_path, postgres, redis_server, game
):
    n = players(game)
    seats = ["human"] * (n - 1) + ["random"]
    rng = random.Random(GAMES.index(game))
    with running_site(tmp_path, postgres, redis_server) as site:
        code = create_table(site.nodes[0], game, seats, bot_delay=0)["code"]

        async def scenario():
            clients = []
            for seat in range(n - 1):
                client = await Client.open(site.nodes[(seat + 1) % 3], code)
                await client.join(f"player {seat}", seat)
                clients.append(client)
            await clients[0].send({"type": "start"})
            for client in clients:
                await client.expect("state")
            acked, kills = [], 0
            while kills < KILLS:
                acked += await act_and_record(clients, game, rng.randint(1, 6), rng)
                assert not clients[0].latest_state()["view"].get("over"), "ended too soon"
                if rng.random() < 0.5:  # an action in flight: stored or not, never half
                    mover = await human_to_act(clients)
                    action = pick(game, mover.latest_state()["legal"], rng)
                    await mover.send({"type": "action", "action": action})
                site.kill_owner(code)
                kills += 1
                tokens = [c.token for c in clients]
                await drop(clients)
                clients = await rejoin_all(site, code, tokens, rng)
            results = await asyncio.gather(*(play_randomly(c, game, rng) for c in clients))
            await drop(clients)
            return acked, kills, results

        acked, kills, results = asyncio.run(scenario())
        final = god_state(site.db, code)
    assert kills == KILLS
    assert final.is_over and results[0]["totals"] == final.totals
    for version, seat, action in acked:
        stored_seat, stored_action = final.log[version - 1]
        assert (stored_seat, stored_action.to_json()) == (seat, action)


def test_bots_and_turn_timers_resume_on_the_process_that_takes_over(
    tmp_path, postgres, redis_server
):
    game = GAMES[0]
    with running_site(tmp_path, postgres, redis_server) as site:
        bots = create_table(site.nodes[0], game, ["random", "random"], bot_delay=0.2)["code"]
        # the stand-ins play an idle seat at once after its first timeout: a long match
        # keeps them playing until the kill however fast the machine
        idle = create_table(
            site.nodes[1],
            game,
            ["human", "human"],
            turn_seconds=0.5,
            bot_delay=0,
            options={"target_score": 1000},
        )["code"]

        async def seat_and_leave():
            clients = []
            for seat in range(2):
                client = await Client.open(site.nodes[2], idle)
                await client.join(f"idle {seat}", seat)
                clients.append(client)
            await clients[0].send({"type": "start"})
            await clients[0].expect("state")
            await drop(clients)

        asyncio.run(seat_and_leave())
        for code in (bots, idle):
            before = len(god_state(site.db, code).log)
            site.kill_owner(code)
            # nobody is connected: only the new owner's bots and timers move the match;
            # while the new owner takes the table over and publishes it, the status may
            # be a passing 503 ("elsewhere"), which a client retries
            wait_for_status(site.nodes[0], code, lambda s: s.get("status") == "playing")
            status = wait_for_status(
                site.nodes[0],
                code,
                lambda s, code=code, before=before: (
                    "status" in s and len(god_state(site.db, code).log) > before + 2
                ),
            )
            assert status["status"] in ("playing", "finished")
            assert len(god_state(site.db, code).log) > before + 2

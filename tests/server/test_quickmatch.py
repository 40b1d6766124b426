"""Quick match, bot fill, the stand-in's hand-back and the log sent to a late arrival."""

import asyncio

import httpx

from .support import Client, create_table, seat_clients, short_options, wait_for_status


def quick(server, game, **extra):
    response = httpx.post(f"{server.url}/api/quickmatch", json={"game": game, **extra}, timeout=5)
    return response.status_code, response.json()


def test_two_quick_match_requests_meet_and_the_full_table_starts_by_itself(server):
    opened, first = quick(server, "skyjo", players=2, wait_seconds=60)
    joined, second = quick(server, "skyjo")
    assert (opened, joined) == (201, 200)
    assert second["code"] == first["code"] and first["quick_match"] is True
    assert 0 < first["bots_join_in_ms"] <= 60_000
    assert [s["kind"] for s in first["seats"]] == ["human", "human"]

    async def scenario():
        clients = await seat_clients(server, first["code"], [0, 1])
        state = await clients[1].expect("state")
        await asyncio.gather(*(c.close() for c in clients))
        return state

    assert asyncio.run(scenario())["match"] == 1
    # The table is full: the next request opens another one.
    status, third = quick(server, "skyjo", players=2)
    assert status == 201 and third["code"] != first["code"]


def test_bots_take_the_free_seats_when_the_wait_runs_out(server):
    _, table = quick(server, "cactus", players=3, wait_seconds=1)

    async def scenario():
        (client,) = await seat_clients(server, table["code"], [0])
        state = await client.expect("state", timeout=5)
        await client.close()
        return state

    state = asyncio.run(scenario())
    assert state["view"]["players"] == 3
    status = wait_for_status(server, table["code"], lambda s: s["status"] == "playing")
    assert [s["kind"] for s in status["seats"]] == ["human", "bot", "bot"]
    assert status["bots_join_in_ms"] is None


def test_a_seated_person_may_fill_the_free_seats_with_bots_at_once(server):
    code = create_table(server, "lastcard", ["human", "human", "human"])["code"]

    async def scenario():
        (client,) = await seat_clients(server, code, [1])
        await client.send({"type": "fill"})
        state = await client.expect("state")
        await client.close()
        return state

    assert asyncio.run(scenario())["view"]["you"] == 1
    seats = wait_for_status(server, code, lambda s: s["status"] == "playing")["seats"]
    assert [s["kind"] for s in seats] == ["bot", "human", "bot"]


def test_quick_match_requests_are_checked(server):
    for body, words in (
        ({"game": "chess"}, "chess"),
        ({"game": "skyjo", "players": 1}, "not 1"),
        ({"game": "skyjo", "wait_seconds": 0}, "wait_seconds"),
        ({"game": "skyjo", "colour": "red"}, "colour"),
    ):
        response = httpx.post(f"{server.url}/api/quickmatch", json=body, timeout=5)
        assert response.status_code == 400 and words in response.json()["message"], body


#: Seconds each bot move waits at the stand-in's table: the suite's servers play bots at
#: once, and a whole one-round match would then be over before the person's ``back``
#: arrives (the seat, stood in for five turns, is rightly freed at the match's end).
STAND_IN_DELAY = 0.15


def test_the_stand_in_keeps_playing_until_the_person_takes_the_seat_back(server):
    code = create_table(
        server,
        "skyjo",
        ["human", "random"],
        turn_seconds=0.3,
        bot_delay=STAND_IN_DELAY,
        options=short_options("skyjo"),
    )["code"]

    async def scenario():
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("timeout")
        # The stand-in plays every later turn of seat 0 without waiting for its timer;
        # a Skyjo turn ends with a replace or a discard (a draw or a take begins it).
        own_turns = 0
        while own_turns < 3:
            message = await client.expect("state")
            own_turns += sum(
                e.get("seat") == 0 and e["type"] in ("replace", "discard")
                for e in message["events"]
            )
        await client.send({"type": "back"})
        table = await client.expect("table")
        while table["table"]["seats"][0]["autoplay"]:
            table = await client.expect("table")
        await client.close()
        return table["table"]

    table = asyncio.run(scenario())
    assert table["seats"][0]["autoplay"] is False


def test_a_late_arrival_is_sent_the_log_of_what_it_may_see(server):
    code = create_table(server, "cactus", ["human", "human"], options=short_options("cactus"))[
        "code"
    ]

    async def scenario():
        clients = await seat_clients(server, code, [0, 1])
        await clients[0].send({"type": "start"})
        state = await clients[0].expect("state")
        for action in state["legal"][:1]:
            await clients[0].send({"type": "action", "action": action})
        await clients[0].expect("ack")
        spectator = await Client.open(server, code)
        await spectator.send({"type": "spectate"})
        watched = await spectator.expect("state")
        rejoined = await Client.open(server, code)
        await rejoined.send({"type": "rejoin", "token": clients[0].token})
        mine = await rejoined.expect("state")
        await asyncio.gather(*(c.close() for c in [*clients, spectator, rejoined]))
        return watched, mine

    watched, mine = asyncio.run(scenario())
    assert mine["history"], "the seat's own log is sent with the state"
    assert all(e.get("audience") in (None, [0]) for e in mine["history"])
    assert all("audience" not in e for e in watched["history"])
    assert len(watched["history"]) < len(mine["history"])  # the peeks are seat 0's alone

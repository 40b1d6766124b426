"""Bad input over the WebSocket: the sender gets an error naming the problem, the match
is unchanged (nothing new in the database), and the connection stays usable."""

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import cardtable

from .support import GAMES, Client, create_table, god_state, running_server, seat_clients

GAME = GAMES[0]


def new_table(server, game=GAME):
    return create_table(server, game, ["human", "human"])["code"]


async def started_clients(server, code):
    """Two seated clients, the match started, advanced until one seat has to wait."""
    clients = await seat_clients(server, code, [0, 1])
    await clients[0].send({"type": "start"})
    for client in clients:
        await client.expect("state")
    while True:
        state = clients[0].latest_state()
        to_act = state["view"]["to_act"]
        if len(to_act) == 1:
            return clients
        mover = next(c for c in clients if c.seat in to_act)
        await mover.send({"type": "action", "action": mover.latest_state()["legal"][0]})
        for client in clients:
            await client.expect("state")


async def still_usable(client: Client, version: int) -> None:
    """A valid action after the error is applied: the connection was not harmed."""
    state = client.latest_state()
    assert state["version"] == version
    seq = await client.send_seq({"type": "action", "action": state["legal"][0], "version": version})
    ack = await client.expect("ack")
    assert ack == {"type": "ack", "seq": seq, "version": version + 1}


MALFORMED = [
    ("{not json", "bad_json", "not valid JSON"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('{"type": "dance"}', "bad_message", "unknown message type 'dance'"),
    ('{"type": "join"}', "bad_message", "missing field 'name'"),
    ('{"type": "join", "name": 5}', "bad_message", "'name' must be a string"),
    ('{"type": "spectate", "colour": "red"}', "bad_message", "unknown field(s): colour"),
    ('{"type": "spectate", "seq": true}', "bad_message", "'seq' must be a whole number"),
    ('{"type": "action", "action": {"type": "fly"}}', "not_seated", "join or rejoin"),
    (json.dumps({"type": "join", "name": "x" * 5000}), "too_large", "at most 4096 bytes"),
]


@pytest.mark.parametrize(("text", "code", "words"), MALFORMED)
def test_malformed_messages_are_named_and_the_connection_stays_open(server, text, code, words):
    table = new_table(server)

    async def scenario():
        client = await Client.open(server, table)
        await client.ws.send(text)
        error = await client.expect("error")
        await client.join("Ann")
        await client.close()
        return error

    error = asyncio.run(scenario())
    assert error["error"] == code
    assert words in error["message"]


def test_binary_frames_are_refused(server):
    table = new_table(server)

    async def scenario():
        client = await Client.open(server, table)
        await client.ws.send(b'{"type": "spectate"}')
        error = await client.expect("error")
        await client.send({"type": "spectate"})
        welcome = await client.expect("welcome")
        await client.close()
        return error, welcome

    error, welcome = asyncio.run(scenario())
    assert "text frames" in error["message"]
    assert welcome["seat"] is None


@pytest.mark.parametrize("game", GAMES)
def test_every_class_of_bad_action_is_refused_and_changes_nothing(server, game):
    code = new_table(server, game)
    spec = cardtable.get_game(game)

    async def scenario():
        clients = await started_clients(server, code)
        state = clients[0].latest_state()
        (seat,) = state["view"]["to_act"]
        mover, waiting = clients[seat], clients[1 - seat]
        state = mover.latest_state()
        version = state["version"]
        errors = {}
        legal = state["legal"][0]
        cases = {
            "bad_action_type": {"action": {"type": "teleport"}},
            "bad_action_field": {"action": legal | {"extra": 1}},
            "stale": {"action": legal, "version": version + 5},
            "wrong_seat": {"action": legal, "seat": 1 - mover.seat},
        }
        for name, fields in cases.items():
            errors[name] = await mover.error({"type": "action"} | fields)
        illegal = next(
            action.to_json()
            for action in map(spec.action_from_index, range(spec.action_space_size))
            if action.to_json() not in state["legal"]
        )
        errors["illegal"] = await mover.error({"type": "action", "action": illegal})
        errors["out_of_turn"] = await waiting.error({"type": "action", "action": legal})
        mover.seq = 0
        errors["repeated"] = await mover.error({"type": "action", "action": legal})
        mover.seq = 100
        before = god_state(server.db, code)
        await still_usable(mover, version)
        await asyncio.gather(*(c.close() for c in clients))
        return errors, before, version

    errors, before, version = asyncio.run(scenario())
    assert len(before.log) == version  # nothing refused reached the database
    assert errors["bad_action_type"]["error"] == "bad_action"
    assert "unknown action type 'teleport'" in errors["bad_action_type"]["message"]
    assert errors["bad_action_field"]["error"] == "bad_action"
    assert "extra" in errors["bad_action_field"]["message"]
    assert errors["stale"]["error"] == "stale"
    assert f"match is at version {version}" in errors["stale"]["message"]
    assert errors["wrong_seat"]["error"] == "wrong_seat"
    assert errors["illegal"]["error"] == "illegal_action"
    assert errors["repeated"]["error"] == "repeated"
    assert errors["out_of_turn"]["error"] == "illegal_action"
    assert f"seat {1 - before.to_act[0]}" in errors["out_of_turn"]["message"]


def test_seat_and_table_errors_are_named(server):
    code = create_table(server, GAME, ["human", "human", "random"])["code"]

    async def scenario():
        first = await Client.open(server, code)
        errors = {"no_match": None}
        errors["not_seated"] = await first.error({"type": "start"})
        errors["bad_name"] = await first.error({"type": "join", "name": " \x00\t "})
        errors["long_name"] = await first.error({"type": "join", "name": "n" * 25})
        errors["bot_seat"] = await first.error({"type": "join", "name": "Ann", "seat": 2})
        errors["no_seat"] = await first.error({"type": "join", "name": "Ann", "seat": 7})
        errors["bad_token"] = await first.error({"type": "rejoin", "token": "guess"})
        await first.join("Ann", 0)
        errors["already"] = await first.error({"type": "spectate"})
        errors["not_ready"] = await first.error({"type": "start"})
        errors["no_match"] = await first.error({"type": "action", "action": {"type": "x"}})
        errors["not_finished"] = await first.error({"type": "rematch"})
        second = await Client.open(server, code)
        errors["taken"] = await second.error({"type": "join", "name": "Bob", "seat": 0})
        await second.join("Bob")
        third = await Client.open(server, code)
        errors["full"] = await third.error({"type": "join", "name": "Cy"})
        await third.send({"type": "spectate"})
        await third.expect("welcome")
        errors["spectator_acts"] = await third.error({"type": "action", "action": {"type": "x"}})
        await first.send({"type": "start"})
        await first.expect("state")
        errors["running"] = await first.error({"type": "start"})
        await asyncio.gather(*(c.close() for c in (first, second, third)))
        return errors, second.seat

    errors, bob_seat = asyncio.run(scenario())
    codes = {name: error["error"] for name, error in errors.items()}
    assert codes == {
        "no_match": "no_match",
        "not_seated": "not_seated",
        "bad_name": "bad_name",
        "long_name": "bad_name",
        "bot_seat": "bad_seat",
        "no_seat": "bad_seat",
        "bad_token": "bad_token",
        "already": "already_joined",
        "not_ready": "not_ready",
        "not_finished": "not_finished",
        "taken": "seat_taken",
        "full": "table_full",
        "spectator_acts": "not_seated",
        "running": "match_running",
    }
    assert bob_seat == 1
    # Messages count seats as people do, from 1: the free seat of index 1 is seat 2.
    assert "seat(s) 2 are still empty" in errors["not_ready"]["message"]
    assert "seat 3 is played by a bot" in errors["bot_seat"]["message"]
    assert "seat 1 is taken" in errors["taken"]["message"]
    # The values a translated message names come as params, counted the same way.
    assert errors["taken"]["params"] == {"seat": 1}
    assert errors["not_ready"]["params"] == {"seats": "2"}
    assert errors["bot_seat"]["params"] == {"seat": 3}
    assert "params" not in errors["running"]


def test_unknown_table_is_refused_and_closed(server):
    async def scenario():
        async with connect(server.ws_url("NOPE42")) as ws:
            error = json.loads(await ws.recv())
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
        return error, closed.value.rcvd.code

    error, close_code = asyncio.run(scenario())
    assert error["error"] == "no_table" and "'NOP-E42'" in error["message"]
    assert close_code == 4404


def test_flooding_is_rate_limited_and_the_connection_recovers(tmp_path):
    with running_server(tmp_path / "rate.db", "--rate", "5", "--bot-workers", "0") as server:
        code = new_table(server)

        async def scenario():
            client = await Client.open(server, code)
            for _ in range(30):
                await client.send({"type": "spectate"})
            replies = []
            while len(replies) < 30:
                reply = await client.recv()
                if reply["type"] in ("welcome", "error"):
                    replies.append(reply)
            await asyncio.sleep(1.0)
            await client.send({"type": "join", "name": "Ann"})
            late = await client.recv()
            await client.close()
            return replies, late

        replies, late = asyncio.run(scenario())
    kinds = [r.get("error") or r["type"] for r in replies]
    assert kinds.count("welcome") == 1
    # a burst of 10, refilled at 5 a second while the 30 messages go out
    assert 18 <= kinds.count("rate_limited") <= 20
    assert kinds.count("already_joined") == 29 - kinds.count("rate_limited")
    assert late["error"] == "already_joined"

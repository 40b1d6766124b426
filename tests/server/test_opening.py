"""The first round's deal reaches each seat with the match's first state, as every
later round's deal comes with the action that starts it."""

import asyncio

import pytest

from cardtable.engine.state import State

from .support import GAMES, Client, create_table, god_state, players, seat_clients


@pytest.mark.parametrize("game", GAMES)
def test_the_first_state_carries_the_opening_events_each_seat_may_see(server, game):
    n = players(game)
    code = create_table(server, game, ["human"] * n)["code"]

    async def scenario() -> tuple[list[dict], dict]:
        clients = await seat_clients(server, code, list(range(n)))
        watcher = await Client.open(server, code)
        await watcher.send({"type": "spectate"})
        await watcher.expect("welcome")
        await clients[0].send({"type": "start"})
        firsts = [await c.expect("state") for c in clients]
        watched = await watcher.expect("state")
        await asyncio.gather(*(c.close() for c in [*clients, watcher]))
        return firsts, watched

    firsts, watched = asyncio.run(scenario())
    state: State = god_state(server.db, code, 1)
    assert [m["version"] for m in firsts] == [0] * n and watched["version"] == 0
    assert state.opening and state.opening[0].type == "round_start"
    for seat, message in enumerate(firsts):
        assert message["events"] == [e.to_json() for e in state.opening if e.visible_to(seat)]
    assert watched["events"] == [e.to_json() for e in state.opening if e.audience is None]
    if game == "lastcard":  # each seat is told its own seven cards, and no one else's
        for seat, message in enumerate(firsts):
            deals = [e for e in message["events"] if e["type"] == "deal"]
            assert [(e["seat"], len(e["cards"])) for e in deals] == [(seat, 7)]

"""No message to a seat holds a card that seat cannot know.

An independent checker replays each match from the database and compares every state
message a seat received with what the engine allows that seat at that version: its
view, the events visible to it, its legal actions. It also checks that the view is
unchanged when every card the seat cannot know is re-dealt (``determinize``) while the
match runs, that no
message carries another seat's token, and, for Skyjo, that face-down values and
another seat's drawn card never appear.
"""

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardtable
from cardtable.engine.state import State
from cardtable.games.skyjo.state import DOWN, PLACE_DRAWN

from .support import (
    GAMES,
    Client,
    create_table,
    god_state,
    play_randomly,
    players,
    seat_clients,
    short_options,
)

MATCHES = 8


def skyjo_hidden(state: State, seat: int | None, message: dict[str, Any]) -> None:
    view = message["view"]
    for owner, status in enumerate(state.status):  # type: ignore[attr-defined]
        for pos, st in enumerate(status):
            if st == DOWN:
                assert view["layouts"][owner][pos] == "hidden", (owner, pos)
    if state.phase == PLACE_DRAWN and state.current != seat:  # type: ignore[attr-defined]
        assert view["holding"]["card"] is None
    assert all(e["seat"] == seat for e in message["events"] if e["type"] == "drawn")


#: Game-specific checks of hidden cards, run on top of the generic ones.
HIDDEN_CHECKS: dict[str, Callable[[State, int | None, dict[str, Any]], None]] = {
    "skyjo": skyjo_hidden
}


def check_seat(db, code: str, seat: int | None, received: list[dict[str, Any]]) -> int:
    """Check every state message of match 1 received by ``seat``; return how many."""
    final = god_state(db, code, 1)
    log = final.log
    state = cardtable.make(final.game, final.num_players, final.seed, final.options)
    events: list = []
    hidden = HIDDEN_CHECKS.get(final.game)
    checked = 0
    for message in received:
        if message["type"] != "state" or message["match"] != 1:
            continue
        while len(state.log) < message["version"]:
            events = state.apply(*log[len(state.log)])
        expected = list(state.opening) if message["version"] == 0 else events
        assert message["events"] == [e.to_json() for e in expected if e.visible_to(seat)]
        assert message["view"] == state.view(seat)
        legal = [] if seat is None else state.legal_actions(seat)
        assert message["legal"] == [a.to_json() for a in legal]
        if seat is not None and not state.is_over:  # at the end every card is shown
            for k in range(2):
                twin = state.determinize(seat, random.Random(k))
                assert twin.view(seat) == message["view"]
        if hidden is not None:
            hidden(state, seat, message)
        checked += 1
    return checked


@pytest.mark.parametrize("game", GAMES)
def test_no_message_reveals_what_a_seat_cannot_know(server, game):
    n = players(game)
    codes = [
        create_table(server, game, ["human"] * (n - 1) + ["random"], options=short_options(game))[
            "code"
        ]
        for _ in range(MATCHES)
    ]

    async def play(code: str, seed: int):
        clients = await seat_clients(server, code, list(range(n - 1)))
        watcher = await Client.open(server, code)
        await watcher.send({"type": "spectate"})
        watching = asyncio.create_task(watcher.collect("match_result", 1))
        await clients[0].send({"type": "start"})
        rng = random.Random(seed)
        await asyncio.gather(*(play_randomly(c, game, rng) for c in clients))
        await watching
        await asyncio.gather(*(c.close() for c in [*clients, watcher]))
        return [*clients, watcher]

    async def scenario():
        return await asyncio.gather(*(play(code, i) for i, code in enumerate(codes)))

    tables = asyncio.run(scenario())
    for code, connections in zip(codes, tables, strict=True):
        tokens = {c.seat: c.token for c in connections if c.token}
        for client in connections:
            assert check_seat(server.db, code, client.seat, client.received) > 0
            for message in client.received:
                text = json.dumps(message)
                others = [t for s, t in tokens.items() if s != client.seat]
                assert not any(token in text for token in others)

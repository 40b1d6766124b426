"""Two seats acting at once in a simultaneous phase: applied in arrival order, or the
second refused, and every client sees the same outcome."""

import asyncio
import random

import pytest

import cardtable

from .support import GAMES, create_table, god_state, pick, seat_clients


def public_events(message):
    return [e for e in message["events"] if "audience" not in e]


async def started(server, game, seats, **extra):
    code = create_table(server, game, ["human"] * seats, **extra)["code"]
    clients = await seat_clients(server, code, list(range(seats)))
    await clients[0].send({"type": "start"})
    for client in clients:
        await client.expect("state")
    return code, clients


async def replies(client, seq):
    """The ack or error answering ``seq``."""
    while True:
        message = await client.recv()
        if message["type"] in ("ack", "error") and message["seq"] == seq:
            return message


async def settle(clients, version, match=1):
    """Each client's state message at ``version`` of match ``match``."""
    out = []
    for client in clients:
        while ((state := client.latest_state())["match"], state["version"]) < (match, version):
            await client.expect("state")
        out.append(state)
    return out


def opening_is_simultaneous(game):
    return len(cardtable.make(game, 2, seed=1).to_act) == 2


SIMULTANEOUS = [g for g in GAMES if opening_is_simultaneous(g)]


@pytest.mark.parametrize("with_version", [False, True])
@pytest.mark.parametrize("game", SIMULTANEOUS)
def test_two_seats_acting_at_once_in_a_simultaneous_phase(server, game, with_version):
    async def scenario():
        code, clients = await started(server, game, 2)
        states = [c.latest_state() for c in clients]
        assert sorted(states[0]["view"]["to_act"]) == [0, 1]
        sends = [
            c.send_seq(
                {"type": "action", "action": s["legal"][0]}
                | ({"version": s["version"]} if with_version else {})
            )
            for c, s in zip(clients, states, strict=True)
        ]
        seqs = await asyncio.gather(*sends)
        answers = await asyncio.gather(*(replies(c, q) for c, q in zip(clients, seqs, strict=True)))
        applied = [a for a in answers if a["type"] == "ack"]
        final = await settle(clients, max(a["version"] for a in applied))
        await asyncio.gather(*(c.close() for c in clients))
        return code, states, answers, final

    code, states, answers, final = asyncio.run(scenario())
    log = god_state(server.db, code).log
    kinds = [a.get("error", a["type"]) for a in answers]
    if with_version:
        assert sorted(kinds) == ["ack", "stale"]
        assert len(log) == 1
    else:
        assert kinds == ["ack", "ack"]
        by_version = sorted((a["version"], seat) for seat, a in enumerate(answers))
        assert [seat for seat, _ in log] == [seat for _, seat in by_version]
    for seat, (state, answer) in enumerate(zip(states, answers, strict=True)):
        if answer["type"] == "ack":
            logged_seat, logged_action = log[answer["version"] - 1]
            assert (logged_seat, logged_action.to_json()) == (seat, state["legal"][0])
    assert final[0]["version"] == final[1]["version"] == len(log)
    assert public_events(final[0]) == public_events(final[1])
    assert final[0]["view"]["to_act"] == final[1]["view"]["to_act"]


def winning_moves(state):
    """Each seat's non-pass action that alone closes the open window (a right throw)."""
    wins = {}
    for seat in state.to_act:
        for action in state.legal_actions(seat):
            trial = state.clone()
            trial.apply(seat, action)
            if not action.is_pass and not trial.system_actions():
                wins[seat] = action
                break
    return wins


def test_two_right_throws_in_one_quick_discard_window_exactly_one_wins(server):
    """Plays Cactus until a window opens in which two seats hold a card of the top rank,
    then has both throw it at once: the first to arrive wins, the other is refused."""
    rng = random.Random(11)

    async def scenario():
        code, clients = await started(server, "cactus", 4, options={"quick_discard_seconds": 60})
        match = 1
        for _ in range(2000):
            god = god_state(server.db, code)
            states = await settle(clients, len(god.log), match)
            if god.is_over:
                for client in clients:
                    await client.send({"type": "rematch"})
                match += 1
                await settle(clients, 0, match)
                continue
            wins = winning_moves(god) if god.system_actions() else {}
            if len(wins) >= 2:
                a, b = list(wins)[:2]
                seqs = await asyncio.gather(
                    *(
                        clients[s].send_seq({"type": "action", "action": wins[s].to_json()})
                        for s in (a, b)
                    )
                )
                answers = await asyncio.gather(
                    *(replies(clients[s], q) for s, q in zip((a, b), seqs, strict=True))
                )
                final = await settle([clients[a], clients[b]], len(god.log) + 1, match)
                after = god_state(server.db, code)
                await asyncio.gather(*(c.close() for c in clients))
                return god, (a, b), answers, final, after
            seat = rng.choice(god.to_act)
            mine = states[seat]
            await clients[seat].send(
                {"type": "action", "action": pick("cactus", mine["legal"], rng)}
            )
            await settle(clients, len(god.log) + 1, match)
        raise AssertionError("no window with two right throws came up")

    before, seats, answers, final, after = asyncio.run(scenario())
    kinds = sorted(a.get("error", a["type"]) for a in answers)
    assert kinds == ["ack", "illegal_action"]
    winner = seats[[a["type"] for a in answers].index("ack")]
    assert after.log[len(before.log)] == (winner, winning_moves(before)[winner])
    assert len(after.log) == len(before.log) + 1  # the other throw was not applied
    loser = answers[1 - [a["type"] for a in answers].index("ack")]
    assert "too late" in loser["message"] or after.is_over  # the winning throw may end it
    assert final[0]["version"] == final[1]["version"]
    assert public_events(final[0]) == public_events(final[1])

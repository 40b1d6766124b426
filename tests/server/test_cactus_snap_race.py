"""A snap of another player's card (Cactus's ``snap_opponent``) races in the quick-discard
window as a throw does: both are held as claims, judged by send time, and the first
right one wins; the other is refused as too late, and every client sees one outcome."""

import asyncio
import random

from .support import god_state, pick
from .test_race import public_events, replies, settle, started

OPTIONS = {"quick_discard_seconds": 60, "snap_opponent": True}


def right_snaps(state):
    """Each seat's right throw of another player's card in the open window, if any."""
    snaps = {}
    for seat in state.to_act:
        for action in state.legal_actions(seat):
            if action.kind == "throw_opponent":
                trial = state.clone()
                trial.apply(seat, action)
                if trial.view(seat)["phase"] == "give":
                    snaps[seat] = action
                    break
    return snaps


def test_two_right_snaps_sent_at_once_one_wins_and_its_thrower_gives(server):
    rng = random.Random(5)

    async def scenario():
        code, clients = await started(server, "cactus", 3, options=OPTIONS)
        for _ in range(2000):
            god = god_state(server.db, code)
            states = await settle(clients, len(god.log))
            assert not god.is_over, "no window with two right snaps came up"
            snaps = right_snaps(god) if god.system_actions() else {}
            if len(snaps) >= 2:
                a, b = list(snaps)[:2]
                seqs = await asyncio.gather(
                    *(
                        clients[s].send_seq({"type": "action", "action": snaps[s].to_json()})
                        for s in (a, b)
                    )
                )
                answers = await asyncio.gather(
                    *(replies(clients[s], q) for s, q in zip((a, b), seqs, strict=True))
                )
                final = await settle(clients, len(god.log) + 1)
                after = god_state(server.db, code)
                await asyncio.gather(*(c.close() for c in clients))
                return god, (a, b), snaps, answers, final, after
            seat = rng.choice(god.to_act)
            await clients[seat].send(
                {"type": "action", "action": pick("cactus", states[seat]["legal"], rng)}
            )
            await settle(clients, len(god.log) + 1)
        raise AssertionError("no window with two right snaps came up")

    before, seats, snaps, answers, final, after = asyncio.run(scenario())
    kinds = [a.get("error", a["type"]) for a in answers]
    assert sorted(kinds) == ["ack", "illegal_action"]
    winner = seats[kinds.index("ack")]
    loser = answers[1 - kinds.index("ack")]
    assert "too late" in loser["message"]
    assert after.log[len(before.log)] == (winner, snaps[winner])
    assert len(after.log) == len(before.log) + 1
    # The winner alone is asked for the card to give, and every client sees it so.
    assert all(state["view"]["phase"] == "give" for state in final)
    assert all(state["view"]["giving"]["seat"] == winner for state in final)
    assert len({str(public_events(state)) for state in final}) == 1

"""The race judge alone: many synthetic races on a simulated clock.

Each race has two players whose connections have a fixed round trip (20, 100 or
250 ms, split evenly each way); each clicks at a moment on its own screen, the click
travels to the server, and the judge ranks the arrivals. The same-moment and
60-ms-earlier properties hold for every pair of delays; a player who fakes a longer
lag gains at most the cap. Then the parts around it: the round-trip estimate, its
pings, and a claim's delay carried by the relay to the table's owner.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import random
from typing import cast

import pytest
from starlette.websockets import WebSocket

from cardtable.server.cluster.relay import Relay, RemoteRoom
from cardtable.server.connection import Connection
from cardtable.server.latency import Lag
from cardtable.server.races import ARRIVED, CAP, LEAD, Judge, Races, stamp
from cardtable.server.room import Inbound

DELAYS = [0.020, 0.100, 0.250]
#: Jitter of each one-way trip (a loopback proxy's scheduling, a real network's queue).
JITTER = 0.002


def winner(clicks: list[float], rtts: list[float], rng: random.Random, measured=None) -> int:
    """Which player the judge ranks first: player i clicks at ``clicks[i]`` with a
    round trip of ``rtts[i]``; the server estimates ``measured[i]`` (the true one by
    default)."""
    measured = rtts if measured is None else measured
    judge: Judge[int] = Judge(CAP)
    arrivals = sorted(
        (click + rtt / 2 + rng.uniform(0, JITTER), i)
        for i, (click, rtt) in enumerate(zip(clicks, rtts, strict=True))
    )
    for arrival, i in arrivals:
        judge.claim(i, arrival, measured[i] / 2)
    decided = judge.ready(max(a for a, _ in arrivals) + CAP)
    assert len(decided) == len(clicks)
    return decided[0].payload


def share_interval(wins: int, n: int) -> tuple[float, float]:
    """A 99.9% normal-approximation interval around ``wins / n``."""
    p = wins / n
    half = 3.29 * math.sqrt(max(p * (1 - p), 1e-9) / n)
    return p - half, p + half


@pytest.mark.parametrize(("a", "b"), list(itertools.product(DELAYS, repeat=2)))
def test_same_moment_wins_equally_and_60ms_earlier_wins(a, b):
    rng = random.Random(f"{a}-{b}")
    n = 400
    same = sum(winner([1.0, 1.0], [a, b], rng) == 0 for _ in range(n))
    low, high = share_interval(same, n)
    assert low <= 0.5 <= high, (a, b, same)
    earlier = sum(winner([1.0 - 0.060, 1.0], [a, b], rng) == 0 for _ in range(n))
    assert earlier >= 0.9 * n, (a, b, earlier)
    later = sum(winner([1.0 + 0.060, 1.0], [a, b], rng) == 0 for _ in range(n))
    assert later <= 0.1 * n, (a, b, later)


def test_arrival_order_alone_would_not_be_fair():
    """Without compensation the far player loses every race clicked at the same moment."""
    rng = random.Random(3)
    wins = sum(winner([1.0, 1.0], [0.020, 0.250], rng, measured=[0, 0]) == 1 for _ in range(200))
    assert wins == 0


@pytest.mark.parametrize("true_rtt", [0.020, 0.100])
def test_faking_a_long_lag_gains_at_most_the_cap(true_rtt):
    """A liar answering pings 2 s late is compensated by the cap, no more: it wins
    clicking a little under the cap late, and never clicking past it."""
    rng = random.Random(5)
    honest = 0.020
    gain = CAP - true_rtt / 2  # what the lie adds to the liar's honest compensation
    for late, expected in ((gain - 0.010, 1.0), (gain + 0.010, 0.0)):
        head_start = [1.0 + late, 1.0]
        wins = sum(
            winner(head_start, [true_rtt, honest], rng, measured=[2.0, honest]) == 0
            for _ in range(200)
        )
        assert wins == 200 * expected, (late, wins)


def test_a_claim_is_decided_only_once_no_earlier_one_can_arrive():
    judge: Judge[str] = Judge(0.150)
    judge.claim("near", arrival=10.000, lead=0.010)
    assert judge.due() == pytest.approx(10.140)
    assert judge.ready(10.139) == []
    # Arrives later but was sent earlier (a far connection): ranked first.
    judge.claim("far", arrival=10.100, lead=0.125)
    assert judge.due() == pytest.approx(9.975 + 0.150)
    assert [c.payload for c in judge.ready(10.140)] == ["far", "near"]
    assert len(judge) == 0 and judge.due() is None


def test_lead_is_capped_and_never_negative():
    judge: Judge[None] = Judge(0.150)
    assert judge.sent(5.0, 2.0) == pytest.approx(4.85)
    assert judge.sent(5.0, -1.0) == 5.0


def test_equal_send_times_keep_arrival_order():
    judge: Judge[int] = Judge(0.150)
    for i in range(5):
        judge.claim(i, arrival=1.0, lead=0.0)
    assert [c.payload for c in judge.ready(2.0)] == [0, 1, 2, 3, 4]


def test_round_trip_estimate_follows_the_samples():
    lag = Lag(lambda message: None)
    assert lag.one_way() == 0.0 and lag.describe() == {"rtt_ms": None, "deviation_ms": None}
    lag.sample(0.100)
    assert lag.rtt == pytest.approx(0.100) and lag.deviation == pytest.approx(0.050)
    lag.sample(0.200)  # the first samples count alike
    assert lag.rtt == pytest.approx(0.150)
    for _ in range(60):
        lag.sample(0.250)
    assert lag.rtt == pytest.approx(0.250)
    assert lag.deviation < 0.005  # a steady route: the deviation decays
    lag.sample(0.750)  # one slow answer does not move the estimate, only the deviation
    assert lag.rtt == pytest.approx(0.250) and lag.deviation > 0.1
    assert lag.one_way() == pytest.approx(0.125)
    for _ in range(5):  # a lasting change of route moves it within five samples
        lag.sample(0.050)
    assert lag.rtt == pytest.approx(0.050)


def test_stalls_on_one_route_do_not_make_it_look_longer_than_its_claims_take():
    """Two routes, 20 and 250 ms, whose answers are each sometimes stalled by a busy
    machine, the farther one more often: each estimate stays at its route's typical
    round trip, the one a claim usually takes, so neither player is favoured."""
    rng = random.Random(5)
    for base, stalls in ((0.020, 0.05), (0.250, 0.25)):
        lag = Lag(lambda message: None)
        for _ in range(200):
            stall = rng.expovariate(1 / 0.020) if rng.random() < stalls else 0.0
            lag.sample(base + rng.uniform(0, 0.001) + stall)
        assert lag.rtt == pytest.approx(base, abs=0.002), (base, lag.rtt)


def test_pings_go_only_to_clients_that_answer_and_stale_pongs_are_ignored():
    async def scenario():
        sent = []
        lag = Lag(sent.append)
        lag.pong(7)  # a pong for no ping: ignored, no ping started
        assert sent == [] and lag.samples == 0
        lag.pong(None)  # the opening pong: the first ping at once
        assert [m["id"] for m in sent] == [1] and sent[0]["type"] == "ping"
        lag.pong(None)  # a second opening pong starts nothing more
        assert len(sent) == 1
        start = asyncio.get_running_loop().time()
        lag.pong(2, now=start)  # guesses the next id: ignored (cannot look nearer)
        assert lag.samples == 0
        await asyncio.sleep(0.03)
        lag.pong(1)
        assert lag.samples == 1 and 0.02 < lag.rtt < 0.5
        lag.pong(1)  # answered already
        assert lag.samples == 1
        lag.stop()

    asyncio.run(scenario())


def test_a_claims_one_way_delay_crosses_the_relay_to_the_tables_owner():
    """A socket on one process, its table owned by another: the delay stamped at the
    edge reaches the owner's room with the claim, which the owner cannot measure."""

    async def scenario():
        posted = []
        owner_room = type("OwnerRoom", (), {"post": staticmethod(posted.append)})()
        owner = Relay(None, "owner", lambda code: owner_room)  # type: ignore[arg-type]
        edge = Relay(None, "edge", lambda code: None)  # type: ignore[arg-type]
        wire = []
        edge.publish = lambda node, payload: wire.append(json.loads(json.dumps(payload)))
        conn = Connection(cast(WebSocket, None), 1.0, 1, 1, "10.0.0.1")
        conn.lag.sample(0.240)
        message = {"type": "action", "action": {"type": "pass"}, LEAD: conn.lag.one_way()}
        RemoteRoom(edge, "CODE", "owner").post(Inbound(conn, message))
        for payload in wire:
            owner._dispatch(payload)
        return posted

    (inbound,) = asyncio.run(scenario())
    assert inbound.message[LEAD] == pytest.approx(0.120)
    assert inbound.conn.lag.rtt is None  # the owner's side never measured it


def test_a_claim_that_fails_does_not_hold_up_the_later_ones():
    async def scenario():
        due = asyncio.Event()
        races = Races(lambda command: due.set(), cap=0.02)
        applied = []

        async def refused():
            raise RuntimeError("the database refused the write")

        async def fine():
            applied.append("later")

        races.hold(refused, 0.0)
        races.hold(fine, 0.0)
        await asyncio.wait_for(due.wait(), 2)
        await races.release()
        races.close()
        return applied, len(races.judge)

    assert asyncio.run(scenario()) == (["later"], 0)


def test_a_claim_is_timed_when_its_socket_read_it_not_when_its_room_got_to_it():
    """A claim stamped at its socket 80 ms before a busy room took it up ranks before
    one the room took up first but whose socket read it later."""

    async def scenario():
        races = Races(lambda command: None)
        early = {"type": "action"}
        stamp(early, 0.010)
        early[ARRIVED] -= 0.080  # read by its socket 80 ms ago
        late = {"type": "action"}
        stamp(late, 0.010)
        races.hold_message(lambda: None, late)  # the room got to this one first
        races.hold_message(lambda: None, early)
        unstamped = {"type": "action"}  # counts as arriving now, sent now
        races.hold_message(lambda: None, unstamped)
        held = races.judge.ready(float("inf"))
        races.close()
        return [c.arrival for c in held], [c.sent for c in held]

    order, sent = asyncio.run(scenario())
    assert order == [1, 0, 2]
    assert sent[1] - sent[0] == pytest.approx(0.080, abs=0.005)

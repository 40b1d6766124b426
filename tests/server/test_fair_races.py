"""Fair races through the real server: WebSocket clients behind loopback proxies that
delay each client's traffic by a fixed round trip (20, 100 or 250 ms).

A Cactus table seats three greedy bots and two people, so every bot's discard opens a
quick-discard window in which both people race (each passes, and the order of their
acks says whom the judge ranked first). At a Last Card table with jump-in, the race is
between the player to act and a player who may jump in (passing): whichever the judge
puts first decides whether the window is still open for the other. The people
"click" at moments the test chooses on one clock: at the same moment (each within a
60 Hz frame of it), or one of them 60 ms before the other. Many tables play at once,
so several hundred races take well under a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cardtable.server.races import CAP

from .delay_proxy import DelayProxy
from .support import Server, create_table

#: A screen shows a new frame every 16.7 ms: two clicks "at the same moment" on two
#: screens are each somewhere within the frame.
FRAME = 1 / 60
EARLIER = 0.060
#: How long a lying client holds each pong.
LIE = 1.0


@dataclass(frozen=True)
class Game:
    """How a game's table is set and who races in its open window."""

    name: str
    seats: list[str]
    options: dict[str, Any]
    #: The seats racing in the window a view shows open.
    contenders: Callable[[dict[str, Any]], set[int]]


CACTUS = Game(
    "cactus",
    ["greedy", "greedy", "greedy", "human", "human"],
    {"quick_discard_seconds": 20},
    lambda view: set(view["window"]["seats"]),
)
LASTCARD = Game(
    "lastcard",
    ["random", "human", "human"],
    {"jump_in": True},
    lambda view: {*view["window"], view["current"]},
)


@dataclass
class Player:
    """One person at a table behind its proxy: answers pings (late, if it lies), plays
    its own turns at once, and keeps the states and acks it receives."""

    ws: ClientConnection
    seat: int
    lies: bool = False
    state: dict[str, Any] | None = None
    #: (match, version) of the state that opened the latest window (its window_open event).
    window: tuple[int, int] | None = None
    #: When the latest window reached this player (the event loop's clock).
    opened_at: float = 0.0
    #: Each window's claims (throws and passes), by seat, in the order applied.
    claims: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    rtt_ms: int | None = None
    pings: int = 0
    seq: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    seated: asyncio.Event = field(default_factory=asyncio.Event)
    answers: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)

    async def send(self, message: dict[str, Any]) -> int:
        self.seq += 1
        await self.ws.send(json.dumps(message | {"seq": self.seq}))
        return self.seq

    async def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` and wait for the ack or error that answers it."""
        future = asyncio.get_running_loop().create_future()
        self.answers[self.seq + 1] = future
        await self.send(message)
        return await asyncio.wait_for(future, 30)

    async def pong(self, ping_id: int) -> None:
        if self.lies:
            await asyncio.sleep(LIE)
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps({"type": "pong", "id": ping_id}))

    async def read(self) -> None:
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "ping":
                self.rtt_ms = message["rtt_ms"]
                self.pings += 1
                asyncio.create_task(self.pong(message["id"]))  # noqa: RUF006
            elif kind == "welcome":
                self.seated.set()
            elif kind in ("ack", "error") and message.get("seq") in self.answers:
                self.answers.pop(message["seq"]).set_result(message)
            elif kind == "state":
                if any(e["type"] == "window_open" for e in message["events"]):
                    self.window = (message["match"], message["version"])
                    self.opened_at = asyncio.get_running_loop().time()
                for event in message["events"]:
                    if event["type"] in ("pass", "throw") and self.window is not None:
                        self.claims.setdefault(self.window, []).append(event["seat"])
                self.state = message
            if kind in ("state", "match_result"):
                self.changed.set()


class Race:
    """Two players meet at one window; each gets its click time once both are there."""

    def __init__(self, mode: str, offsets: dict[int, float]) -> None:
        self.mode = mode
        self.offsets = offsets
        self.arrived: set[int] = set()
        self.both = asyncio.Event()
        self.moment = 0.0
        self.answers: dict[int, dict[str, Any]] = {}

    async def meet(self, seat: int) -> float:
        """When this player clicks (the other player may never come: a bot's right
        throw closed the window first; then it clicks at once)."""
        self.arrived.add(seat)
        if len(self.arrived) == 2:
            self.moment = asyncio.get_running_loop().time() + random.uniform(0.005, 0.030)
            self.both.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.both.wait(), 3)
        return self.moment + self.offsets[seat] + random.uniform(0, FRAME)

    def winner(self) -> int | None:
        """The seat whose move the server applied first, once both are answered: the
        earlier of two acks, or the only ack (each move was legal in the open window,
        so a refused one came after the other had changed it)."""
        if len(self.answers) < 2:
            return None
        acked = {seat: a["version"] for seat, a in self.answers.items() if a["type"] == "ack"}
        return min(acked, key=lambda seat: acked[seat]) if acked else None


@dataclass
class Table:
    """One table's two players, their delays and the races they ran."""

    code: str
    game: Game
    players: list[Player]
    rtts: tuple[float, float]
    modes: itertools.cycle[str]
    #: How many results each mode needs before the table stops: every mode gets its
    #: share, however many races a slow window leaves without a winner.
    quota: Counter[str]
    results: list[tuple[str, int]] = field(default_factory=list)
    meetings: dict[tuple[int, int], Race] = field(default_factory=dict)
    offsets: dict[tuple[int, int], dict[int, float]] = field(default_factory=dict)

    def finished(self) -> bool:
        counts = Counter(mode for mode, _ in self.results)
        return all(counts[mode] >= need for mode, need in self.quota.items())

    def race(self, key: tuple[int, int]) -> Race:
        if key not in self.meetings:
            mode = next(self.modes)
            a, b = (p.seat for p in self.players)
            first = {"same": {}, "first_earlier": {a: -EARLIER}, "second_earlier": {b: -EARLIER}}
            first |= {"first_late_over": {a: CAP + 0.030}, "first_late_under": {a: CAP - 0.060}}
            self.meetings[key] = Race(mode, {a: 0.0, b: 0.0} | first[mode])
        return self.meetings[key]


def own_move(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A person's turn played at once: in Cactus look, draw, discard what was drawn and
    skip effects; in Last Card play a card (calling when it is the last but one), else
    draw, keep or choose."""
    by_type = {a["type"]: a for a in legal}
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return next((a for a in plays if a.get("call")), plays[0])
    for kind in ("look", "draw", "discard", "pass", "keep"):
        if kind in by_type:
            return by_type[kind]
    return next(a for a in legal if a["type"] != "call_cactus")


def race_move(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A racer's move: pass up the window, or, as Last Card's player to act, move."""
    return {"type": "pass"} if {"type": "pass"} in legal else own_move(legal)


async def play(table: Table, me: Player) -> None:
    done_windows: set[tuple[int, int]] = set()
    rematches: set[int] = set()
    other = next(p for p in table.players if p is not me)
    while not table.finished():
        await me.changed.wait()
        me.changed.clear()
        state = me.state
        assert state is not None
        if state["view"]["is_over"]:
            if state["match"] not in rematches:
                rematches.add(state["match"])
                await me.send({"type": "rematch"})
            continue
        if me.seat not in state["view"]["to_act"]:
            continue
        if not state["view"]["window"]:
            await me.answer({"type": "action", "action": own_move(state["legal"])})
            continue
        key = me.window
        assert key is not None
        if key in done_windows:
            continue
        done_windows.add(key)
        move = {"type": "action", "action": race_move(state["legal"])}
        if other.seat not in table.game.contenders(state["view"]):
            await me.answer(move)
            continue
        race = table.race(key)
        click = await race.meet(me.seat)
        await asyncio.sleep(max(0.0, click - asyncio.get_running_loop().time()))
        race.answers[me.seat] = await me.answer(move)
        winner = race.winner()
        if winner is not None:
            table.results.append((race.mode, winner))
        me.changed.set()  # look again at the latest state
    other.changed.set()  # the other player may be waiting on this one: it stops too


async def open_table(
    server: Server,
    game: Game,
    rtts: tuple[float, float],
    modes: list[str],
    races: int,
    liar: bool,
    proxies: list[DelayProxy],
) -> Table:
    code = create_table(server, game.name, game.seats, options=game.options)["code"]
    first = game.seats.index("human")
    players = []
    for index, rtt in enumerate(rtts):
        proxy = DelayProxy(server.port, rtt)
        proxies.append(proxy)
        port = await proxy.start()
        ws = await connect(f"ws://127.0.0.1:{port}/ws/{code}", max_size=2**22)
        seat = first + index
        player = Player(ws, seat, lies=liar and index == 0)
        asyncio.create_task(player.read())  # noqa: RUF006
        await player.send({"type": "join", "name": f"p{seat}", "seat": seat})
        await ws.send(json.dumps({"type": "pong"}))  # answer pings from now on
        await asyncio.wait_for(player.seated.wait(), 10)
        players.append(player)
    rounds = -(-races // len(modes))
    quota = Counter({mode: count * rounds for mode, count in Counter(modes).items()})
    return Table(code, game, players, rtts, itertools.cycle(modes), quota)


async def measured(player: Player) -> None:
    """Wait until the server's round-trip estimate has three samples."""
    while player.pings < 4:
        await asyncio.sleep(0.05)


Spec = tuple[Game, tuple[float, float], list[str], int, bool]


def run_tables(server: Server, specs: list[Spec]) -> tuple[list[Table], list[list[int | None]]]:
    async def scenario() -> tuple[list[Table], list[list[int | None]]]:
        proxies: list[DelayProxy] = []
        tables = [await open_table(server, *spec, proxies=proxies) for spec in specs]
        await asyncio.gather(*(measured(p) for t in tables for p in t.players))
        for table in tables:
            await table.players[0].send({"type": "start"})
        players = [play(t, p) for t in tables for p in t.players]
        try:
            await asyncio.wait_for(asyncio.gather(*players), 300)
        except TimeoutError:
            raise AssertionError([(t.rtts, len(t.results)) for t in tables]) from None
        estimates = [[p.rtt_ms for p in t.players] for t in tables]
        for table in tables:
            for player in table.players:
                await player.ws.close()
        for proxy in proxies:
            await proxy.close()
        return tables, estimates

    return asyncio.run(scenario())


#: The normal quantile of a two-sided 99.9% interval: with 400 races or more it is
#: narrow enough to catch a judge that favours one route by a few milliseconds
#: (40% of wins), while a fair judge fails it once in a thousand runs.
Z999 = 3.29


def interval(wins: int, n: int, z: float) -> tuple[float, float]:
    """A normal-approximation interval around ``wins / n`` (``z``: its quantile)."""
    p = wins / n
    half = z * math.sqrt(max(p * (1 - p), 0.25 / n) / n)
    return p - half, p + half


PAIRS = [(0.020, 0.250), (0.020, 0.100), (0.100, 0.250)]


MODES = ["same", "first_earlier", "same", "second_earlier"]


def check_fair(
    tables: list[Table], pairs: list[tuple[float, float]], same_races: int, z: float
) -> None:
    """Clicked at the same moment, the nearer player wins half the races within the
    interval of quantile ``z`` (over ``same_races`` or more); clicked 60 ms earlier,
    either wins 90% or more."""
    same: Counter[bool] = Counter()
    for table in tables:
        near = table.players[0].seat  # the first player has the shorter round trip
        for mode, winner in table.results:
            if mode == "same":
                same[winner == near] += 1
    total = same[True] + same[False]
    assert total >= same_races, same
    low, high = interval(same[True], total, z)
    assert low <= 0.5 <= high, same
    for pair in pairs:
        results = [r for t in tables if t.rtts == pair for r in t.results]
        first, second = (p.seat for p in next(t for t in tables if t.rtts == pair).players)
        for mode, earlier in (("first_earlier", first), ("second_earlier", second)):
            won = [w == earlier for m, w in results if m == mode]
            assert len(won) >= 15 and sum(won) >= 0.9 * len(won), (pair, mode, won)


@pytest.mark.slow
def test_quick_discards_through_delaying_proxies_are_won_by_the_first_click(server):
    """Cactus: 840 races on 15 tables, every pair of the three delays."""
    specs = [(CACTUS, pair, MODES, 56, False) for pair in PAIRS for _ in range(5)]
    tables, estimates = run_tables(server, specs)
    for table, estimate in zip(tables, estimates, strict=True):
        for rtt, ms in zip(table.rtts, estimate, strict=True):
            assert ms is not None and abs(ms - rtt * 1000) < 30, (table.rtts, estimate)
    check_fair(tables, PAIRS, 400, Z999)


@pytest.mark.slow
def test_last_card_jump_in_windows_are_won_by_the_first_click(server):
    """Last Card with jump-in: the player to act and a player who may jump in, 20 and
    250 ms away, race on 8 tables."""
    pair = (0.020, 0.250)
    tables, _ = run_tables(server, [(LASTCARD, pair, MODES, 12, False)] * 8)
    check_fair(tables, [pair], 40, Z999)


@pytest.mark.slow
def test_a_client_faking_its_lag_gains_at_most_the_cap(server):
    """A 20 ms client that answers pings a second late is credited with the cap, not its
    faked half-second: clicking a little less than the cap late it still wins, clicking
    beyond the cap late it loses."""
    modes = ["first_late_under", "first_late_over"]
    tables, estimates = run_tables(server, [(CACTUS, (0.020, 0.020), modes, 30, True)] * 2)
    assert all((e[0] or 0) > LIE * 1000 for e in estimates)  # the lie was believed
    results = [r for t in tables for r in t.results]
    liar = tables[0].players[0].seat
    for mode, liar_wins in (("first_late_under", True), ("first_late_over", False)):
        won = [(w == liar) == liar_wins for m, w in results if m == mode]
        assert len(won) >= 20 and sum(won) >= 0.9 * len(won), (mode, won)


@pytest.mark.slow
def test_a_bot_races_through_the_same_judge(server):
    """A greedy bot claims (passes) 0.3 s after a window opens, the table's bot delay,
    in the server. A person 250 ms away who clicks 0.1 s after the window reached the
    screen sent the claim first, though it arrives after the bot's: the person's pass is
    applied first. Clicking 0.4 s after, the person comes after the bot."""
    reactions = [0.1, 0.4] * 5

    async def scenario() -> list[tuple[float, list[int]]]:
        code = create_table(
            server,
            "cactus",
            ["human", "greedy", "greedy"],
            bot_delay=0.3,
            options={"quick_discard_seconds": 20},
        )["code"]
        proxy = DelayProxy(server.port, 0.250)
        port = await proxy.start()
        me = Player(await connect(f"ws://127.0.0.1:{port}/ws/{code}"), 0)
        reader = asyncio.create_task(me.read())
        await me.send({"type": "join", "name": "far", "seat": 0})
        await me.ws.send(json.dumps({"type": "pong"}))
        await asyncio.wait_for(me.seated.wait(), 10)
        await measured(me)
        await me.send({"type": "start"})
        raced: list[tuple[float, tuple[int, int]]] = []
        while len(raced) < len(reactions):
            await asyncio.wait_for(me.changed.wait(), 30)
            me.changed.clear()
            state = me.state
            assert state is not None
            view = state["view"]
            if view["is_over"]:
                await me.send({"type": "rematch"})
            elif me.seat in view["to_act"] and not view["window"]:
                await me.answer({"type": "action", "action": own_move(state["legal"])})
            elif me.seat in view["to_act"] and me.window not in (k for _, k in raced):
                assert me.window is not None
                reaction = reactions[len(raced)]
                raced.append((reaction, me.window))
                click = me.opened_at + reaction
                await asyncio.sleep(max(0.0, click - asyncio.get_running_loop().time()))
                await me.answer({"type": "action", "action": {"type": "pass"}})
                me.changed.set()
        await asyncio.sleep(1.0)  # the last window's bot claims come in
        await me.ws.close()
        reader.cancel()
        await proxy.close()
        return [(reaction, me.claims.get(key, [])) for reaction, key in raced]

    results = asyncio.run(scenario())
    for reaction, claims in results:
        assert me_first(claims) == (reaction < 0.3), (reaction, results)


def me_first(claims: list[int]) -> bool:
    """Whether seat 0's claim was applied before every bot's in its window (it is not
    there when a bot's right throw closed the window first)."""
    return bool(claims) and claims[0] == 0

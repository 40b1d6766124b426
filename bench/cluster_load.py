"""Load on a site of several server processes, and how long a failover takes.

Starts a throwaway PostgreSQL and Redis (Debian's ``postgresql`` and ``redis-server``,
as the tests do), then measures in one run:

1. N concurrent matches (default 1000) on one ``cardtable serve --redis --db
   postgresql://`` process, then on two such processes sharing the database and
   Redis. Tables are created round-robin over the processes and each seat connects
   to a process at random, as behind a load balancer without sticky sessions, so
   about half the seats are relayed to their table's owner. Round trip = action
   sent to ``ack`` (validated, applied, committed to PostgreSQL). A socket closed
   with 1012 (the table moved to another process) reconnects to a random process
   and rejoins its seat with its token, as the browser does, and plays on; the
   reconnections are counted per phase.
2. A bare WebSocket echo with the same connections and pacing (``server_load.py``).
3. Failover: a two-human table on a three-process site; its owner is SIGKILLed
   ``--kills`` times (default 20); each time a client reconnects to a random live
   process, rejoins and acts, and the time from the kill to that action's ``ack`` is
   recorded (the process is then started again).

    python bench/cluster_load.py [--matches 1000] [--kills 20] [--lease 3]
                                 [--game skyjo] [--players 2] [--think 0.5] [--actions 40]
                                 [--loop auto|asyncio|uvloop]

``--loop`` is passed to every server process (``cardtable serve --loop``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import redis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from server_load import (
    UNLIMITED,
    Stats,
    add_load_arguments,
    free_port,
    join_and_start,
    load_echo,
    play_seat,
    process,
    wait_until_up,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.services import Postgres, Redis, running_postgres, running_redis

from cardtable.server.cli import LOOPS

#: A thousand matches are two thousand sockets and a thousand open tables on one
#: process, past the defaults that guard a public server (2000 connections, 1000 open
#: tables): at the connection cap the last sockets and every probe are refused.
SITE_LIMITS = [
    *UNLIMITED,
    *("--limit", "max_connections=100000"),
    *("--limit", "max_open_tables=100000"),
]

#: Two thousand handshakes at once queue up on a loaded machine: give each a minute.
OPEN_SECONDS = 60.0
#: How long a client tries to rejoin its seat before the match counts as cut: well past
#: a lease and a takeover tick, so that only a table nobody serves again gives up.
REJOIN_SECONDS = 120.0


#: Close code of a socket whose table moved to another process: rejoin there.
MOVED = 1012


def serve_command(port: int, db: str, redis_url: str, args: argparse.Namespace) -> list[str]:
    return [
        *(sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port)),
        *("--db", db, "--redis", redis_url, "--bot-workers", "0", "--loop", args.loop),
        *("--lease-seconds", str(args.lease), *SITE_LIMITS),
    ]


@contextlib.contextmanager
def site(size: int, db: str, redis_url: str, args: argparse.Namespace) -> Iterator[list[str]]:
    """``size`` server processes of one site; yields their base URLs."""
    with contextlib.ExitStack() as stack:
        bases = []
        for _ in range(size):
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            stack.enter_context(
                process(serve_command(port, db, redis_url, args), f"{base}/api/games")
            )
            bases.append(base)
        yield bases


# ---------------------------------------------------------------------- load
async def one_match(
    urls: list[str], code: str, args: argparse.Namespace, stats: Stats, i: int
) -> None:
    rng = random.Random(i)
    sockets = [
        await connect(f"{rng.choice(urls)}/ws/{code}", max_queue=None, open_timeout=OPEN_SECONDS)
        for _ in range(args.players)
    ]
    try:
        tokens = await join_and_start(sockets)
    except ConnectionClosed as exc:  # the table moved before the match started
        stats.errors.append(f"closed {exc.rcvd.code if exc.rcvd else None}")
        return
    await asyncio.gather(
        *(
            keep_playing(
                urls, code, ws, seat, tokens[seat], args, stats, random.Random(i * 100 + seat)
            )
            for seat, ws in enumerate(sockets)
        )
    )


async def keep_playing(
    urls: list[str],
    code: str,
    ws: ClientConnection,
    seat: int,
    token: str,
    args: argparse.Namespace,
    stats: Stats,
    rng: random.Random,
) -> None:
    """Play one seat to the end of the match, rejoining it each time the table moves
    (its owner missed a lease renewal under load); another close cuts the match."""
    while True:
        try:
            await play_seat(ws, seat, args, stats, rng)
            await ws.close()
            return
        except ConnectionClosed as exc:
            if exc.rcvd is None or exc.rcvd.code != MOVED:
                stats.errors.append(f"closed {exc.rcvd.code if exc.rcvd else None}")
                return
        stats.reconnections += 1
        try:
            ws = await rejoin(urls, code, token, rng)
        except TimeoutError as exc:
            stats.errors.append(str(exc))
            return


async def rejoin(
    urls: list[str],
    code: str,
    token: str,
    rng: random.Random,
    open_seconds: float = OPEN_SECONDS,
    answer_seconds: float = OPEN_SECONDS,
) -> ClientConnection:
    """A socket to a random process that has taken the seat back (``welcome``), tried
    again until the table's new owner answers; ``TimeoutError`` after
    ``REJOIN_SECONDS`` without one."""
    deadline = time.monotonic() + REJOIN_SECONDS
    while time.monotonic() < deadline:
        ws: ClientConnection | None = None
        try:
            ws = await connect(
                f"{rng.choice(urls)}/ws/{code}", max_queue=None, open_timeout=open_seconds
            )
            await ws.send(json.dumps({"type": "rejoin", "token": token}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), answer_seconds))
                if message["type"] == "welcome":
                    return ws
                if message["type"] == "error":
                    raise ConnectionError(message["error"])
        except (ConnectionClosed, ConnectionError, TimeoutError, OSError):
            if ws is not None:
                await ws.close()
            await asyncio.sleep(0.05)
    raise TimeoutError(f"table {code} was not served again within {REJOIN_SECONDS:g} s")


async def load_site(bases: list[str], args: argparse.Namespace) -> tuple[Stats, float]:
    body = {"game": args.game, "seats": ["human"] * args.players}
    clients = [httpx.Client(base_url=base, timeout=30) for base in bases]
    codes = []
    for i in range(args.matches):
        response = clients[i % len(clients)].post("/api/tables", json=body)
        if response.status_code != 201:
            raise SystemExit(f"creating table {i} failed: {response.status_code} {response.text}")
        codes.append(response.json()["code"])
    for client in clients:
        client.close()
    urls = [base.replace("http", "ws", 1) for base in bases]
    stats = Stats()
    start = time.perf_counter()
    await asyncio.gather(*(one_match(urls, code, args, stats, i) for i, code in enumerate(codes)))
    return stats, time.perf_counter() - start


# ---------------------------------------------------------------------- failover
class Node:
    def __init__(self, db: str, redis_url: str, args: argparse.Namespace) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = serve_command(self.port, db, redis_url, args)
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_up(f"{self.base}/api/games", self.proc)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


async def act_once(nodes: list[Node], code: str, token: str, rng: random.Random) -> None:
    """Reconnect anywhere until a room answers, then play one action to its ack."""
    urls = [f"ws://127.0.0.1:{node.port}" for node in nodes]
    while True:
        ws = await rejoin(urls, code, token, rng, open_seconds=5, answer_seconds=2)
        try:
            seq, waiting = 0, False  # one action at a time, each with a new seq
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 2.0))
                if message["type"] == "state" and message["legal"] and not waiting:
                    seq += 1
                    action = {"type": "action", "action": message["legal"][0], "seq": seq}
                    await ws.send(json.dumps(action | {"version": message["version"]}))
                    waiting = True
                elif message["type"] == "ack":
                    return
                elif message["type"] == "error":
                    if message["error"] != "stale":
                        raise RuntimeError(message)
                    waiting = False  # the other seat acted first: try the next state
        except (ConnectionClosed, TimeoutError, OSError):
            await asyncio.sleep(0.05)
        finally:
            await ws.close()


async def seat(node: Node, code: str, name: str) -> str:
    async with connect(f"ws://127.0.0.1:{node.port}/ws/{code}") as ws:
        await ws.send(json.dumps({"type": "join", "name": name}))
        while (message := json.loads(await ws.recv()))["type"] != "welcome":
            pass
        token: str = message["token"]
        if name == "b":
            await ws.send(json.dumps({"type": "start"}))
            while json.loads(await ws.recv())["type"] != "state":
                pass
        return token


def failovers(db: str, redis_url: str, args: argparse.Namespace) -> list[float]:
    rds = redis.Redis.from_url(redis_url)
    nodes = [Node(db, redis_url, args) for _ in range(3)]
    seconds = []
    try:
        # Both seats try to act after each kill; whichever may act first is timed.
        body = {"game": args.game, "seats": ["human", "human"]}
        code = httpx.post(f"{nodes[0].base}/api/tables", json=body, timeout=30).json()["code"]
        tokens = [asyncio.run(seat(nodes[0], code, name)) for name in "ab"]
        rng = random.Random(1)
        for _ in range(args.kills):
            owner = rds.get(f"cardtable:lease:{code}")
            assert owner is not None, "the table has no owner"
            pid = int(owner.decode().split("-")[-2])
            index = next(i for i, n in enumerate(nodes) if n.proc.pid == pid)
            killed = time.perf_counter()
            nodes[index].kill()

            async def both() -> None:
                _, pending = await asyncio.wait(
                    [asyncio.create_task(act_once(nodes, code, t, rng)) for t in tokens],
                    return_when=asyncio.FIRST_COMPLETED,
                )
                for task in pending:
                    task.cancel()

            asyncio.run(both())
            seconds.append(time.perf_counter() - killed)
            nodes[index] = Node(db, redis_url, args)
    finally:
        for node in nodes:
            with contextlib.suppress(ProcessLookupError):
                node.kill()
        rds.close()
    return seconds


def measure_load(postgres: Postgres, rds: Redis, args: argparse.Namespace) -> None:
    for size in args.processes:
        redis.Redis.from_url(rds.url).flushall()
        with site(size, postgres.database(), rds.url, args) as bases:
            stats, seconds = asyncio.run(load_site(bases, args))
        print(stats.line(f"{size} process(es) (action -> ack)", seconds))
        print(f"  reconnections (closed 1012, seat rejoined): {stats.reconnections}")
        if stats.errors:
            print("  errors:", ", ".join(sorted(set(stats.errors))))
    port = free_port()
    echo_cmd = [sys.executable, str(Path(__file__).parent / "server_load.py")]
    with process([*echo_cmd, "--echo-server", str(port)], f"http://127.0.0.1:{port}/"):
        echo, echo_seconds = asyncio.run(load_echo(f"ws://127.0.0.1:{port}", args))
    print(echo.line("bare echo (message -> echo)", echo_seconds))


def measure_failover(postgres: Postgres, rds: Redis, args: argparse.Namespace) -> None:
    redis.Redis.from_url(rds.url).flushall()
    times = sorted(failovers(postgres.database(), rds.url, args))
    p50 = times[len(times) // 2]
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(
        f"failover (SIGKILL -> next action acked), {len(times)} kills,"
        f" lease {args.lease:g} s: p50 {p50:.2f} s, p99 {p99:.2f} s, max {times[-1]:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_load_arguments(parser, 1000)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--lease", type=float, default=3.0, help="--lease-seconds of serve")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--loop", choices=LOOPS, default="auto", help="--loop of every serve process"
    )
    args = parser.parse_args()
    print(
        f"{args.matches} concurrent {args.game} matches, {args.matches * args.players} clients,"
        f" think {args.think} s, {args.actions} actions a match; {os.cpu_count()} cores"
    )
    with (
        running_postgres() as postgres,
        tempfile.TemporaryDirectory() as tmp,
        running_redis(Path(tmp) / "redis") as rds,
    ):
        if args.matches:
            measure_load(postgres, rds, args)
        if args.kills:
            measure_failover(postgres, rds, args)


if __name__ == "__main__":
    main()

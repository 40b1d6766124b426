"""Load on the game server: many concurrent matches played by simulated clients.

Starts ``cardtable serve`` on a loopback port with a fresh database, creates N tables
(default 200), seats a simulated client at every seat, and lets each client act after
a think time whenever its seat may act. It prints the round trip of an action (sent
to ``ack``, which means validated, applied and stored) as p50 and p99, the actions
per second and the error count, next to the round trip of a bare WebSocket echo
server measured the same way in the same run (same connections, same pacing).

The simulated clients run in ``--clients`` processes (the matches dealt out among
them), so that on a machine of several cores the clients do not saturate before the
server; the processor time of the clients and of the server (read from ``/proc``)
is printed, with the server's acknowledged actions per second of its own processor
time, its resident memory, and its garbage collector's pauses during the load (read
from its ``/metrics``: how many, how many over 10 ms, and the bucket of the longest).

    python bench/server_load.py [--matches 200] [--game skyjo] [--players 2]
                                [--think 0.5] [--actions 40] [--clients 1]
                                [--ws-library NAME] [--ws-deflate on|off]

``--ws-library`` and ``--ws-deflate`` are passed to ``cardtable serve`` (left out, the
server's defaults apply, so that the bench also runs against a server that has none).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

#: This bench is one client with many tables: lift the per-client limits it would hit.
UNLIMITED = [
    "--limit",
    "tables_per_minute=1000000",
    "--limit",
    "max_open_tables_per_client=1000000",
    "--limit",
    "joins_per_minute=1000000",
    "--limit",
    "max_sockets_per_client=1000000",
    "--limit",
    "max_connections_per_client=1000000",
    "--limit",
    "max_heads_per_client=1000000",
    "--limit",
    "api_requests_per_second=1000000",
    "--limit",
    "api_burst=1000000",
]


@dataclass
class Stats:
    rtts: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: Sockets closed with 1012 (the table moved) that rejoined their seat.
    reconnections: int = 0

    def line(self, label: str, seconds: float) -> str:
        rtts = sorted(self.rtts)
        if not rtts:
            return f"{label}: no round trips measured; errors {len(self.errors)}"
        p50 = rtts[len(rtts) // 2] * 1000
        p99 = rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000
        rate = len(rtts) / seconds
        return (
            f"{label}: {len(rtts)} round trips in {seconds:.1f} s ({rate:.0f}/s);"
            f" p50 {p50:.2f} ms, p99 {p99:.2f} ms; errors {len(self.errors)}"
        )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with code {proc.returncode}")
        with contextlib.suppress(httpx.TransportError):
            httpx.get(url, timeout=1)
            return
        time.sleep(0.1)
    raise SystemExit("the server did not start")


@contextlib.contextmanager
def process(command: list[str], probe: str) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(probe, proc)
        yield proc
    finally:
        proc.terminate()
        proc.wait(10)


@contextlib.contextmanager
def game_server(*args: str, launcher: tuple[str, ...] = ()) -> Iterator[tuple[str, int]]:
    """``cardtable serve *args`` on a free port with a fresh database; its base URL and
    process id. ``launcher``: the command that takes ``serve ...`` instead of
    ``python -m cardtable.cli``."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        cli = launcher or (sys.executable, "-m", "cardtable.cli")
        command = [*cli, "serve", "--port", str(port)]
        with process([*command, "--db", db, *args], f"{base}/api/games") as proc:
            yield base, proc.pid


# ---------------------------------------------------------------------- the game server
async def play_seat(
    ws: ClientConnection, seat: int, args: argparse.Namespace, stats: Stats, rng: random.Random
) -> None:
    """Act on this seat's turns after a think time, until the match has had enough actions."""
    latest: dict | None = None
    act_at: float | None = None
    sent: dict[int, float] = {}  # the action awaiting its answer (one at a time)
    seq = 2  # the join used 1, the start 2
    while True:
        timeout = None if act_at is None else max(0.0, act_at - time.monotonic())
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        except TimeoutError:
            assert latest is not None
            seq += 1
            action: dict = {"type": "action", "action": rng.choice(latest["legal"]), "seq": seq}
            if len(latest["view"]["to_act"]) == 1:
                action["version"] = latest["version"]
            sent[seq] = time.perf_counter()
            await ws.send(json.dumps(action))
            act_at = None
            continue
        kind = message["type"]
        if kind == "ack":
            stats.rtts.append(time.perf_counter() - sent.pop(message["seq"]))
        elif kind == "error":
            stats.errors.append(message["error"])
            sent.pop(message["seq"], None)
        elif kind == "state":
            latest = message
            if message["version"] >= args.actions or message["view"]["is_over"]:
                return
        if kind in ("error", "state") and latest is not None and not sent:
            act_at = None
            if latest["legal"]:
                act_at = time.monotonic() + args.think * rng.uniform(0.5, 1.5)


async def one_match(url: str, code: str, args: argparse.Namespace, stats: Stats, i: int) -> None:
    sockets = [await connect(f"{url}/ws/{code}", max_queue=None) for _ in range(args.players)]
    await play_match(sockets, args, stats, i)


async def join_and_start(sockets: list[ClientConnection]) -> list[str]:
    """Seat one socket at each seat and start the match; returns the seats' tokens."""
    tokens = []
    for seat, ws in enumerate(sockets):
        await ws.send(json.dumps({"type": "join", "name": f"p{seat}", "seat": seat, "seq": 1}))
        while (message := json.loads(await ws.recv()))["type"] != "welcome":
            pass
        tokens.append(message["token"])
    await sockets[0].send(json.dumps({"type": "start", "seq": 2}))
    return tokens


async def play_match(
    sockets: list[ClientConnection], args: argparse.Namespace, stats: Stats, i: int
) -> None:
    """Seat one socket at each seat, start the match, play it, close the sockets."""
    await join_and_start(sockets)
    rngs = [random.Random(i * 100 + seat) for seat in range(args.players)]
    await asyncio.gather(
        *(play_seat(ws, seat, args, stats, rngs[seat]) for seat, ws in enumerate(sockets))
    )
    for ws in sockets:
        await ws.close()


def create_tables(base: str, args: argparse.Namespace) -> list[str]:
    body = {"game": args.game, "seats": ["human"] * args.players}
    with httpx.Client(base_url=base) as client:
        return [client.post("/api/tables", json=body).json()["code"] for _ in range(args.matches)]


async def play_tables(base: str, codes: list[str], first: int, args: argparse.Namespace) -> Stats:
    stats = Stats()
    url = base.replace("http", "ws", 1)
    matches = (one_match(url, code, args, stats, first + i) for i, code in enumerate(codes))
    await asyncio.gather(*matches)
    return stats


def client_process(
    base: str, codes: list[str], first: int, args: argparse.Namespace, out: Any
) -> None:
    """One client process: play ``codes``, then send back the round trips, the errors
    and this process's processor time."""
    stats = asyncio.run(play_tables(base, codes, first, args))
    out.put((stats.rtts, stats.errors, time.process_time()))


def cpu_seconds(pid: int) -> float:
    """The processor time (user and system) process ``pid`` has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


PAUSE_LINE = re.compile(
    r'cardtable_gc_pause_seconds_bucket\{generation="(\d)",le="([^"]+)"\} (\S+)'
)


def collector_pauses(base: str) -> dict[str, float] | None:
    """The server's garbage-collector pauses so far, as cumulative counts per bucket
    bound (all generations together), or None if it does not publish them."""
    try:
        text = httpx.get(f"{base}/metrics", timeout=10).text
    except httpx.HTTPError:
        return None
    buckets: dict[str, float] = {}
    for _, bound, count in PAUSE_LINE.findall(text):
        buckets[bound] = buckets.get(bound, 0.0) + float(count)
    return buckets or None


def pause_figures(
    before: dict[str, float] | None, after: dict[str, float] | None
) -> tuple[float, float, str] | None:
    """The pauses between two readings of ``collector_pauses``: how many, how many
    over 10 ms, and the bucket bound (seconds) of the longest; None if unpublished."""
    if before is None or after is None:
        return None
    counts = {bound: after[bound] - before.get(bound, 0.0) for bound in after}
    total = counts.get("+Inf", 0.0)
    bounds = sorted((float(b), b) for b in counts if b != "+Inf")
    longest = next((b for _, b in bounds if counts[b] >= total), "+Inf")
    return total, total - counts.get("0.01", 0.0), longest


def pauses_line(before: dict[str, float] | None, after: dict[str, float] | None) -> str:
    figures = pause_figures(before, after)
    if figures is None:
        return "collector pauses: not published by this server"
    total, over_10, longest = figures
    return (
        f"collector pauses during the load: {total:.0f}, over 10 ms: {over_10:.0f},"
        f" the longest at most {longest} s"
    )


def load_server(base: str, pid: int, args: argparse.Namespace) -> tuple[Stats, float, str]:
    """Play the matches from ``args.clients`` processes; the round trips, the wall
    time, and a report of what the server and the clients used."""
    codes = create_tables(base, args)
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    share = -(-len(codes) // args.clients)
    slices = [(codes[i : i + share], i) for i in range(0, len(codes), share)]
    pauses_before = collector_pauses(base)
    cpu_before, start = cpu_seconds(pid), time.perf_counter()
    workers = [
        context.Process(target=client_process, args=(base, part, first, args, out))
        for part, first in slices
    ]
    for worker in workers:
        worker.start()
    stats, clients_cpu = Stats(), []
    for _ in workers:
        rtts, errors, cpu = out.get()
        stats.rtts.extend(rtts)
        stats.errors.extend(errors)
        clients_cpu.append(cpu)
    seconds = time.perf_counter() - start
    server_cpu = cpu_seconds(pid) - cpu_before
    for worker in workers:
        worker.join()
    report = [
        f"server CPU {server_cpu:.1f} s ({server_cpu / seconds:.0%} of a core),"
        f" {len(stats.rtts) / max(server_cpu, 1e-9):.0f} acks per server CPU second,"
        f" RSS {rss_mib(pid):.0f} MiB",
        "client processes' CPU: " + ", ".join(f"{c:.1f} s" for c in clients_cpu),
        pauses_line(pauses_before, collector_pauses(base)),
    ]
    return stats, seconds, "\n".join(report)


# ---------------------------------------------------------------------- the echo baseline
async def echo(ws: ServerConnection) -> None:
    async for message in ws:
        await ws.send(message)


async def run_echo_server(port: int) -> None:
    async with serve(echo, "127.0.0.1", port, max_queue=None) as server:
        await server.serve_forever()


async def echo_client(
    ws: ClientConnection, args: argparse.Namespace, stats: Stats, rng: random.Random
) -> None:
    """Send a message the size of an action at the pace of a seat, timing each echo."""
    payload = json.dumps({"type": "action", "action": {"type": "reveal", "pos": 3}, "seq": 0})
    for _ in range(args.actions // args.players):
        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5) * args.players)
        start = time.perf_counter()
        await ws.send(payload)
        await ws.recv()
        stats.rtts.append(time.perf_counter() - start)


async def load_echo(url: str, args: argparse.Namespace) -> tuple[Stats, float]:
    stats = Stats()
    sockets = [await connect(url, max_queue=None) for _ in range(args.matches * args.players)]
    start = time.perf_counter()
    await asyncio.gather(
        *(echo_client(ws, args, stats, random.Random(i)) for i, ws in enumerate(sockets))
    )
    seconds = time.perf_counter() - start
    for ws in sockets:
        await ws.close()
    return stats, seconds


def add_load_arguments(parser: argparse.ArgumentParser, matches: int) -> None:
    """The options of a load run (shared with ``cluster_load.py``)."""
    parser.add_argument("--matches", type=int, default=matches)
    parser.add_argument("--game", default="skyjo")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before acting")
    parser.add_argument("--actions", type=int, default=40, help="actions per match")
    parser.add_argument("--clients", type=int, default=1, help="client processes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_load_arguments(parser, 200)
    parser.add_argument("--ws-library", help="the server's WebSocket implementation")
    parser.add_argument("--ws-deflate", choices=("on", "off"), help="the server's deflate")
    parser.add_argument("--echo-server", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        asyncio.run(run_echo_server(args.echo_server))
        return

    sockets = [
        f"--{option.replace('_', '-')}={getattr(args, option)}"
        for option in ("ws_library", "ws_deflate")
        if getattr(args, option) is not None
    ]
    with game_server("--bot-workers", "0", *UNLIMITED, *sockets) as (base, pid):
        server_stats, server_seconds, usage = load_server(base, pid, args)
    echo_port = free_port()
    echo_cmd = [sys.executable, __file__, "--echo-server", str(echo_port)]
    with process(echo_cmd, f"http://127.0.0.1:{echo_port}/"):
        echo_stats, echo_seconds = asyncio.run(load_echo(f"ws://127.0.0.1:{echo_port}", args))

    clients = args.matches * args.players
    print(
        f"{args.matches} concurrent {args.game} matches, {clients} clients,"
        f" think {args.think} s, {args.actions} actions a match"
        + (f", server {' '.join(sockets)}" if sockets else "")
    )
    print(server_stats.line("game server (action -> ack)", server_seconds))
    print(usage)
    print(echo_stats.line("bare echo   (message -> echo)", echo_seconds))
    if server_stats.errors:
        print("errors:", ", ".join(sorted(set(server_stats.errors))))


if __name__ == "__main__":
    main()

"""One client floods the game server at its limits; how much does an unrelated table feel it?

Starts ``cardtable serve`` with its default limits on a loopback port and a fresh
database. Measured tables (``--tables``, two seats each played by this script, acting after
a think time) record the round trip of each action (sent to ``ack``: validated, applied,
stored) first with the server quiet, then while an attacker process, from the same
address, does at once what the limits let one client do:

- creates tables as fast as it can (most are refused: rate limit, open-table cap);
- keeps as many bot-heavy tables open as the caps allow (four ``ismcts`` seats at the
  largest budget a spec may ask for, ``ms=2000``), replacing each one that ends;
- polls the lobby listing from four connections (``--pollers``) without pause.

It prints p50 and p99 of both phases, their ratio (the goal: the flood p99 within 2x
of the quiet p99), and what the attacker got through.

    python bench/server_flood.py [--seconds 20] [--think 0.2] [--tables 2]
                                 [--bot-workers 1] [--pollers 4]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

from server_load import Stats, game_server

BOT_HEAVY = {"game": "skyjo", "seats": ["ismcts:ms=2000"] * 4}
PLAIN = {"game": "skyjo", "seats": ["human", "human"]}


# ---------------------------------------------------------------------- the measured table
async def new_tables(base: str, count: int) -> list[str]:
    """Fresh two-seat tables, made before the flood (whose creations use up the
    address's table allowance, which the measured client shares)."""
    async with httpx.AsyncClient(base_url=base) as client:
        return [(await client.post("/api/tables", json=PLAIN)).json()["code"] for _ in range(count)]


async def measured_phase(base: str, codes: list[str], seconds: float, think: float) -> Stats:
    """Play the two-seat tables ``codes`` at once for ``seconds``, timing every action's
    ack (several tables, so that the p99 rests on some hundreds of round trips)."""
    url = f"{base.replace('http', 'ws', 1)}/ws/"
    tables = [[await connect(url + code, max_queue=None) for _ in range(2)] for code in codes]
    for sockets in tables:
        for seat, ws in enumerate(sockets):
            await ws.send(json.dumps({"type": "join", "name": f"p{seat}", "seat": seat}))
            while (message := json.loads(await ws.recv()))["type"] != "welcome":
                if message["type"] == "error":
                    raise SystemExit(f"the measured seat could not join: {message}")
        await sockets[0].send(json.dumps({"type": "start"}))
    stats = Stats()
    end = time.monotonic() + seconds
    seats = [ws for sockets in tables for ws in sockets]
    await asyncio.gather(
        *(seat_loop(ws, stats, end, think, random.Random(seat)) for seat, ws in enumerate(seats))
    )
    for ws in seats:
        await ws.close()
    return stats


async def seat_loop(
    ws: ClientConnection, stats: Stats, end: float, think: float, rng: random.Random
) -> None:
    """Act whenever this seat may, after a think time, until ``end``."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout_at(asyncio.get_running_loop().time() + end - time.monotonic()):
            await play(ws, stats, think, rng)


async def play(ws: ClientConnection, stats: Stats, think: float, rng: random.Random) -> None:
    seq = 0
    state = None
    while True:
        while state is None or not state["legal"]:
            message = json.loads(await ws.recv())
            if message["type"] == "state":
                state = message
            if message["type"] == "match_result":
                return
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        seq += 1
        action = {"type": "action", "action": rng.choice(state["legal"]), "seq": seq}
        sent = time.perf_counter()
        await ws.send(json.dumps(action | {"version": state["version"]}))
        state = None
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "state":
                state = message
            if message["type"] in ("ack", "error") and message.get("seq") == seq:
                if message["type"] == "ack":
                    stats.rtts.append(time.perf_counter() - sent)
                else:
                    stats.errors.append(message["error"])
                break


# ---------------------------------------------------------------------- the attacker
async def attack(base: str, seconds: float, pollers: int) -> None:
    """The flood (run in a process of its own); prints a JSON summary at the end."""
    outcomes: Counter[str] = Counter()
    end = time.monotonic() + seconds
    connections = httpx.Limits(max_connections=pollers + 2, max_keepalive_connections=None)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=connections) as client:

        async def create_forever(body: dict) -> None:
            while time.monotonic() < end:
                answer = await client.post("/api/tables", json=body)
                key = "created" if answer.status_code == 201 else answer.json()["error"]
                outcomes[f"{body['seats'][0]} {key}"] += 1
                if answer.status_code != 201:
                    await asyncio.sleep(0.05)

        async def list_forever() -> None:
            while time.monotonic() < end:
                answer = await client.get("/api/tables")
                outcomes[f"listing {answer.status_code}"] += 1

        await asyncio.gather(
            create_forever(PLAIN),
            create_forever(BOT_HEAVY),
            *(list_forever() for _ in range(pollers)),
        )
    print(json.dumps(dict(outcomes)))


def cpu_seconds(pid: int) -> float:
    """The processor time process ``pid`` has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--think", type=float, default=0.2, help="mean seconds before acting")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument(
        "--pollers", type=int, default=4, help="connections polling the listing without pause"
    )
    parser.add_argument(
        "--tables", type=int, default=2, help="measured two-seat tables played at once a phase"
    )
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        asyncio.run(attack(args.attack, args.seconds, args.pollers))
        return

    with game_server("--bot-workers", str(args.bot_workers)) as (base, pid):
        tables = asyncio.run(new_tables(base, 2 * args.tables))
        quiet_tables, flood_tables = tables[: args.tables], tables[args.tables :]
        start = cpu_seconds(pid)
        quiet = asyncio.run(measured_phase(base, quiet_tables, args.seconds, args.think))
        quiet_cpu = cpu_seconds(pid) - start
        flood = [__file__, "--attack", base, "--seconds", str(args.seconds + 2)]
        attacker = subprocess.Popen(
            [sys.executable, *flood, "--pollers", str(args.pollers)],
            stdout=subprocess.PIPE,
            text=True,
        )
        time.sleep(2.0)  # the flood is under way
        start = cpu_seconds(pid)
        flooded = asyncio.run(measured_phase(base, flood_tables, args.seconds, args.think))
        flood_cpu = cpu_seconds(pid) - start
        summary, _ = attacker.communicate(timeout=120)

    def p99(stats: Stats) -> float:
        rtts = sorted(stats.rtts)
        return rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))] * 1000

    print(
        f"measured tables: {args.tables} of skyjo, two seats, think {args.think} s,"
        f" {args.seconds:g} s a phase"
    )
    print(quiet.line("quiet  (action -> ack)", args.seconds))
    print(flooded.line("flood  (action -> ack)", args.seconds))
    print(f"flood p99 / quiet p99: {p99(flooded) / p99(quiet):.2f}")
    print(
        f"server process CPU: {quiet_cpu:.1f} s quiet, {flood_cpu:.1f} s in the flood"
        f" (of {args.seconds:g} s each; bot workers not counted); load average"
        f" {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"attacker: {summary.strip()}")


if __name__ == "__main__":
    main()

"""A long mixed load on one server process: does anything grow?

Starts ``cardtable serve`` on a loopback port with a fresh database and, for
``--minutes``, keeps up a mixed load:

- ``--bot-tables`` tables of two random bots playing one-round Last Card matches (each
  one replaced by a new table when its match ends, so matches keep finishing);
- ``--human-tables`` tables of two seats played by this script (acting after a think
  time), each replaced by a new table when its match ends;
- a lobby poller (the listing, once a second) and a roaming spectator (watching a
  bot table for 10 s, then another).

Every ``--sample`` seconds it prints one line: the server's resident memory, its
processor time in the window (as a share of a core), its open file descriptors, the
database's size (with its write-ahead log), the acknowledgements in the window with
their p50 and p99, the matches finished so far, and the garbage collector's pauses in
the window (from the server's ``/metrics``: how many, how many over 10 ms, the bucket
of the longest). Then it stops the load and samples ``--after`` minutes more, to see
the memory come back. Last, a bare WebSocket echo with the human tables' connections
and pacing gives the p99 to read the windows' p99 against.

    python bench/soak.py [--minutes 30] [--after 5] [--sample 30] [--bot-tables 40]
                         [--human-tables 15] [--think 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from server_load import (
    UNLIMITED,
    Stats,
    collector_pauses,
    cpu_seconds,
    free_port,
    load_echo,
    pause_figures,
    play_match,
    process,
    rss_mib,
)

BOTS = {
    "game": "lastcard",
    "seats": ["random", "random"],
    "options": {"target_score": 0},
    "bot_delay": 0.2,
}
#: Matches of one round (a total above 0 ends them), so that many finish.
PEOPLE = {"game": "lastcard", "seats": ["human", "human"], "options": {"target_score": 0}}
#: Bot tables and the bench's own tables come from one address: lift its shares.
LIFTED = [
    *UNLIMITED,
    "--limit",
    "bots_alone_moves_per_client=1000000",
    "--limit",
    "bots_alone_moves_per_second=1000000",
]


class Load:
    """What the load has done so far, shared by its tasks."""

    def __init__(self, think: float) -> None:
        self.think = think
        self.stats = Stats()
        self.finished = 0
        self.bot_codes: list[str] = []
        self.running = True


async def bot_table(client: httpx.AsyncClient, load: Load, slot: int) -> None:
    """Keep one bot table playing: a new one whenever its match ends."""
    while load.running:
        code = (await client.post("/api/tables", json=BOTS)).json()["code"]
        load.bot_codes.append(code)
        while load.running:
            await asyncio.sleep(2.0)
            if (await client.get(f"/api/tables/{code}")).json()["status"] == "finished":
                load.finished += 1
                break
        load.bot_codes.remove(code)


async def human_table(base: str, client: httpx.AsyncClient, load: Load, slot: int) -> None:
    """Keep one table of two seats played by this script: a new one per match."""
    args = argparse.Namespace(players=2, think=load.think, actions=10**9)
    url = base.replace("http", "ws", 1)
    while load.running:
        code = (await client.post("/api/tables", json=PEOPLE)).json()["code"]
        sockets = [await connect(f"{url}/ws/{code}", max_queue=None) for _ in range(2)]
        await play_match(sockets, args, load.stats, slot)
        load.finished += 1


async def poll_lobby(client: httpx.AsyncClient, load: Load) -> None:
    while load.running:
        await client.get("/api/tables")
        await asyncio.sleep(1.0)


async def roam(base: str, load: Load) -> None:
    """Watch a bot table for 10 s, then another."""
    url = base.replace("http", "ws", 1)
    while load.running:
        if not load.bot_codes:
            await asyncio.sleep(1.0)
            continue
        code = random.choice(load.bot_codes)
        async with connect(f"{url}/ws/{code}", max_queue=None) as ws:
            await ws.send(json.dumps({"type": "spectate"}))
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(10):
                    async for _ in ws:
                        pass


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000 if ordered else 0.0


def db_mib(db: Path) -> float:
    files = [db, db.with_name(db.name + "-wal")]
    return sum(f.stat().st_size for f in files if f.exists()) / 2**20


def pause_counts(before: dict[str, float] | None, after: dict[str, float] | None) -> str:
    figures = pause_figures(before, after)
    if figures is None:
        return "n/a"
    total, over_10, longest = figures
    return f"{total:.0f} / {over_10:.0f} / <={longest} s" if total else "0"


async def sampler(base: str, pid: int, db: Path, load: Load, args: argparse.Namespace) -> None:
    """Print one line every ``args.sample`` seconds until cancelled."""
    print(
        f"{'min':>5} {'RSS MiB':>8} {'CPU':>5} {'fds':>4} {'DB MiB':>7} {'acks':>6}"
        f" {'p50 ms':>7} {'p99 ms':>7} {'matches':>8}  pauses (all / >10 ms / longest)",
        flush=True,
    )
    start = time.monotonic()
    seen, cpu, pauses = 0, cpu_seconds(pid), collector_pauses(base)
    while True:
        await asyncio.sleep(args.sample)
        rtts = load.stats.rtts[seen:]
        seen += len(rtts)
        now_cpu, now_pauses = cpu_seconds(pid), collector_pauses(base)
        fds = len(list(Path(f"/proc/{pid}/fd").iterdir()))
        print(
            f"{(time.monotonic() - start) / 60:5.1f} {rss_mib(pid):8.1f}"
            f" {(now_cpu - cpu) / args.sample:5.0%} {fds:4d} {db_mib(db):7.1f} {len(rtts):6d}"
            f" {percentile(rtts, 0.5):7.2f} {percentile(rtts, 0.99):7.2f} {load.finished:8d}"
            f"  {pause_counts(pauses, now_pauses)}",
            flush=True,
        )
        cpu, pauses = now_cpu, now_pauses


async def soak(base: str, pid: int, db: Path, args: argparse.Namespace) -> None:
    load = Load(args.think)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        jobs = [asyncio.create_task(bot_table(client, load, i)) for i in range(args.bot_tables)]
        jobs += [
            asyncio.create_task(human_table(base, client, load, i))
            for i in range(args.human_tables)
        ]
        jobs += [
            asyncio.create_task(poll_lobby(client, load)),
            asyncio.create_task(roam(base, load)),
        ]
        watch = asyncio.create_task(sampler(base, pid, db, load, args))
        await asyncio.sleep(args.minutes * 60)
        load.running = False
        print("-- load stopped", flush=True)
        for job in jobs:
            job.cancel()
        await asyncio.gather(*jobs, return_exceptions=True)
        await asyncio.sleep(args.after * 60)
        watch.cancel()
        await asyncio.gather(watch, return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="length of the load")
    parser.add_argument("--after", type=float, default=5.0, help="minutes sampled after it")
    parser.add_argument("--sample", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--bot-tables", type=int, default=40)
    parser.add_argument("--human-tables", type=int, default=15)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before acting")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "soak.db"
        command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port)]
        command += ["--db", str(db), "--bot-workers", "1", *LIFTED]
        with process(command, f"{base}/api/games") as proc:
            asyncio.run(soak(base, proc.pid, db, args))
    echo_args = argparse.Namespace(
        matches=args.human_tables, players=2, think=args.think, actions=40
    )
    echo_port = free_port()
    echo_cmd = [sys.executable, str(Path(__file__).with_name("server_load.py"))]
    with process([*echo_cmd, "--echo-server", str(echo_port)], f"http://127.0.0.1:{echo_port}/"):
        echo, seconds = asyncio.run(load_echo(f"ws://127.0.0.1:{echo_port}", echo_args))
    print(echo.line("bare echo, the human tables' connections and pace", seconds))


if __name__ == "__main__":
    main()

"""One address attacks the game server in turn at its documented limits; how much does a
person at another table, and a bot table, feel each attack?

Starts ``cardtable serve`` with its default limits on a loopback port and a fresh
database. Every client is on loopback: the attacker is 127.0.0.2, the person 127.0.0.1,
the bot table's creator 127.0.0.3 (distinct addresses to the server). Traffic goes to
127.0.0.0/8 only, each attack bounded in time (``--seconds``) and in connections.

A quiet phase first, then each attack in turn (``--attacks``, all by default):

- ``replays``: eight requests at once, without pause, for the replays of a long finished
  match (every seat, and revealed);
- ``mutes``: sockets that mute made-up and real senders without pause;
- ``heads``: 400 connections that send half a request head and hold it;
- ``bots``: three tables of ten random bots playing Last Card to 5000 at delay 0;
- ``tables``: table creations without pause;
- ``chat``: 32 spectator sockets chatting without pause;
- ``hints``: four practice tables (one seat against bots) asking the coach for a hint
  before every answer.

During each phase the person plays a two-seat table (``--tables`` of them, both seats,
acting after a think time) and a watcher times the gaps between the bot table's moves
(four random bots at delay 0.2 s). It prints, per phase, the person's ack p99 and the
bot table's move-gap p99 against the quiet phase, and the server's RSS before the
attack and 2 s after it (``--settle``). The goal: every p99 within 2x of quiet, RSS back
within 10%. The long match whose replays the ``replays`` attack asks for is Skyjo to 300
points (``--replay-score``); a short check of the script itself can lower that, the
phases and the settling time.

    python bench/abuse.py [--seconds 10] [--think 0.2] [--tables 2] [--attacks replays,...]
                          [--settle 2] [--replay-score 300]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_flood import measured_phase, new_tables
from server_load import Stats, game_server

ATTACKER = "127.0.0.2"
WATCHED_CREATOR = "127.0.0.3"
WATCHED = {"game": "lastcard", "seats": ["random"] * 4, "bot_delay": 0.2}
LONG_MATCH = {"game": "skyjo", "seats": ["random"] * 4}
LONG_BOTS = {
    "game": "lastcard",
    "seats": ["random"] * 10,
    "options": {"target_score": 5000},
    "bot_delay": 0,
}
PRACTICE = {
    "game": "lastcard",
    "seats": ["human", "random", "random"],
    "options": {"target_score": 5000},
    "bot_delay": 0,
}
HALF_HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (Linux ``/proc``), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000 if ordered else 0.0


def attacker_client(base: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=30)


async def socket_from(url: str, address: str) -> object:
    return await connect(url, local_addr=(address, 0), max_queue=None)


# ---------------------------------------------------------------------- the bot table
async def watch_gaps(base: str, code: str, end: float) -> list[float]:
    """Seconds between the watched bot table's successive moves until ``end``."""
    ws = await connect(f"{base.replace('http', 'ws', 1)}/ws/{code}", max_queue=None)
    await ws.send(json.dumps({"type": "spectate"}))
    gaps: list[float] = []
    last = None
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(max(0.0, end - time.monotonic())):
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "state":
                    now = time.monotonic()
                    if last is not None:
                        gaps.append(now - last)
                    last = now
    await ws.close()
    return gaps


# ---------------------------------------------------------------------- the attacks
async def attack_replays(base: str, end: float, code: str) -> None:
    viewers = ["all", "0", "1", "2", "3"]
    async with attacker_client(base) as client:

        async def loop(n: int) -> None:
            while time.monotonic() < end:
                seat = viewers[n % len(viewers)]
                await client.get(f"/api/tables/{code}/matches/1/replay", params={"seat": seat})
                n += 1

        await asyncio.gather(*(loop(n) for n in range(8)))


async def attack_mutes(base: str, end: float, code: str) -> None:
    url = f"{base.replace('http', 'ws', 1)}/ws/{code}"
    sockets = [await socket_from(url, ATTACKER) for _ in range(8)]
    for ws in sockets:
        await ws.send(json.dumps({"type": "spectate"}))  # type: ignore[attr-defined]

    async def loop(ws: object, n: int) -> None:
        while time.monotonic() < end:
            sender = "x" * 3000 if n % 2 else f"spectator-{n % 64}"
            message = {"type": "mute", "sender": sender, "muted": True}
            await ws.send(json.dumps(message))  # type: ignore[attr-defined]
            await ws.recv()  # type: ignore[attr-defined]
            n += 1

    with contextlib.suppress(Exception):
        await asyncio.gather(*(loop(ws, n) for n, ws in enumerate(sockets)))
    for ws in sockets:
        await ws.close()  # type: ignore[attr-defined]


async def attack_heads(base: str, end: float, code: str) -> None:
    port = int(base.rsplit(":", 1)[1])
    held = []
    for _ in range(400):
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((ATTACKER, 0))
        with contextlib.suppress(BlockingIOError, OSError):
            sock.connect(("127.0.0.1", port))
        held.append(sock)
    await asyncio.sleep(0.5)
    for sock in held:
        with contextlib.suppress(OSError):
            sock.send(HALF_HEAD)
    await asyncio.sleep(max(0.0, end - time.monotonic()))
    for sock in held:
        sock.close()


async def attack_bots(base: str, end: float, code: str) -> None:
    async with attacker_client(base) as client:
        codes = [
            (await client.post("/api/tables", json=LONG_BOTS)).json().get("code") for _ in range(3)
        ]
        await asyncio.sleep(max(0.0, end - time.monotonic()))
    del codes  # the tables play on after the phase, within their share


async def attack_tables(base: str, end: float, code: str) -> None:
    async with attacker_client(base) as client:
        while time.monotonic() < end:
            answer = await client.post(
                "/api/tables", json={"game": "skyjo", "seats": ["human"] * 2}
            )
            if answer.status_code != 201:
                await asyncio.sleep(0.02)


async def attack_chat(base: str, end: float, code: str) -> None:
    url = f"{base.replace('http', 'ws', 1)}/ws/{code}"
    sockets = [await socket_from(url, ATTACKER) for _ in range(32)]
    for ws in sockets:
        await ws.send(json.dumps({"type": "spectate"}))  # type: ignore[attr-defined]

    async def loop(ws: object) -> None:
        while time.monotonic() < end:
            await ws.send(json.dumps({"type": "chat", "text": "spam " * 30}))  # type: ignore[attr-defined]
            await asyncio.sleep(0.01)

    with contextlib.suppress(Exception):
        await asyncio.gather(*(loop(ws) for ws in sockets))
    for ws in sockets:
        await ws.close()  # type: ignore[attr-defined]


async def attack_hints(base: str, end: float, code: str) -> None:
    async with attacker_client(base) as client:
        codes = [
            (await client.post("/api/tables", json=PRACTICE)).json().get("code") for _ in range(4)
        ]
    url = f"{base.replace('http', 'ws', 1)}/ws/"

    async def practise(table: str) -> None:
        """Ask for a hint on every decision of the seat, then play its first legal move."""
        ws = await socket_from(url + table, ATTACKER)
        for message in ({"type": "join", "name": "coached", "seat": 0}, {"type": "start"}):
            await ws.send(json.dumps(message))  # type: ignore[attr-defined]
        latest: dict = {"legal": [], "version": -1}
        asked = -1  # the version the last hint was asked for
        while time.monotonic() < end:
            message = json.loads(await ws.recv())  # type: ignore[attr-defined]
            if message["type"] == "state":
                latest = message
                if latest["legal"] and asked != latest["version"]:
                    asked = latest["version"]
                    await ws.send(json.dumps({"type": "hint", "seq": asked}))  # type: ignore[attr-defined]
            elif message["type"] in ("hint", "error") and message.get("seq") == asked:
                answered = latest["version"] == asked  # the hint's decision is still open
                if answered and latest["legal"]:
                    move = {"action": latest["legal"][0], "version": asked}
                    await ws.send(json.dumps({"type": "action"} | move))  # type: ignore[attr-defined]
        await ws.close()  # type: ignore[attr-defined]

    with contextlib.suppress(Exception):
        async with asyncio.timeout(max(0.0, end - time.monotonic())):
            await asyncio.gather(*(practise(table) for table in codes))


Attack = Callable[[str, float, str], Awaitable[None]]
ATTACKS: dict[str, Attack] = {
    "replays": attack_replays,
    "mutes": attack_mutes,
    "heads": attack_heads,
    "bots": attack_bots,
    "tables": attack_tables,
    "chat": attack_chat,
    "hints": attack_hints,
}


# ---------------------------------------------------------------------- the phases
async def finished_long_match(base: str, score: int) -> str:
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.4")
    body = LONG_MATCH | {"options": {"target_score": score}, "bot_delay": 0}
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as client:
        code = (await client.post("/api/tables", json=body)).json()["code"]
        while (await client.get(f"/api/tables/{code}")).json()["status"] != "finished":
            await asyncio.sleep(0.5)
    return str(code)


async def phase(
    base: str, args: argparse.Namespace, watched: str, attack: Attack | None, target: str
) -> tuple[Stats, list[float]]:
    codes = await new_tables(base, args.tables)
    end = time.monotonic() + args.seconds
    jobs: list[Awaitable[object]] = [
        measured_phase(base, codes, args.seconds, args.think),
        watch_gaps(base, watched, end),
    ]
    if attack is not None:
        jobs.append(attack(base, end, target))
    results = await asyncio.gather(*jobs)
    return results[0], results[1]  # type: ignore[return-value]


async def run(base: str, pid: int, args: argparse.Namespace) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=WATCHED_CREATOR)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as client:
        options = {"options": {"target_score": 5000}}
        watched = (await client.post("/api/tables", json=WATCHED | options)).json()["code"]
        chat_table = (
            await client.post("/api/tables", json={"game": "skyjo", "seats": ["human"] * 2})
        ).json()["code"]
    replay_match = await finished_long_match(base, args.replay_score)
    quiet, quiet_gaps = await phase(base, args, watched, None, "")
    q_ack, q_gap = p99(quiet.rtts), p99(quiet_gaps)
    print(
        f"{'phase':8} {'ack p99 ms':>11} {'x quiet':>8} {'gap p99 ms':>11} {'x quiet':>8}"
        f" {'RSS before':>11} {'RSS after':>10}"
    )
    print(f"{'quiet':8} {q_ack:11.1f} {1:8.2f} {q_gap:11.1f} {1:8.2f} {rss_mb(pid):10.0f}M")
    for name in args.attacks.split(","):
        before = rss_mb(pid)
        target = replay_match if name == "replays" else chat_table
        stats, gaps = await phase(base, args, watched, ATTACKS[name], target)
        await asyncio.sleep(args.settle)
        ack, gap = p99(stats.rtts), p99(gaps)
        print(
            f"{name:8} {ack:11.1f} {ack / max(q_ack, 1e-9):8.2f} {gap:11.1f}"
            f" {gap / max(q_gap, 1e-9):8.2f} {before:10.0f}M {rss_mb(pid):9.0f}M",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--think", type=float, default=0.2, help="mean seconds before acting")
    parser.add_argument("--tables", type=int, default=2, help="the person's tables a phase")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--attacks", default=",".join(ATTACKS), help="comma-separated, in order")
    parser.add_argument(
        "--settle", type=float, default=2.0, help="seconds after an attack before the RSS"
    )
    parser.add_argument(
        "--replay-score", type=int, default=300, help="target score of the replayed match"
    )
    args = parser.parse_args()
    unknown = set(args.attacks.split(",")) - set(ATTACKS)
    if unknown:
        parser.error(f"unknown attacks: {', '.join(sorted(unknown))}")
    # The person takes four seats a phase from one address, as no real person does.
    lifted = ("--limit", "joins_per_minute=1000")
    with game_server("--bot-workers", str(args.bot_workers), *lifted) as (base, pid):
        asyncio.run(run(base, pid, args))


if __name__ == "__main__":
    main()

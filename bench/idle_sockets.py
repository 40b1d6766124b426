"""Memory of idle WebSocket connections: the server's RSS growth per open socket.

Starts ``cardtable serve`` (as ``server_load.py`` does) once for each WebSocket
library and deflate setting asked for, and opens sockets to its tables in steps, each
joined as an idle person would be after the welcome: ``seat``, two seats a table whose
match is started, waiting for their turn; or ``spectator``, fifty watchers a table.
The clients offer per-message deflate as browsers do, so the server's setting decides
whether it is used. Before the steps, ``--warm`` sockets are opened and kept, so that
what the first connection loads once (modules, the allocator's first pages) is not
counted. After each step and ``--settle`` seconds, the server's ``VmRSS`` is read
from ``/proc``; the growth is printed per socket since the warm start and since the
step before (the latter without what a table costs once its first socket loads it).
With ``--heap``, the server runs under ``tracemalloc`` (its RSS is then not that of
a server run as usual) and the growth of its Python heap from the warm start to the
last step is printed per socket, by the package whose code allocated it.

    python bench/idle_sockets.py [--sockets 1000 2000] [--role seat|spectator]
                                 [--deflate off on] [--library websockets-sansio ...]
                                 [--heap]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import signal
import sys
import tempfile
import tracemalloc
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server.config import WS_LIBRARIES
from server_load import UNLIMITED, game_server

#: Watchers a table in the ``spectator`` role.
SPECTATORS_PER_TABLE = 50
#: Sockets opened at once (their handshakes and joins overlap).
BATCH = 50


def vm_rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


class Tables:
    """The tables the sockets go to, created as they are needed."""

    def __init__(self, base: str, role: str) -> None:
        self.base = base
        self.role = role
        self.http = httpx.Client(base_url=base, timeout=30)
        self.codes: list[str] = []
        self.opened = 0

    def next_place(self) -> tuple[str, int]:
        """The table code and the place (seat, or watcher number) of the next socket."""
        share = 2 if self.role == "seat" else SPECTATORS_PER_TABLE
        place = self.opened % share
        if place == 0:
            body = {"game": "skyjo", "seats": ["human", "human"]}
            self.codes.append(self.http.post("/api/tables", json=body).json()["code"])
        self.opened += 1
        return self.codes[-1], place


async def welcome(ws: ClientConnection) -> None:
    while json.loads(await ws.recv())["type"] != "welcome":
        pass


async def open_idle(url: str, code: str, place: int, role: str) -> ClientConnection:
    """One socket, joined (to a seat, or as a watcher) and welcomed."""
    ws = await connect(f"{url}/ws/{code}", max_queue=None)
    if role == "spectator":
        await ws.send(json.dumps({"type": "spectate", "seq": 1}))
    else:
        await ws.send(json.dumps({"type": "join", "name": f"p{place}", "seat": place, "seq": 1}))
    await welcome(ws)
    return ws


async def open_step(tables: Tables, url: str, count: int, held: list[ClientConnection]) -> None:
    """Open ``count`` more sockets, ``BATCH`` at a time; as seats, start each table's
    match from its seat 0 once its seat 1 has joined."""
    first_seats: dict[str, ClientConnection] = {}
    for first in range(0, count, BATCH):
        places = [tables.next_place() for _ in range(min(BATCH, count - first))]
        sockets = await asyncio.gather(
            *(open_idle(url, code, place, tables.role) for code, place in places)
        )
        held.extend(sockets)
        if tables.role != "seat":
            continue
        for ws, (code, place) in zip(sockets, places, strict=True):
            if place == 0:
                first_seats[code] = ws
            else:
                await first_seats.pop(code).send(json.dumps({"type": "start", "seq": 2}))


#: The packages the Python heap's growth is told by (any other file counts as "other").
PACKAGES = ("asyncio", "uvicorn", "websockets", "wsproto", "h11", "starlette", "cardtable")


def traced_serve(folder: str, argv: list[str]) -> None:
    """``cardtable`` ``argv`` under ``tracemalloc``, writing a snapshot of its heap to
    ``folder``/N.snap at each SIGUSR1 (renamed into place once whole)."""
    tracemalloc.start()
    taken = [0]

    def snapshot(signum: int, frame: object) -> None:
        path = Path(folder) / f"{taken[0]}.snap"
        tracemalloc.take_snapshot().dump(f"{path}.part")
        os.rename(f"{path}.part", path)
        taken[0] += 1

    signal.signal(signal.SIGUSR1, snapshot)
    from cardtable.cli import main

    sys.exit(main(argv))


async def heap_snapshot(pid: int, folder: str, number: int) -> tracemalloc.Snapshot:
    """Ask the traced server for its ``number``-th snapshot and read it."""
    os.kill(pid, signal.SIGUSR1)
    path = Path(folder) / f"{number}.snap"
    while not path.exists():
        await asyncio.sleep(0.1)
    return tracemalloc.Snapshot.load(str(path))


def heap_line(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, sockets: int) -> str:
    """The heap's growth per socket, in all and by package."""
    grown: collections.Counter[str] = collections.Counter()
    for stat in after.compare_to(before, "filename"):
        parts = Path(stat.traceback[0].filename).parts
        grown[next((p for p in PACKAGES if p in parts), "other")] += stat.size_diff
    shares = ", ".join(f"{name} {size / sockets / 1024:.1f}" for name, size in grown.most_common())
    return f"  Python heap per socket: {grown.total() / sockets / 1024:.1f} KiB ({shares})"


async def measure(
    base: str, pid: int, library: str, deflate: str, args: argparse.Namespace, heap: str | None
) -> list[str]:
    """Open the warm sockets and then the steps; one printed row per step (and the
    heap's growth where the server is traced, its snapshots written to ``heap``)."""
    url = base.replace("http", "ws", 1)
    tables = Tables(base, args.role)
    held: list[ClientConnection] = []
    await open_step(tables, url, args.warm, held)
    await asyncio.sleep(args.settle)
    if heap:
        heap_before = await heap_snapshot(pid, heap, 0)
    start_kib = previous_kib = vm_rss_kib(pid)
    opened = previous = 0
    rows = []
    for target in args.sockets:
        await open_step(tables, url, target - opened, held)
        opened = target
        await asyncio.sleep(args.settle)
        kib = vm_rss_kib(pid)
        per_socket = (kib - start_kib) / opened
        per_step = (kib - previous_kib) / (opened - previous)
        rows.append(
            f"{library:<18} {deflate:<7} {args.role:<9} {opened:>7} {kib / 1024:>8.1f}"
            f" {per_socket:>14.1f} {per_step:>12.1f}"
        )
        previous, previous_kib = opened, kib
    negotiated = held[-1].response.headers.get("Sec-WebSocket-Extensions") if held else None
    rows.append(f"  {library}, deflate {deflate}: negotiated extensions {negotiated or 'none'}")
    if heap:
        rows.append(heap_line(heap_before, await heap_snapshot(pid, heap, 1), opened))
    for ws in held:
        await ws.close()
    tables.http.close()
    return rows


def main() -> None:
    if sys.argv[1:2] == ["--traced-serve"]:
        traced_serve(sys.argv[2], sys.argv[3:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--role", choices=("seat", "spectator"), default="seat")
    parser.add_argument("--deflate", choices=("off", "on"), nargs="+", default=["off", "on"])
    parser.add_argument("--library", choices=WS_LIBRARIES, nargs="+", default=list(WS_LIBRARIES))
    parser.add_argument("--warm", type=int, default=100, help="sockets opened before the steps")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds before each reading")
    parser.add_argument("--heap", action="store_true", help="the Python heap's growth as well")
    args = parser.parse_args()
    if args.sockets != sorted(set(args.sockets)) or args.sockets[0] <= 0:
        parser.error("--sockets takes increasing counts above 0")
    if args.role == "seat" and (args.warm % 2 or any(n % 2 for n in args.sockets)):
        parser.error("--role seat takes even counts (two seats a table)")
    limits = ["--limit", "max_connections=100000", "--limit", "max_spectators=100000"]
    print(
        f"{'library':<18} {'deflate':<7} {'role':<9} {'sockets':>7} {'RSS MiB':>8}"
        f" {'KiB per socket':>14} {'KiB per step':>12}"
    )
    for library in args.library:
        for deflate in args.deflate:
            options = ["--ws-library", library, "--ws-deflate", deflate]
            with contextlib.ExitStack() as stack:
                heap = stack.enter_context(tempfile.TemporaryDirectory()) if args.heap else None
                launcher = (sys.executable, __file__, "--traced-serve", heap) if heap else ()
                server = game_server(
                    "--bot-workers", "0", *UNLIMITED, *limits, *options, launcher=launcher
                )
                base, pid = stack.enter_context(server)
                rows = asyncio.run(measure(base, pid, library, deflate, args, heap))
            print("\n".join(rows), flush=True)


if __name__ == "__main__":
    main()

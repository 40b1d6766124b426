"""What per-message deflate would save and cost on the messages the server sends.

Plays ``--matches`` matches on ``cardtable serve`` (deflate off, so the bytes on the
wire are the messages themselves) with the clients of ``server_load.py`` and one
watcher a table, records every message each socket receives, then deflates each
socket's messages in order as the server would (one compressor a socket, its context
kept between messages) with the two settings uvicorn uses: ``websockets-sansio``'s
(a 4 KiB window, ``memLevel`` 5) and the others' (32 KiB, ``memLevel`` 8). Per message
type it prints how many, their mean size, the mean deflated size and the processor
time of deflating one; and the compressor's memory (zlib's own formula for what
``deflateInit2`` allocates, once per socket).

    python bench/ws_messages.py [--matches 20] [--game skyjo] [--actions 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
import zlib
from collections import defaultdict
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Data

from server_load import UNLIMITED, Stats, create_tables, game_server, join_and_start, play_seat


class Recording(ClientConnection):
    """A client connection that keeps every text message it receives."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.received: list[str] = []

    async def recv(self, decode: bool | None = None) -> Data:
        message = await super().recv(decode)
        if isinstance(message, str):
            self.received.append(message)
        return message


@dataclass(frozen=True)
class Setting:
    """A compressor's settings as ``zlib.compressobj`` takes them (raw deflate)."""

    label: str
    window_bits: int
    mem_level: int

    def compressor(self) -> zlib._Compress:
        return zlib.compressobj(wbits=-self.window_bits, memLevel=self.mem_level)

    def memory_kib(self) -> float:
        """What zlib's ``deflateInit2`` allocates (zlib.h: ``(1 << (windowBits+2)) +
        (1 << (memLevel+9))`` bytes)."""
        return ((1 << (self.window_bits + 2)) + (1 << (self.mem_level + 9))) / 1024


SETTINGS = (
    Setting("4 KiB window, memLevel 5 (websockets-sansio)", 12, 5),
    Setting("32 KiB window, memLevel 8 (websockets, wsproto)", 15, 8),
)


async def watch(ws: ClientConnection, actions: int) -> None:
    """A watcher: spectate, then read until the match has had its actions."""
    await ws.send(json.dumps({"type": "spectate", "seq": 1}))
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "state" and (
            message["version"] >= actions or message["view"]["is_over"]
        ):
            return


async def one_match(url: str, code: str, args: argparse.Namespace, i: int) -> list[Recording]:
    sockets = [
        await connect(f"{url}/ws/{code}", max_queue=None, create_connection=Recording)
        for _ in range(args.players + 1)
    ]
    seats, watcher = sockets[:-1], sockets[-1]
    watching = asyncio.create_task(watch(watcher, args.actions))
    await join_and_start(seats)
    stats = Stats()
    rngs = [random.Random(i * 100 + seat) for seat in range(args.players)]
    await asyncio.gather(
        *(play_seat(ws, seat, args, stats, rngs[seat]) for seat, ws in enumerate(seats))
    )
    await watching
    for ws in sockets:
        await ws.close()
    if stats.errors:
        raise SystemExit(f"errors: {sorted(set(stats.errors))}")
    return [ws for ws in sockets if isinstance(ws, Recording)]


async def record(base: str, args: argparse.Namespace) -> list[list[str]]:
    """Every socket's received messages, in order."""
    url = base.replace("http", "ws", 1)
    codes = create_tables(base, args)
    matches = await asyncio.gather(*(one_match(url, code, args, i) for i, code in enumerate(codes)))
    return [ws.received for sockets in matches for ws in sockets]


def deflate(streams: list[list[str]], setting: Setting) -> dict[str, tuple[list[int], list[float]]]:
    """Per message type: each message's deflated size and microseconds to deflate it,
    one compressor a socket (its context kept), each message ended by a sync flush."""
    out: dict[str, tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
    for stream in streams:
        compressor = setting.compressor()
        for text in stream:
            data = text.encode()
            start = time.perf_counter()
            packed = compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
            seconds = time.perf_counter() - start
            sizes, times = out[json.loads(text)["type"]]
            sizes.append(len(packed) - 4)  # the flush's 00 00 ff ff is not sent
            times.append(seconds * 1e6)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--game", default="skyjo")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.05, help="mean seconds before acting")
    parser.add_argument("--actions", type=int, default=40, help="actions per match")
    args = parser.parse_args()
    with game_server("--bot-workers", "0", "--ws-deflate", "off", *UNLIMITED) as (base, _):
        streams = asyncio.run(record(base, args))
    raw: dict[str, list[int]] = defaultdict(list)
    for stream in streams:
        for text in stream:
            raw[json.loads(text)["type"]].append(len(text.encode()))
    total = sum(sum(sizes) for sizes in raw.values())
    print(f"{args.matches} {args.game} matches, {len(streams)} sockets, {total} bytes received")
    for setting in SETTINGS:
        print(f"\ndeflate, {setting.label}: {setting.memory_kib():.0f} KiB a socket")
        print(f"{'type':<10} {'messages':>9} {'mean B':>8} {'deflated B':>11} {'ratio':>6}", end="")
        print(f" {'us each':>8}")
        packed = deflate(streams, setting)
        for kind in sorted(raw, key=lambda k: -sum(raw[k])):
            sizes, micros = packed[kind]
            print(
                f"{kind:<10} {len(raw[kind]):>9} {statistics.fmean(raw[kind]):>8.0f}"
                f" {statistics.fmean(sizes):>11.0f}"
                f" {sum(sizes) / sum(raw[kind]):>6.2f} {statistics.fmean(micros):>8.1f}"
            )
        all_sizes = [size for sizes, _ in packed.values() for size in sizes]
        all_micros = [m for _, micros in packed.values() for m in micros]
        print(
            f"{'all':<10} {len(all_sizes):>9} {total / len(all_sizes):>8.0f}"
            f" {statistics.fmean(all_sizes):>11.0f} {sum(all_sizes) / total:>6.2f}"
            f" {statistics.fmean(all_micros):>8.1f}"
        )


if __name__ == "__main__":
    main()

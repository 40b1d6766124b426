"""Helpers for the server tests: a real server process, WebSocket clients, a god's view.

The server runs as ``cardtable serve`` in a subprocess on a free loopback port, as a
user would start it; clients speak the documented protocol with the ``websockets``
library. ``god_state`` rebuilds a match's full state from the database, which a test
may read but a client never sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

import cardtable
from cardtable.engine.state import State
from tests.services import free_port

from .backends import BACKEND, stored_match

TIMEOUT = 10.0
#: The header every table request needs (the server takes JSON bodies only).
JSON_BODY = {"content-type": "application/json"}
#: Every test server's per-client limits, lifted: a test run creates many tables and
#: takes many seats from one address, as no real client does. A test of such a limit
#: sets it again (a later ``--limit`` of the same name wins).
LIFTED_LIMITS = (
    "--limit",
    "tables_per_minute=100000",
    "--limit",
    "max_open_tables_per_client=100000",
    "--limit",
    "joins_per_minute=100000",
    "--limit",
    "api_requests_per_second=100000",
    "--limit",
    "api_burst=100000",
    "--limit",
    "bots_alone_moves_per_client=100000",
    "--limit",
    "bots_alone_moves_per_second=100000",
    "--limit",
    "heavy_reads_per_minute=100000",
    "--limit",
    "hints_per_minute=100000",
    "--limit",
    "max_connections_per_client=2000",
    "--limit",
    "max_heads_per_client=2000",
)
#: The shared test server's settings: fast bots, and turn timers short enough to run out
#: within a test.
TEST_SETTINGS = (
    "--bot-workers",
    "1",
    "--rate",
    "1000",
    "--bot-delay",
    "0",
    "--limit",
    "min_turn_seconds=0.1",
)
GAMES = [spec.name for spec in cardtable.games()]


class Server:
    """``cardtable serve`` in its own process group, on a free port, with the
    per-client limits lifted (``LIFTED_LIMITS``)."""

    def __init__(self, db: Path, *args: str) -> None:
        self.db = db
        self.args = args
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    @property
    def log(self) -> Path:
        """The server's output (its log), beside its database."""
        return self.db.with_suffix(".log")

    def start(self) -> Server:
        self.port = free_port()
        command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(self.port)]
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [*command, "--db", BACKEND.url(self.db), *LIFTED_LIMITS, *self.args],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            with contextlib.suppress(httpx.TransportError):
                httpx.get(f"{self.url}/api/games", timeout=1).raise_for_status()
                return self
            time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL the server process alone, as a crash would."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        """End the server and every process it started (its bot workers)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.proc = None


@contextlib.contextmanager
def running_server(db: Path, *args: str) -> Iterator[Server]:
    server = Server(db, *args).start()
    try:
        yield server
    finally:
        server.stop()


def wait_for_status(server: Server, code: str, check: Any) -> dict[str, Any]:
    """Poll a table's status until ``check(status)`` holds."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        status = httpx.get(f"{server.url}/api/tables/{code}", timeout=5).json()
        if check(status) or time.monotonic() > deadline:
            return status
        time.sleep(0.02)


def short_options(game: str) -> dict[str, Any]:
    """Options that end a match after its first round (the lowest ``target_score``)."""
    for option in cardtable.get_game(game).options_type.describe():
        if option["name"] == "target_score":
            return {"target_score": option.get("min", 1)}
    return {}


def create_table(server: Server, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = httpx.post(
        f"{server.url}/api/tables", json={"game": game, "seats": seats, **extra}, timeout=5
    )
    assert response.status_code == 201, response.text
    return response.json()


def players(game: str) -> int:
    """A player count every test can use for ``game`` (3 where allowed)."""
    spec = cardtable.get_game(game)
    return max(spec.min_players, min(3, spec.max_players))


class Client:
    """One WebSocket connection that records every message it receives."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.token: str | None = None
        self.seq = 0

    @classmethod
    async def open(cls, server: Server, code: str) -> Client:
        return cls(await connect(server.ws_url(code), max_size=2**22, max_queue=None))

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def send_seq(self, message: dict[str, Any]) -> int:
        """Send with the next sequence number; returns it."""
        self.seq += 1
        await self.send(message | {"seq": self.seq})
        return self.seq

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        return message

    async def expect(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message of type ``kind`` (others are recorded and skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    async def error(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` (with a seq) and return the error that answers it."""
        seq = await self.send_seq(message)
        while True:
            reply = await self.expect("error")
            if reply["seq"] == seq:
                return reply

    async def join(self, name: str, seat: int | None = None) -> dict[str, Any]:
        await self.send({"type": "join", "name": name} | ({} if seat is None else {"seat": seat}))
        welcome = await self.expect("welcome")
        self.seat, self.token = welcome["seat"], welcome["token"]
        return welcome

    async def close(self) -> None:
        await self.ws.close()

    async def collect(self, kind: str, match: int) -> None:
        """Read (and record) messages until the ``kind`` message of match ``match``."""
        while True:
            message = await self.recv()
            if message["type"] == kind and message.get("match") == match:
                return

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.received if m["type"] == "state"]

    def latest_state(self) -> dict[str, Any] | None:
        states = self.states()
        return states[-1] if states else None


async def seat_clients(server: Server, code: str, seats: list[int]) -> list[Client]:
    clients = []
    for seat in seats:
        client = await Client.open(server, code)
        await client.join(f"player {seat}", seat)
        clients.append(client)
    return clients


def pick(game: str, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action, passing up optional chances mostly (as the random bot does)."""
    codec = cardtable.get_game(game).state_type.codec
    passes = [a for a in legal if codec.decode(a).is_pass]
    if passes and len(legal) > 1 and rng.random() < 0.8:
        return passes[0]
    return rng.choice(legal)


async def play_randomly(client: Client, game: str, rng: random.Random) -> dict[str, Any]:
    """Act on every state in which this seat may act, until the match result arrives."""
    state = client.latest_state()
    while True:
        if state is not None and state["legal"]:
            action = pick(game, state["legal"], rng)
            await client.send_seq({"type": "action", "action": action, "version": state["version"]})
        while True:
            message = await client.recv()
            if message["type"] == "match_result":
                return message
            if message["type"] == "state":
                state = message
                break


def god_state(db: Path, code: str, number: int | None = None) -> State:
    """The full state of a match, rebuilt from the database as the server would."""
    return cardtable.replay(stored_match(db, code, number))

"""Real PostgreSQL and Redis servers for the tests, on temporary directories and free ports.

Both come from Debian's packages (``postgresql``, ``redis-server``), which ``.ci/run``
installs. A missing server is an error naming the package, never a skipped test.
PostgreSQL refuses to run as root, so under root its processes run as the
``postgres`` user the package creates, in a directory of its own under the system's
temporary directory (pytest's are closed to other users).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg

POSTGRES_BIN = Path("/usr/lib/postgresql")
START_SECONDS = 30.0


class MissingServer(RuntimeError):
    """A database server the tests need is not installed."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def postgres_bin() -> Path:
    """The newest installed PostgreSQL's binary directory."""
    found = sorted(POSTGRES_BIN.glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if not found:
        raise MissingServer(
            f"PostgreSQL is not installed (no {POSTGRES_BIN}/*/bin/initdb):"
            " apt-get install postgresql"
        )
    return found[-1].parent


def _as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class Postgres:
    """A throwaway PostgreSQL cluster; ``database()`` makes a fresh database in it."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._databases = 0

    def start(self) -> Postgres:
        binary = postgres_bin()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        run = _as_postgres
        subprocess.run(
            run([str(binary / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust"]),
            check=True,
            capture_output=True,
        )
        return self.resume()

    def resume(self) -> Postgres:
        """Start the server on its existing data (after ``start`` and ``halt``)."""
        binary, run = postgres_bin(), _as_postgres
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
            " -c max_connections=300 -c fsync=on"
        )
        subprocess.run(
            run(
                [
                    str(binary / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.folder / "postgres.log"),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    str(int(START_SECONDS)),
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )
        return self

    def halt(self) -> None:
        """Stop the server at once, as a crash would, keeping its data (``resume``)."""
        subprocess.run(
            _as_postgres(
                [str(postgres_bin() / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
            ),
            capture_output=True,
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """The URL of a new, empty database."""
        self._databases += 1
        name = f"cardtable_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def running_postgres() -> Iterator[Postgres]:
    server = Postgres().start()
    try:
        yield server
    finally:
        server.stop()


class Redis:
    """A throwaway ``redis-server`` that keeps nothing on disk."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        binary = shutil.which("redis-server")
        if binary is None:
            raise MissingServer("redis-server is not installed: apt-get install redis-server")
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--dir", str(self.folder), "--save", "", "--appendonly", "no"]
        with (self.folder / "redis.log").open("a") as log:
            self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock,
            ):
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start: {(self.folder / 'redis.log').read_text()}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@contextlib.contextmanager
def running_redis(folder: Path) -> Iterator[Redis]:
    server = Redis(folder).start()
    try:
        yield server
    finally:
        server.stop()

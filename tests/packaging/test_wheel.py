"""The package as users install it: built into a wheel and an sdist, the wheel
installed in a clean virtual environment outside the checkout, then run.

Only the installed files can answer: the server must serve the web client, the rules
pages and every asset from the installed package, and ``cardtable play`` must draw
its table in a terminal. A file left out of the package data, or a game the entry
points miss, fails here and nowhere else.
"""

from __future__ import annotations

import os
import pty
import re
import select
import socket
import struct
import subprocess
import sys
import tarfile
import termios
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from fcntl import ioctl
from pathlib import Path

import pytest

from cardtable.server.webfiles import SERVICE_WORKER, service_worker_text

CHECKOUT = Path(__file__).resolve().parents[2]
WEB = CHECKOUT / "src" / "cardtable" / "web"
#: Every file of the browser client: pages, scripts, styles, images, rules pages.
ASSETS = sorted(p.relative_to(WEB).as_posix() for p in WEB.rglob("*") if p.is_file())

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Installed:
    wheel: Path
    sdist: Path
    #: The clean environment's bin directory, holding its ``cardtable``.
    bin: Path
    home: Path


def _run(*argv: str | Path, cwd: Path) -> None:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(map(str, argv))} failed:\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """Build the distributions with ``python -m build``, install the wheel elsewhere."""
    home = tmp_path_factory.mktemp("user")
    dist = home / "dist"
    _run(sys.executable, "-m", "build", "--outdir", dist, CHECKOUT, cwd=home)
    (wheel,) = dist.glob("cardtable-*.whl")
    (sdist,) = dist.glob("cardtable-*.tar.gz")
    _run(sys.executable, "-m", "venv", home / "env", cwd=home)
    env_bin = home / "env" / "bin"
    _run(env_bin / "pip", "install", "--quiet", wheel, cwd=home)
    return Installed(wheel, sdist, env_bin, home)


def test_the_wheel_and_the_sdist_hold_every_asset(installed: Installed):
    wheel = set(zipfile.ZipFile(installed.wheel).namelist())
    assert {f"cardtable/web/{a}" for a in ASSETS} <= wheel
    with tarfile.open(installed.sdist) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {f"src/cardtable/web/{a}" for a in ASSETS} <= names


def test_the_installed_command_is_the_wheels_not_the_checkouts(installed: Installed):
    where = subprocess.run(
        [installed.bin / "python", "-c", "import cardtable; print(cardtable.__file__)"],
        cwd=installed.home,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert Path(where).is_relative_to(installed.home / "env")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read()


@pytest.fixture
def served(installed: Installed) -> Iterator[str]:
    """``cardtable serve`` from the clean environment; yields its base URL."""
    port = _free_port()
    server = subprocess.Popen(
        [installed.bin / "cardtable", "serve", "--port", str(port), "--db", "served.db"],
        cwd=installed.home,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _get(f"{base}/api/games")
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                assert time.monotonic() < deadline, "the installed server did not start"
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_installed_server_serves_the_client_the_rules_and_every_asset(served: str):
    status, page = _get(f"{served}/")
    assert status == 200 and page == (WEB / "index.html").read_bytes()
    for asset in ASSETS:
        status, body = _get(f"{served}/{asset}")
        # the service worker is served with the manifest of the installed files written
        # in: the same manifest as the checkout's when the wheel holds every file as is
        expected = (
            service_worker_text(WEB).encode()
            if asset == SERVICE_WORKER
            else (WEB / asset).read_bytes()
        )
        assert status == 200 and body == expected, asset
    status, body = _get(f"{served}/api/games")
    assert {"cactus", "lastcard", "skyjo"} <= set(re.findall(r'"name": ?"(\w+)"', body.decode()))


#: Escape sequences a terminal program writes between the characters it shows.
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def _read_screen(fd: int, wanted: bytes, seconds: float) -> bytes:
    """What the program wrote, escapes removed, until ``wanted`` shows or time is up."""
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in ANSI.sub(b"", seen) and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:  # the program closed the terminal
                break
    return ANSI.sub(b"", seen)


def test_the_installed_play_command_draws_the_table_in_a_terminal(installed: Installed):
    """``cardtable play`` in an 80x24 pseudo-terminal shows the table and the moves,
    and quits on ctrl+q."""
    leader, follower = pty.openpty()
    ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    player = subprocess.Popen(
        [installed.bin / "cardtable", "play", "skyjo", "--seed", "3", "--delay", "0"],
        cwd=installed.home,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        start_new_session=True,
    )
    os.close(follower)
    try:
        screen = _read_screen(leader, b"Your moves", 60)
        assert b"Your moves" in screen, screen[-2000:]
        assert b"Skyjo" in screen
        os.write(leader, b"\x11")  # ctrl+q
        _read_screen(leader, b"\0never", 5)
        assert player.wait(timeout=20) == 0
    finally:
        if player.poll() is None:
            player.kill()
        os.close(leader)

"""A local Ray cluster of two one-CPU nodes for the tests and bench/sim_scale.py.

Each node is a ``ray start --block`` process in a session of its own: stopping it
(SIGTERM) stops the node's processes, and a node "lost" is every process of its
session killed at once (SIGKILL), as when a machine goes away. Nothing else on the
machine is touched: no ``ray stop``, which would stop every Ray node of the user.

The temporary directory is a short path under /tmp, as Ray's Unix sockets live in it
and a socket path may not exceed about 100 characters. The object store of each node
is small (the machine is shared), and GCS is told to give up on a silent node within
a few seconds rather than the default half minute. Its workers run at the niceness
of the local pool's (Ray's default is 15), so that bench/sim_scale.py compares the two
on equal terms.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: Bytes of object store per node: results of a chunk are kilobytes.
OBJECT_STORE = 100_000_000
#: The address the nodes give each other and the driver joins: a loopback address, but
#: not 127.0.0.1, which ``ray start`` replaces with the machine's network address. (Ray's
#: gRPC servers still listen on every interface; their ports are random.)
NODE_IP = "127.0.0.2"
#: How long a node may take to join.
START_TIMEOUT = 60.0


def ray_command() -> str:
    """The ``ray`` command of this Python's environment (the ray extra)."""
    path = Path(sys.executable).parent / "ray"
    if not path.exists():
        raise RuntimeError(f"no {path}: install the ray extra, pip install -e '.[dev]'")
    return str(path)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def session_pids(session: int) -> list[int]:
    """The processes of ``session`` (a node started in a session of its own)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The fields after the command's closing parenthesis: state, ppid, pgrp, session.
        if int(stat.rsplit(")", 1)[1].split()[3]) == session:
            pids.append(int(entry.name))
    return pids


def kill_session(session: int) -> None:
    for pid in session_pids(session):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


class LocalCluster:
    """A head node and worker nodes of one CPU each on this machine."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="ray", dir="/tmp")
        self.port = free_port()
        self.address = f"{NODE_IP}:{self.port}"
        self.env = {
            **os.environ,
            "RAY_USAGE_STATS_ENABLED": "0",
            "RAY_health_check_period_ms": "500",
            "RAY_health_check_timeout_ms": "1000",
            "RAY_health_check_failure_threshold": "3",
            # Ray starts its workers at niceness 15; the local pool's run at 0, and the
            # benchmark compares the two on a machine where other work may run.
            "RAY_worker_niceness": "0",
        }
        self.nodes: list[subprocess.Popen[bytes]] = []

    def _start(self, *args: str) -> subprocess.Popen[bytes]:
        log = Path(self.folder, f"node{len(self.nodes)}.log")
        with log.open("wb") as out:
            node = subprocess.Popen(
                [
                    ray_command(),
                    "start",
                    "--block",
                    "--num-cpus=1",
                    f"--node-ip-address={NODE_IP}",
                    f"--object-store-memory={OBJECT_STORE}",
                    "--disable-usage-stats",
                    *args,
                ],
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.nodes.append(node)
        return node

    def start(self, workers: int = 1) -> LocalCluster:
        """Start the head and ``workers`` more nodes; return when all have joined."""
        self._start(
            "--head",
            f"--port={self.port}",
            f"--temp-dir={self.folder}",
            "--include-dashboard=false",
        )
        for _ in range(workers):
            self.add_node()
        return self

    def add_node(self) -> subprocess.Popen[bytes]:
        """One more one-CPU node; returned once the cluster counts its CPU."""
        node = self._start(f"--address={self.address}")
        self.wait_for_cpus(len([n for n in self.nodes if n.poll() is None]))
        return node

    def alive_cpus(self) -> int:
        out = subprocess.run(
            [ray_command(), "status", f"--address={self.address}"],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout
        for line in out.splitlines():
            if "CPU" in line and "/" in line:
                return int(float(line.split("/")[1].split()[0]))
        return 0

    def wait_for_cpus(self, cpus: int) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.nodes[0].poll() is not None:
                raise RuntimeError(f"the Ray head stopped: see {self.folder}/node0.log")
            try:
                if self.alive_cpus() == cpus:
                    return
            except subprocess.TimeoutExpired:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the Ray cluster did not reach {cpus} CPUs: see {self.folder}")

    def kill_node(self, node: subprocess.Popen[bytes]) -> None:
        """Lose ``node``: every process of its session killed at once."""
        kill_session(node.pid)
        node.wait()

    def stop(self) -> None:
        """Stop the worker nodes, then the head; remove the temporary directory."""
        for node in reversed(self.nodes):
            if node.poll() is None:
                node.terminate()
                try:
                    node.wait(60)
                except subprocess.TimeoutExpired:
                    self.kill_node(node)
            kill_session(node.pid)  # what the node left behind
        shutil.rmtree(self.folder, ignore_errors=True)

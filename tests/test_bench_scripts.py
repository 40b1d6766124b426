"""Every benchmark script in ``bench/`` runs to its end and prints what it measured.

No other test runs these scripts, so an API change in the package can break one
unnoticed until someone wants its figures. Each runs here as a subprocess of the
project's interpreter with its smallest arguments (a few matches, fractions of a
second, one client), must exit 0, and must print its table with figures in it: a
header and a row whose numbers show that something was measured. The figures
themselves mean nothing at this size. A peer a script needs (RLCard, Ray,
PostgreSQL, Redis) is installed by the dev extra or ``make test``; a missing one
makes its script exit non-zero naming it, and that fails here.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
#: Each run takes seconds on two quiet cores; the margin is for a loaded machine.
TIMEOUT = 300.0

#: A figure: a number, maybe with thousands separators and decimals.
NUMBER = r"\d[\d,]*(?:\.\d+)?"


@dataclass(frozen=True)
class Bench:
    """A script, its smallest arguments, and patterns its output must match (each
    searched line by line)."""

    script: str
    args: str
    expected: tuple[str, ...]

    def __str__(self) -> str:
        return self.script


BENCHES = [
    Bench(
        "bot_levels.py",
        "--positions 2",
        (
            r"^game\s+level\s+mean ms\s+p95 ms\s+max ms",
            *(
                rf"^{game}\s+expert\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}$"
                for game in ("cactus", "lastcard", "skyjo")
            ),
        ),
    ),
    Bench(
        "cactus_rollouts.py",
        "--runs 1 --seconds 0.1 --decisions 1 --iterations 10",
        (
            r"^\s+python\s+core\s+ratio$",
            rf"^greedy rounds/s, 2p\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}x$",
            rf"^greedy rounds/s, 4p\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}x$",
            rf"^search iterations/s\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}x$",
        ),
    ),
    Bench(
        "engine.py",
        "--runs 1 --seconds 0.1 --decisions 1 --iterations 10",
        (
            r"^game\s+players\s+matches/s\s+actions/s",
            *(
                rf"^{game}\s+2\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+"
                rf"{NUMBER}x$"
                for game in ("cactus", "lastcard", "skyjo")
            ),
            r"^ISMCTS, 10 iterations a decision, 1 decisions:$",
            rf"^skyjo\s+{NUMBER} iterations/s \(rollout=auto\)$",
        ),
    ),
    Bench(
        "lastcard_vs_rlcard.py",
        "--runs 1 --seconds 0.1",
        (
            r"^\s+games/s\s+actions/s\s+actions/game\s+vs RLCard$",
            rf"^RLCard UNO, raw game loop\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+1\.00x$",
            rf"^Last Card, default rules, random_playout\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+"
            rf"{NUMBER}x$",
        ),
    ),
    Bench(
        "rl_env.py",
        "--runs 1 --seconds 0.05",
        (
            r"^\s+episodes/s\s+steps/s\s+steps/ep\s+ep/s vs RLCard",
            rf"^RLCard UNO env\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+1\.00x\s+1\.00x$",
            rf"^Skyjo AEC\s+{NUMBER}\s+{NUMBER}",
            rf"^Last Card vector, default rules, native, N=1024\s+{NUMBER}\s+{NUMBER}",
        ),
    ),
    Bench(
        "sim_scale.py",
        "--matches 20",
        (
            r"^way\s+seconds\s+matches/s\s+vs 1 worker$",
            rf"^local --workers 1\s+{NUMBER}\s+{NUMBER}\s+1\.00x$",
            rf"^ray, 2 x 1 CPU\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}x$",
            r"results equal: True$",
            rf"^empty task: {NUMBER} ms one at a time",
        ),
    ),
    Bench(
        "server_load.py",
        "--matches 2 --actions 5 --think 0.01",
        (
            rf"^game server \(action -> ack\): [1-9]\d* round trips .* p99 {NUMBER} ms; errors 0$",
            rf"^server CPU {NUMBER} s .* RSS {NUMBER} MiB$",
            r"^bare echo   \(message -> echo\): [1-9]\d* round trips",
        ),
    ),
    Bench(
        "idle_sockets.py",
        "--sockets 10 20 --warm 4 --settle 0.2 --library websockets-sansio --deflate off on --heap",
        (
            r"^library\s+deflate\s+role\s+sockets\s+RSS MiB\s+KiB per socket\s+KiB per step$",
            *(
                rf"^websockets-sansio\s+{deflate}\s+seat\s+20\s+{NUMBER}\s+-?{NUMBER}\s+-?{NUMBER}"
                for deflate in ("off", "on")
            ),
            r"^  websockets-sansio, deflate off: negotiated extensions none$",
            r"^  websockets-sansio, deflate on: negotiated extensions permessage-deflate",
            rf"^  Python heap per socket: -?{NUMBER} KiB \(.*cardtable -?{NUMBER}.*\)$",
        ),
    ),
    Bench(
        "view_deltas.py",
        "--matches 1 --repeat 1",
        (
            r"^game\s+views\s+view B\s+patch B\s+view us\s+patch us$",
            *(
                rf"^{game}\s+[1-9]\d*\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}$"
                for game in ("cactus", "lastcard", "skyjo")
            ),
        ),
    ),
    Bench(
        "ws_messages.py",
        "--matches 1 --actions 5 --think 0.01",
        (
            rf"^1 skyjo matches, 3 sockets, {NUMBER} bytes received$",
            rf"^state\s+[1-9]\d*\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}$",
            rf"^all\s+[1-9]\d*\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}$",
        ),
    ),
    Bench(
        "server_flood.py",
        "--seconds 1 --think 0.05 --tables 1 --pollers 1",
        (
            r"^quiet  \(action -> ack\): [1-9]\d* round trips",
            r"^flood  \(action -> ack\): [1-9]\d* round trips",
            rf"^flood p99 / quiet p99: {NUMBER}$",
            r'^attacker: \{.*"listing 200": [1-9]',
        ),
    ),
    Bench(
        "abuse.py",
        "--seconds 0.5 --think 0.05 --tables 1 --settle 0.5 --replay-score 60",
        (
            r"^phase\s+ack p99 ms\s+x quiet\s+gap p99 ms\s+x quiet\s+RSS before\s+RSS after$",
            *(
                rf"^{attack}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}M\s+{NUMBER}M$"
                for attack in ("replays", "mutes", "heads", "bots", "tables", "chat", "hints")
            ),
        ),
    ),
    Bench(
        "soak.py",
        "--minutes 0.03 --after 0.02 --sample 1 --bot-tables 1 --human-tables 1 --think 0.05",
        (
            r"^\s+min\s+RSS MiB\s+CPU\s+fds\s+DB MiB\s+acks\s+p50 ms\s+p99 ms\s+matches",
            rf"^\s+{NUMBER}\s+{NUMBER}\s+\d+%\s+\d+\s+{NUMBER}\s+[1-9]\d*\s+{NUMBER}\s+{NUMBER}",
            r"^-- load stopped$",
            r"^bare echo, the human tables' connections and pace: [1-9]\d* round trips",
        ),
    ),
    Bench(
        "cluster_load.py",
        "--matches 2 --actions 5 --think 0.01 --processes 2 --kills 1",
        (
            r"^2 process\(es\) \(action -> ack\): [1-9]\d* round trips .*; errors 0$",
            r"^  reconnections \(closed 1012, seat rejoined\): \d+$",
            r"^bare echo \(message -> echo\): [1-9]\d* round trips",
            rf"^failover \(SIGKILL -> next action acked\), 1 kills, .* max {NUMBER} s$",
        ),
    ),
]


def run_script(bench: Bench) -> str:
    """The script's standard output; a failure with its output if it exits non-zero
    or overruns ``TIMEOUT`` (its whole process group is killed then, servers and all)."""
    command = [sys.executable, str(BENCH / bench.script), *bench.args.split()]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=30)  # a daemon of its own session may hold a pipe
        pytest.fail(f"{bench} ran past {TIMEOUT:g} s\n--- stdout\n{out}\n--- stderr\n{err[-4000:]}")
    if proc.returncode != 0:
        pytest.fail(
            f"{bench} exited with {proc.returncode}\n--- stdout\n{out}\n--- stderr\n{err[-4000:]}"
        )
    return out


@pytest.mark.slow
@pytest.mark.parametrize("bench", BENCHES, ids=str)
def test_bench_script_prints_its_figures(bench: Bench) -> None:
    out = run_script(bench)
    missing = [p for p in bench.expected if not re.search(p, out, re.MULTILINE)]
    assert not missing, f"{bench} printed none of {missing}:\n{out}"


def test_every_bench_script_is_run() -> None:
    """A script added to bench/ without a case here would go untested again."""
    assert sorted(p.name for p in BENCH.glob("*.py")) == sorted(b.script for b in BENCHES)

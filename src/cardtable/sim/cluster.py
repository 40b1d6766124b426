"""Matches played as Ray tasks: ``--ray ADDRESS`` of simulate, tournament and ladder.

The plans are cut into chunks of consecutive matches; each chunk is one Ray task, a
pure function of its plans (the run's seed and the matches' numbers), so a chunk that
Ray runs again after losing a worker or a node returns what the first try would have.
The driver keeps each chunk's results under the chunk's first match number and takes
one result per chunk, so a chunk retried is never counted twice, and the results come
back in match order whatever the order the chunks finish in: the run's summary is the
one a local run prints for the same seed.

At most ``WINDOW_PER_CPU`` chunks per CPU of the cluster are in flight, so a run of
millions of matches does not submit every task at once; the progress bar advances as
each chunk comes back. Ray is imported only here, and only when a run asks for it;
``play_plans``, which simulate, tournament and ladder call, plays locally otherwise.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from cardtable.engine.errors import CardtableError

from .runner import MatchPlan, MatchResult, run_chunk, run_plans

#: The most matches in one task. A Skyjo 4-player match takes about 12 ms, so a chunk
#: of 50 is about 0.6 s of play against a per-task cost of a few milliseconds
#: (docs/research/scale.md has the measurements).
CHUNK_MATCHES = 50
#: Chunks per CPU: enough that the chunks of a slow node do not keep the others idle.
CHUNKS_PER_CPU = 8
#: Chunks per CPU submitted ahead of the results: keeps every CPU busy while bounding
#: the driver's bookkeeping and the object store.
WINDOW_PER_CPU = 4
#: Seconds a ``host:port`` has to answer before the run is refused.
CONNECT_TIMEOUT = 5.0
#: Times Ray runs a chunk again when its worker or node is lost.
RETRIES = 8


def play_plans(
    plans: Sequence[MatchPlan],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> list[MatchResult]:
    """Play every plan, as tasks on the Ray cluster at ``ray`` if given, else locally
    (``run_plans``); results in plan order, the same either way."""
    if ray is None:
        return run_plans(plans, workers, progress)
    return run_on_ray(plans, ray, progress)


def chunk_size(matches: int, cpus: int) -> int:
    """Matches per task: ``CHUNKS_PER_CPU`` chunks per CPU, at most ``CHUNK_MATCHES``."""
    return max(1, min(CHUNK_MATCHES, matches // (max(cpus, 1) * CHUNKS_PER_CPU)))


def chunks(plans: Sequence[MatchPlan], size: int) -> list[list[MatchPlan]]:
    return [list(plans[i : i + size]) for i in range(0, len(plans), size)]


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse a ``host:port`` that does not answer, at once: Ray itself would retry
    for minutes before it gives up. ``auto`` and ``ray://`` addresses Ray resolves."""
    if address == "auto" or address.startswith("ray://"):
        return
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise CardtableError(
            f"cannot join the Ray cluster at {address}: give auto, host:port or ray://host:port"
        )
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise CardtableError(f"cannot join the Ray cluster at {address}: {exc}") from exc


@contextmanager
def connected(address: str) -> Iterator[Any]:
    """The ``ray`` module, connected to the cluster at ``address`` for the block (or to
    the one this process already joined)."""
    try:
        import ray
    except ImportError as exc:
        raise CardtableError(
            "--ray needs Ray: pip install 'cardtable[ray]' (and the same on every node)"
        ) from exc
    if ray.is_initialized():
        yield ray
        return
    check_reachable(address)
    try:
        ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise CardtableError(f"cannot join the Ray cluster at {address}: {exc}") from exc
    try:
        yield ray
    finally:
        ray.shutdown()


def run_on_ray(
    plans: Sequence[MatchPlan], address: str, progress: Callable[[int], None] | None = None
) -> list[MatchResult]:
    """Play ``plans`` as Ray tasks on the cluster at ``address``; results in plan order."""
    with connected(address) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=RETRIES)(run_chunk)
        todo = chunks(plans, chunk_size(len(plans), cpus))
        window = WINDOW_PER_CPU * cpus
        done: dict[int, list[MatchResult]] = {}
        pending: dict[Any, int] = {}
        submitted = 0
        while submitted < len(todo) or pending:
            while submitted < len(todo) and len(pending) < window:
                pending[task.remote(todo[submitted])] = submitted
                submitted += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                number = pending.pop(ref)
                done[number] = ray.get(ref)
                if progress:
                    progress(len(done[number]))
        return [result for number in sorted(done) for result in done[number]]

"""The server's counters and histograms, served at ``/metrics`` in the Prometheus format.

Counters and histograms live in ``prometheus_client``'s default registry (with the
library's own process figures: memory, processor time, open files); they are moved
where things happen: an action's acknowledgement (``Connection``), a bot decision
(``MeasuredExecutor``, around the bot pool), a storage write (``measure_writes``,
around the store's write methods, so that the stores know nothing of metrics), the
relay and the leases (``cluster``), the garbage collector (``collector``). What is a
state rather than an event (open tables and sockets by game) is read from the lobby
when scraped (``server/metrics_page.py``, which serves ``/metrics`` and sits above
the lobby, while this module sits below the connections that count into it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from prometheus_client import Counter, Gauge, Histogram

from .collector import CollectorPauses, Pause

if TYPE_CHECKING:
    from .storage import Store

P = ParamSpec("P")
T = TypeVar("T")

#: Seconds, for latencies from a millisecond (a local ack) to seconds (a stalled one).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Seconds, for collector pauses (well under a millisecond to a tenth of a second).
PAUSE_BUCKETS = (0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)

ACTIONS_ACKNOWLEDGED = Counter(
    "cardtable_actions_acknowledged", "Actions of people stored and acknowledged"
)
ACK_SECONDS = Histogram(
    "cardtable_ack_seconds",
    "From an action's arrival at the process that owns its table to its acknowledgement",
    buckets=LATENCY_BUCKETS,
)
BOT_POOL_QUEUE = Gauge(
    "cardtable_bot_pool_queue", "Bot decisions and hints handed to the bot pool, not yet answered"
)
BOT_DECISION_SECONDS = Histogram(
    "cardtable_bot_decision_seconds",
    "From handing a decision to the bot pool to its answer (its wait in the queue included)",
    buckets=LATENCY_BUCKETS,
)
STORAGE_WRITE_SECONDS = Histogram(
    "cardtable_storage_write_seconds",
    "Time of a write to the database, by store method",
    ["method"],
    buckets=LATENCY_BUCKETS,
)
STORAGE_WRITE_FAILURES = Counter(
    "cardtable_storage_write_failures", "Writes the database refused or did not answer", ["method"]
)
RELAY_PUBLISH_FAILURES = Counter(
    "cardtable_relay_publish_failures", "Relay messages that could not be published to Redis"
)
LEASES_HELD = Gauge("cardtable_leases_held", "Table leases this process holds")
LEASES_LOST = Counter(
    "cardtable_leases_lost", "Table leases this process found held by another process"
)
COLLECTOR_PAUSES = Histogram(
    "cardtable_gc_pause_seconds",
    "Garbage-collector pauses (the whole process stops), by generation",
    ["generation"],
    buckets=PAUSE_BUCKETS,
)

#: The store methods that write (each is timed, and its failures counted).
WRITES = (
    "add_table",
    "set_seat",
    "free_seat",
    "drop_table",
    "quarantine",
    "set_seat_kinds",
    "start_match",
    "append_action",
    "append_actions",
    "finish_match",
    "save_analysis",
    "add_chat",
)


def arrived(arrivals: dict[int, float], message: dict[str, Any]) -> None:
    """Note when an action with a sequence number came in (for ``ACK_SECONDS``)."""
    seq = message.get("seq")
    if message["type"] == "action" and isinstance(seq, int):
        arrivals[seq] = time.perf_counter()


def answered(arrivals: dict[int, float], message: Mapping[str, Any]) -> None:
    """An ack (counted and timed) or an error answers the action of its ``seq``."""
    if message["type"] in ("ack", "error"):
        came = arrivals.pop(message.get("seq"), None)  # type: ignore[arg-type]
        if came is not None and message["type"] == "ack":
            ACTIONS_ACKNOWLEDGED.inc()
            ACK_SECONDS.observe(time.perf_counter() - came)


def _timed(name: str, method: Callable[P, T]) -> Callable[P, T]:
    seconds = STORAGE_WRITE_SECONDS.labels(name)
    failures = STORAGE_WRITE_FAILURES.labels(name)

    @wraps(method)
    def timed(*args: P.args, **kwargs: P.kwargs) -> T:
        started = time.perf_counter()
        try:
            return method(*args, **kwargs)
        except Exception:
            failures.inc()
            raise
        finally:
            seconds.observe(time.perf_counter() - started)

    return timed


def measure_writes(store: Store) -> None:
    """Time every write of ``store`` and count its failures (the store's own methods
    are replaced on this instance by timed ones)."""
    for name in WRITES:
        setattr(store, name, _timed(name, getattr(store, name)))


class MeasuredExecutor(Executor):
    """The bot pool, with its queue length and the time of each decision measured."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        started = time.perf_counter()
        future = self.inner.submit(fn, *args, **kwargs)
        BOT_POOL_QUEUE.inc()

        def done(_: Future[T]) -> None:
            BOT_POOL_QUEUE.dec()
            BOT_DECISION_SECONDS.observe(time.perf_counter() - started)

        future.add_done_callback(done)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


def count_pauses() -> None:
    """Count the garbage collector's pauses into ``COLLECTOR_PAUSES`` from now on
    (once per recorder, however many apps the process makes)."""
    pauses = CollectorPauses.install()
    if pauses in _COUNTED:
        return
    _COUNTED.append(pauses)
    by_generation = {g: COLLECTOR_PAUSES.labels(str(g)) for g in range(3)}

    def observe(pause: Pause) -> None:
        by_generation[pause.generation].observe(pause.seconds)

    pauses.listen(observe)


#: The recorders whose pauses are counted already.
_COUNTED: list[CollectorPauses] = []

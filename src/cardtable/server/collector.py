"""The garbage collector's pauses, recorded as they happen.

A collection stops the whole process, event loop included, so a long one delays
every table's acknowledgements at once; the ack-latency figures of a benchmark
cannot be read without them. ``gc.callbacks`` calls us at the start and the stop
of each collection: the time between the two is the pause.

``CollectorPauses.install()`` starts recording (once per process; a second call
returns the same recorder), ``pauses()`` gives the pauses so far (seconds, by
generation), ``max_ms()`` the longest in milliseconds, ``clear()`` starts over;
``uninstall()`` stops. Each pause is also handed to the listeners added with
``listen`` (the metrics module counts them there).
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

#: Most pauses kept in memory; older ones are dropped (the counts stay exact).
KEEP = 10_000


@dataclass(frozen=True)
class Pause:
    """One collection: its generation (0, 1 or 2) and how long it stopped the process."""

    generation: int
    seconds: float


class CollectorPauses:
    """This process's garbage-collector pauses, recorded through ``gc.callbacks``."""

    _installed: ClassVar[CollectorPauses | None] = None
    _install_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self) -> None:
        self._started: float | None = None
        self._pauses: list[Pause] = []
        self._lock = threading.Lock()
        #: Collections seen since the recorder was installed or cleared.
        self.count = 0
        #: Their total time in seconds.
        self.total_seconds = 0.0
        self._listeners: list[Callable[[Pause], None]] = []

    @classmethod
    def install(cls) -> CollectorPauses:
        """The process's recorder, registered with ``gc.callbacks`` on the first call."""
        with cls._install_lock:
            if cls._installed is None:
                recorder = cls()
                gc.callbacks.append(recorder._callback)
                cls._installed = recorder
            return cls._installed

    @classmethod
    def uninstall(cls) -> None:
        """Stop recording (the next ``install`` starts a fresh recorder)."""
        with cls._install_lock:
            recorder, cls._installed = cls._installed, None
            if recorder is not None and recorder._callback in gc.callbacks:
                gc.callbacks.remove(recorder._callback)

    def listen(self, listener: Callable[[Pause], None]) -> None:
        """Call ``listener`` with each pause from now on (it must be quick)."""
        self._listeners.append(listener)

    def pauses(self) -> list[Pause]:
        """The pauses recorded (at most the last ``KEEP``), oldest first."""
        with self._lock:
            return list(self._pauses)

    def max_ms(self) -> float:
        """The longest pause recorded, in milliseconds (0 when there was none)."""
        with self._lock:
            return max((p.seconds for p in self._pauses), default=0.0) * 1000

    def clear(self) -> None:
        """Forget the pauses so far (a benchmark calls it after its warm-up)."""
        with self._lock:
            self._pauses.clear()
            self.count = 0
            self.total_seconds = 0.0

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._started = now
            return
        started, self._started = self._started, None
        if started is None:
            return
        pause = Pause(info.get("generation", 0), now - started)
        with self._lock:
            self._pauses.append(pause)
            if len(self._pauses) > KEEP:
                del self._pauses[: len(self._pauses) - KEEP]
            self.count += 1
            self.total_seconds += pause.seconds
        for listener in self._listeners:
            listener(pause)

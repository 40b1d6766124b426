"""Bot thinking, off the event loop.

Bots are CPU-bound Python, so by default they think in a process pool: a slow bot
(a search bot with many iterations) then uses another core and never holds the
interpreter lock that every room shares. ``workers=0`` uses one thread instead,
which avoids the pickling of each request and suits light bots and tests.

A request carries the state as ``State.to_json`` (the contract's portable form, so
any registered game works) without its log of past actions (``compact_state``), and
the bot is rebuilt for each move from its spec and
a seed derived from the match, the seat and the state version. Server bots are thus
stateless between moves; what a bot may know it reads from the state, as in
simulations.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from cardtable.bots.base import make_bot
from cardtable.bots.levels import timing_for
from cardtable.engine.log import MatchLog
from cardtable.engine.registry import state_from_json
from cardtable.engine.state import State, derive_seed

#: The module that makes a process die with its parent (imported only where wanted).
ORPHANS = "cardtable.server.orphans"
#: How much lower than the server's the bot workers' scheduling priority is.
BOT_NICENESS = 10


def compact_state(state: State) -> dict[str, Any]:
    """What a bot process is sent: the state without the log of every past action.

    The rest of the state is the position itself; the log only grows, and sending it
    made each bot move of a long match cost more than the last (pickled, piped and
    decoded again every time). No registered bot reads the log. The log is set aside
    while the state is written, rather than written and dropped, so that a move costs
    the same at the first action and the five thousandth.
    """
    log, state.log = state.log, MatchLog()
    try:
        return state.to_json()
    finally:
        state.log = log


def think(state: dict[str, Any], seat: int, spec: str, seed: int) -> dict[str, Any]:
    """The JSON form of the action the bot ``spec`` picks for ``seat``."""
    game_state = state_from_json(state)
    return make_bot(spec, game_state.game, seed).act(game_state, seat).to_json()


class BotPool(ProcessPoolExecutor):
    """The bot processes. Shutting the pool down stops its workers at once (a search
    may have seconds to run; nobody waits for its move any more) and waits until they
    and the pool's thread are gone, so that the pool's semaphores are released before
    the server exits: a pool left running at exit leaves them to the resource tracker,
    which warns of leaked semaphore objects."""

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        workers = self._processes or {}  # None once shut down
        for worker in list(workers.values()):
            worker.terminate()
        super().shutdown(wait=True, cancel_futures=True)


def make_executor(workers: int) -> Executor:
    """A process pool of ``workers`` (forkserver: safe in a threaded server), or a thread."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([ORPHANS])  # the forkserver dies with the server
    return BotPool(workers, mp_context=context, initializer=_start_worker)


def start_workers(executor: Executor, workers: int) -> None:
    """Start a process pool's workers, and the forkserver, now (call it off the loop).

    A pool starts a worker inside ``submit`` when none is idle, so without this the
    first bot move of a server started the forkserver (which imports cardtable) on the
    event loop, and held every table still for as long: a quarter of a second on a
    busy machine, more under a flood. Each of these tasks is submitted before any
    worker can have finished one, so each starts a worker of its own.
    """
    if isinstance(executor, ProcessPoolExecutor):
        for job in [executor.submit(os.getpid) for _ in range(workers)]:
            job.result()


def _start_worker() -> None:
    """A bot worker's start: it dies with the forkserver (``cardtable.server.orphans``),
    and yields the processor to the server's event loop whenever both want it, so that
    bots thinking at their limits slow other bots, not every table's messages."""
    importlib.import_module(ORPHANS).die_with_parent()
    os.nice(BOT_NICENESS)


def bot_pause(state: State, seat: int, spec: str, table_delay: float) -> float:
    """Seconds a bot seat waits before it thinks.

    A level (``easy`` ... ``expert``) waits a human-like time drawn for this seat and
    this moment of the match (``cardtable.bots.timing``): a thinking time on its turn,
    a reaction time in a window such as Cactus's quick discard. Any other bot waits
    the table's fixed bot delay. A table whose bot delay is 0 plays every bot at once
    (bot-only tables, tests).
    """
    timing = timing_for(spec)
    if timing is None or table_delay <= 0:
        return table_delay
    rng = random.Random(derive_seed(state.seed, seat, len(state.log), "pause"))
    return timing.pause(state, seat, rng)

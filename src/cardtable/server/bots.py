"""Bot thinking, off the event loop.

Bots are CPU-bound Python, so by default they think in a process pool: a slow bot
(a search bot with many iterations) then uses another core and never holds the
interpreter lock that every room shares. ``workers=0`` uses one thread instead,
which avoids the pickling of each request and suits light bots and tests.

A request carries the full state as ``State.to_json`` (the contract's portable form,
so any registered game works) and the bot is rebuilt for each move from its spec and
a seed derived from the match, the seat and the state version. Server bots are thus
stateless between moves; what a bot may know it reads from the state, as in
simulations.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from cardtable.bots.base import bot_names, make_bot
from cardtable.engine.registry import state_from_json


def think(state: dict[str, Any], seat: int, spec: str, seed: int) -> dict[str, Any]:
    """The JSON form of the action the bot ``spec`` picks for ``seat``."""
    game_state = state_from_json(state)
    return make_bot(spec, game_state.game, seed).act(game_state, seat).to_json()


#: ``prctl`` option: the signal a process gets when its parent dies (Linux).
PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent dies (Linux only).

    Bot workers are children of the forkserver, which exits when the server does, even
    when the server is killed with SIGKILL and runs no clean-up; without this the
    workers would keep running, holding memory, until someone killed them.
    """
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() == 1:  # the parent died before the call: nobody would reap us
        os._exit(0)


def make_executor(workers: int) -> Executor:
    """A process pool of ``workers`` (forkserver: safe in a threaded server), or a thread."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    context = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=die_with_parent)


def stand_in_spec(game: str) -> str:
    """The bot that plays an idle person's turn: the game's heuristic, else random."""
    return "heuristic" if "heuristic" in bot_names(game) else "random"

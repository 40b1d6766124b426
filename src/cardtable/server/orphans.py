"""Bot processes that die with the server, even when it is killed with SIGKILL.

The bot pool's processes are forked by multiprocessing's forkserver, itself a child
of the server. A killed server runs no clean-up, and the forkserver and its workers
would keep running (holding memory, one of them busy with a search) until someone
killed them by hand. The kernel can send a process a signal when its parent dies
(Linux ``prctl(PR_SET_PDEATHSIG)``): the forkserver imports this module at its start
(its *preload*, see ``cardtable.server.bots``), so it dies with the server, and each
worker runs ``die_with_parent`` first, so it dies with the forkserver. Elsewhere
(macOS, Windows) the call does nothing and the pool is only shut down on a clean exit.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

#: ``prctl`` option: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Have the kernel kill this process with SIGKILL when its parent dies (Linux)."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() == 1:  # the parent died before the call: nobody would signal us
        os._exit(0)


die_with_parent()  # this module is imported only by the forkserver, as its preload

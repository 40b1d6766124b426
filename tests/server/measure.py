"""Measures of the work a test server does, read from outside it: CPU seconds of its
whole process group (the server, its bot workers and its reads process).

A test of a bound on work compares such counts, not wall-clock times, so that it
holds on a machine busy with other work.
"""

from __future__ import annotations

import os
from pathlib import Path

from .support import Server

TICKS = os.sysconf("SC_CLK_TCK")


def group_cpu_seconds(server: Server) -> float:
    """User and system CPU seconds used so far by the live processes of the server's
    process group (the server runs in a session of its own)."""
    assert server.proc is not None
    group = server.proc.pid
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # the process ended meanwhile
            continue
        fields = text.rpartition(")")[2].split()
        if int(fields[2]) == group:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS

"""A clean stop: SIGTERM ends ``cardtable serve`` with exit status 0 and its bot pool
with it, without the resource tracker's warning of leaked semaphore objects, even
while a bot is searching."""

from __future__ import annotations

import signal
import time

from .support import create_table, running_server


def test_sigterm_exits_0_without_leaked_semaphores(tmp_path) -> None:
    with running_server(tmp_path / "stop.db", "--bot-workers", "2") as server:
        seats = ["ismcts:ms=2000", "ismcts:ms=2000"]
        create_table(server, "skyjo", seats, bot_delay=0)
        time.sleep(1.0)  # a bot is searching in a worker
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        status = server.proc.wait(timeout=30)
        time.sleep(0.5)  # the resource tracker writes its warning as it ends
        log = server.log.read_text()
    assert status == 0, log
    assert "leaked semaphore" not in log
    assert "Application shutdown complete" in log

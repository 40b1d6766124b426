"""A loopback TCP proxy that delays a client's traffic by a fixed round trip, for tests
of what players on slow connections see and how races treat them.

Bytes are forwarded in order, each ``rtt / 2`` after it was read, in both directions,
so WebSocket frames (and the page's HTTP requests) arrive as over a link of that
round trip. ``delayed`` runs one in a thread of its own, for synchronous tests (the
browser tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator


class DelayProxy:
    """A loopback TCP proxy to the server adding ``rtt / 2`` each way, in order."""

    def __init__(self, target_port: int, rtt: float) -> None:
        self.target_port = target_port
        self.delay = rtt / 2
        self.server: asyncio.Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(source, sink))
            self.tasks.add(task)

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, data = await queue.get()
                await asyncio.sleep(max(0.0, due - loop.time()))
                if not data:
                    sink.close()
                    return
                sink.write(data)
                await sink.drain()

        delivering = asyncio.create_task(deliver())
        self.tasks.add(delivering)
        with contextlib.suppress(ConnectionError):
            while data := await source.read(65536):
                queue.put_nowait((loop.time() + self.delay, data))
        queue.put_nowait((loop.time() + self.delay, b""))

    async def close(self) -> None:
        assert self.server is not None
        self.server.close()
        for task in self.tasks:
            task.cancel()


@contextlib.contextmanager
def delayed(target_port: int, rtt: float) -> Iterator[int]:
    """A ``DelayProxy`` to ``target_port`` running in its own thread; yields its port."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    proxy = DelayProxy(target_port, rtt)
    try:
        yield asyncio.run_coroutine_threadsafe(proxy.start(), loop).result(10)
    finally:
        asyncio.run_coroutine_threadsafe(proxy.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()

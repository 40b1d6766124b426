"""Each client address has its own share of the server's connections and of the
connections still sending a request head: one address cannot lock the others out."""

from __future__ import annotations

import socket

import httpx

from .support import TEST_SETTINGS, running_server

ATTACKER = "127.0.0.2"
#: A request head that never ends.
HALF_HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def connection_from(address: str, port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(address, 0))


def closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_unfinished_heads_of_one_address_leave_room_for_the_others(tmp_path) -> None:
    limits = ("--limit", "max_connections=30", "--limit", "max_heads_per_client=5")
    with running_server(tmp_path / "heads.db", *TEST_SETTINGS, *limits) as server:
        held = []
        for _ in range(40):
            sock = connection_from(ATTACKER, server.port)
            sock.sendall(HALF_HEAD)
            held.append(sock)
        closed = [closed_within(sock, 1.0) for sock in held]
        others = [httpx.get(f"{server.url}/api/games", timeout=5).status_code for _ in range(5)]
        for sock in held:
            sock.close()
    assert closed[:5] == [False] * 5 and all(closed[5:])
    assert others == [200] * 5


def test_connections_of_one_address_leave_room_for_the_others(tmp_path) -> None:
    limits = ("--limit", "max_connections=30", "--limit", "max_connections_per_client=8")
    with running_server(tmp_path / "conns.db", *TEST_SETTINGS, *limits) as server:
        url = f"{server.url}/api/games"
        transport = httpx.HTTPTransport(local_address=ATTACKER)
        kept = [
            httpx.Client(transport=httpx.HTTPTransport(local_address=ATTACKER)) for _ in range(8)
        ]
        answers = [client.get(url, timeout=5).status_code for client in kept]  # kept alive
        with httpx.Client(transport=transport) as ninth:
            try:
                refused = ninth.get(url, timeout=5).status_code
            except httpx.TransportError:
                refused = 0
        others = [httpx.get(url, timeout=5).status_code for _ in range(3)]
        for client in kept:
            client.close()
    assert answers == [200] * 8
    assert refused == 0  # closed at the accept
    assert others == [200] * 3

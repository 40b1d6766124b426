"""Behind a proxy: a request through a trusted one counts as the client its
``X-Forwarded-For`` names, in the per-address limits; any other request counts as
its own address, whatever the header says.

The proxy is 127.0.0.2 and a client reaching the server directly 127.0.0.3 (both
loopback addresses a test may send from); the server trusts 127.0.0.2 alone.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import httpx
import pytest

from .support import JSON_BODY, TEST_SETTINGS, Server, running_server
from .test_address_shares import HALF_HEAD, closed_within, connection_from

PROXY = "127.0.0.2"
DIRECT = "127.0.0.3"
TABLE = {"game": "skyjo", "seats": ["human", "human"]}


@pytest.fixture
def server(tmp_path) -> Iterator[Server]:
    settings = (
        *("--forwarded-allow-ips", PROXY),
        *("--limit", "tables_per_minute=2"),
        *("--limit", "max_connections_per_client=3", "--limit", "max_heads_per_client=3"),
    )
    with running_server(tmp_path / "proxied.db", *TEST_SETTINGS, *settings) as srv:
        yield srv


def create_from(server: Server, address: str, forwarded_for: str) -> int:
    """The status of a table creation sent from ``address``, naming ``forwarded_for``."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport) as client:
        response = client.post(
            f"{server.url}/api/tables",
            json=TABLE,
            headers={**JSON_BODY, "x-forwarded-for": forwarded_for},
            timeout=5,
        )
    return response.status_code


def test_through_a_trusted_proxy_each_client_has_its_own_share(server):
    first = [create_from(server, PROXY, "203.0.113.1") for _ in range(3)]
    other = [create_from(server, PROXY, "203.0.113.2") for _ in range(2)]
    # a client that wrote the header itself before the proxy: the proxy's entry counts
    spoofed = create_from(server, PROXY, "203.0.113.9, 203.0.113.1")
    assert first == [201, 201, 429]
    assert other == [201, 201]
    assert spoofed == 429


def test_a_direct_client_is_its_own_address_whatever_it_claims(server):
    claims = [create_from(server, DIRECT, f"203.0.113.{n}") for n in range(10, 13)]
    assert claims == [201, 201, 429]
    assert create_from(server, PROXY, "203.0.113.10") == 201  # a different client


def test_a_trusted_proxy_has_no_connection_share_of_its_own(server):
    def held_from(address: str) -> list[socket.socket]:
        socks = []
        for _ in range(6):
            sock = connection_from(address, server.port)
            sock.sendall(HALF_HEAD)
            socks.append(sock)
        return socks

    proxied, direct = held_from(PROXY), held_from(DIRECT)
    try:
        closed_proxied = [closed_within(sock, 0.5) for sock in proxied]
        closed_direct = [closed_within(sock, 0.5) for sock in direct]
    finally:
        for sock in proxied + direct:
            sock.close()
    assert closed_proxied == [False] * 6
    assert closed_direct == [False] * 3 + [True] * 3

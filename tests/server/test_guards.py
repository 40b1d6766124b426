"""Guards at the edge of the server: the Origin and Host of web pages, JSON-only table
requests, numbers and strings that Python accepts but the server cannot keep, the
``seq`` of a refused message, slow and idle connections, connection caps and a log
that does not flood."""

import asyncio
import contextlib
import json
import socket
import time

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .support import (
    JSON_BODY,
    TEST_SETTINGS,
    Client,
    create_table,
    running_server,
)

TABLE = {"game": "skyjo", "seats": ["human", "human"]}


async def socket_answer(url, **headers):
    """The answer to a WebSocket that asks to spectate (a welcome, or the error that
    refused the connection), and the close code if it is then closed."""
    async with connect(url, additional_headers=headers) as ws:
        with contextlib.suppress(ConnectionClosed):  # a refused socket may be closed already
            await ws.send(json.dumps({"type": "spectate"}))
        first = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if first["type"] != "error":
            return first, None
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        return first, closed.value.rcvd.code


def test_pages_of_other_sites_may_not_open_sockets_or_create_tables(tmp_path):
    db = tmp_path / "origin.db"
    with running_server(db, *TEST_SETTINGS, "--site-origin", "https://friend.example") as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]
        url = server.ws_url(code)
        own = f"http://127.0.0.1:{server.port}"
        foreign, close_code = asyncio.run(socket_answer(url, Origin="http://evil.example"))
        friendly, _ = asyncio.run(socket_answer(url, Origin="https://friend.example"))
        mine, _ = asyncio.run(socket_answer(url, Origin=own))

        def post(origin):
            headers = JSON_BODY | {"origin": origin}
            return httpx.post(f"{server.url}/api/tables", json=TABLE, headers=headers, timeout=5)

        refused, allowed = post("http://evil.example"), post(own)
    assert foreign["error"] == "bad_origin" and close_code == 4403
    assert friendly["type"] == "welcome" and mine["type"] == "welcome"
    assert refused.status_code == 403 and refused.json()["error"] == "bad_origin"
    assert allowed.status_code == 201


def test_a_loopback_server_answers_only_to_its_own_names(server):
    rebound = httpx.get(f"{server.url}/api/games", headers={"host": "evil.example"}, timeout=5)
    named = httpx.get(f"{server.url}/api/games", headers={"host": "localhost"}, timeout=5)
    assert rebound.status_code == 400 and rebound.json()["error"] == "bad_host"
    assert named.status_code == 200


def test_a_table_request_must_be_json(server):
    body = json.dumps(TABLE)
    plain = httpx.post(
        f"{server.url}/api/tables", content=body, headers={"content-type": "text/plain"}
    )
    assert plain.status_code == 415 and plain.json()["error"] == "unsupported_media"


def test_match_numbers_beyond_64_bits_are_a_400(server):
    code = create_table(server, "skyjo", ["human", "human"])["code"]
    answer = httpx.get(f"{server.url}/api/tables/{code}/matches/{2**63}", timeout=5)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_request"


def test_integers_of_more_than_4300_digits_are_a_400(server):
    body = '{"game": "skyjo", "seats": ["human", "human"], "turn_seconds": ' + "9" * 5000 + "}"
    answer = httpx.post(f"{server.url}/api/tables", content=body, headers=JSON_BODY, timeout=5)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_json"
    assert "too many digits" in answer.json()["message"]


def test_a_lone_surrogate_gets_an_error_reply(server):
    code = create_table(server, "skyjo", ["human", "human"])["code"]
    body = '{"game": "skyjo", "seats": ["human", "human\\ud800"]}'
    answer = httpx.post(f"{server.url}/api/tables", content=body, headers=JSON_BODY, timeout=5)

    async def scenario():
        client = await Client.open(server, code)
        await client.ws.send('{"type": "join", "name": "Ann\\udc00", "seq": 4}')
        error = await client.expect("error")
        await client.join("Ann")  # the connection is still usable
        await client.close()
        return error

    error = asyncio.run(scenario())
    assert answer.status_code == 400 and "not valid Unicode" in answer.json()["message"]
    assert error["error"] == "bad_message" and error["seq"] == 4


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "join", "seq": 7}',
        '{"type": "join", "name": 5, "seq": 7}',
        '{"type": "x", "seq": 7}',
    ],
)
def test_schema_errors_echo_the_seq(server, text):
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario():
        client = await Client.open(server, code)
        await client.ws.send(text)
        error = await client.expect("error")
        await client.close()
        return error

    error = asyncio.run(scenario())
    assert error["error"] == "bad_message" and error["seq"] == 7


def test_turn_seconds_has_a_minimum(tmp_path):
    with running_server(tmp_path / "turn.db", "--bot-workers", "0") as server:
        short = httpx.post(f"{server.url}/api/tables", json=TABLE | {"turn_seconds": 1}, timeout=5)
        fine = httpx.post(f"{server.url}/api/tables", json=TABLE | {"turn_seconds": 5}, timeout=5)
    assert short.status_code == 400 and "between 5 and 3600" in short.json()["message"]
    assert fine.status_code == 201


def closed_within(sock, seconds):
    """Whether the server closes ``sock`` within ``seconds``."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_slow_and_silent_connections_are_closed(tmp_path):
    db = tmp_path / "slow.db"
    with running_server(db, *TEST_SETTINGS, "--limit", "http_timeout=1") as server:
        silent = socket.create_connection(("127.0.0.1", server.port))
        slow = socket.create_connection(("127.0.0.1", server.port))
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never ends
        start = time.monotonic()
        results = [closed_within(silent, 5), closed_within(slow, 5)]
        seconds = time.monotonic() - start
        body = b'{"game": "skyjo"'
        head = (
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n"
        )
        trickle = socket.create_connection(("127.0.0.1", server.port))
        trickle.sendall(head + body)
        trickle.settimeout(5)
        answer = b""
        while b"too_slow" not in answer and (part := trickle.recv(4096)):
            answer += part
        for sock in (silent, slow, trickle):
            sock.close()
    assert results == [True, True] and seconds < 5
    assert b" 408 " in answer.split(b"\r\n")[0] and b"too_slow" in answer


def test_connections_over_the_cap_are_closed(tmp_path):
    db = tmp_path / "cap.db"
    settings = ("--limit", "max_connections=5", "--limit", "max_sockets_per_client=2")
    with running_server(db, *TEST_SETTINGS, *settings) as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]

        async def three_sockets():
            first = await Client.open(server, code)
            second = await Client.open(server, code)
            third = await socket_answer(server.ws_url(code))
            await first.close()
            await second.close()
            return third

        (error, close_code) = asyncio.run(three_sockets())
        held = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(8)]
        closed = [closed_within(sock, 0.5) for sock in held]
        for sock in held:
            sock.close()
    assert error["error"] == "too_many_connections" and close_code == 4429
    assert closed[:5] == [False] * 5 and all(closed[5:])


def test_floods_of_bad_requests_are_logged_a_few_times_a_minute(tmp_path):
    with running_server(tmp_path / "log.db", *TEST_SETTINGS) as server:
        for _ in range(40):
            with socket.create_connection(("127.0.0.1", server.port)) as sock:
                sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
                sock.settimeout(5)
                sock.recv(1024)
        log = server.log.read_text()
    assert 1 <= log.count("Invalid HTTP request received.") <= 10

"""Inputs at the edges of what the server reads, over real HTTP and WebSocket: numbers
of thousands of digits are refused as bad requests, and every refusal echoes the
message's ``seq``."""

from __future__ import annotations

import asyncio
import json

import httpx

from .support import TEST_SETTINGS, Client, Server, create_table, running_server

HUGE = "9" * 5000


def test_numbers_of_thousands_of_digits_in_paths_and_queries_are_a_400(server: Server) -> None:
    code = create_table(server, "skyjo", ["human", "human"])["code"]
    base = f"{server.url}/api/tables/{code}/matches"
    answers = [
        httpx.get(f"{base}/{HUGE}", timeout=10),
        httpx.get(f"{base}/{HUGE}/replay", params={"seat": 0}, timeout=10),
        httpx.get(f"{base}/1/replay", params={"seat": HUGE}, timeout=10),
        httpx.get(f"{base}/\u0661", timeout=10),  # an Arabic-Indic one: a digit, not ASCII
        httpx.get(f"{server.url}/api/tables", params={"offset": "\u00b2"}, timeout=10),
    ]
    assert [a.status_code for a in answers[:2]] == [400, 400]
    assert answers[2].status_code in (400, 404)  # no such match, or a bad seat: never 500
    assert [a.status_code for a in answers[3:]] == [400, 400]
    assert all(a.json()["error"] in ("bad_request", "no_match") for a in answers)


def test_a_rate_limited_message_is_answered_with_its_seq(tmp_path) -> None:
    settings = [s for s in TEST_SETTINGS if s not in ("--rate", "1000")]
    with running_server(tmp_path / "rate.db", *settings, "--rate", "1") as server:
        code = create_table(server, "skyjo", ["human", "human"])["code"]

        async def flood() -> list[dict]:
            client = await Client.open(server, code)
            for seq in range(1, 11):
                await client.ws.send(json.dumps({"type": "spectate", "seq": seq}))
            errors = []
            while len(errors) < 5:
                message = await client.recv()
                if message["type"] == "error" and message["error"] == "rate_limited":
                    errors.append(message)
            await client.close()
            return errors

        refused = asyncio.run(flood())
    assert all(isinstance(m["seq"], int) and 1 <= m["seq"] <= 10 for m in refused), refused


def test_a_server_open_beyond_loopback_without_allowed_hosts_says_so_loudly(tmp_path) -> None:
    with running_server(tmp_path / "open.db", *TEST_SETTINGS, "--host", "0.0.0.0") as server:
        rebound = httpx.get(f"{server.url}/api/games", headers={"host": "evil.example"})
        log = server.log.read_text()
    named = ("--host", "0.0.0.0", "--allowed-host", "127.0.0.1")
    with running_server(tmp_path / "named.db", *TEST_SETTINGS, *named) as server:
        refused = httpx.get(f"{server.url}/api/games", headers={"host": "evil.example"})
        quiet = server.log.read_text()
    assert rebound.status_code == 200  # any Host is answered, as the warning says
    assert "WARNING: listening on 0.0.0.0 with no --allowed-host" in log
    assert refused.status_code == 400 and "WARNING" not in quiet


#: Texts that show nothing: a zero-width space, a byte-order mark, a Hangul filler, the
#: Braille blank, a soft hyphen, tag characters.
BLANK_TEXTS = ["\u200b", "\ufeff", "\u3164", "\u2800", "\u00ad", "\U000e0041\U000e0042"]


def test_chat_and_names_follow_one_rule_of_what_shows(server: Server) -> None:
    code = create_table(server, "skyjo", ["human", "human"])["code"]

    async def scenario() -> tuple[list[dict], list[str], dict]:
        client = await Client.open(server, code)
        welcome = await client.join("\u202eAnn\u200b")
        blanks = [await client.error({"type": "chat", "text": text}) for text in BLANK_TEXTS]
        shown = []
        for text in ["abc\u202edef", "a" + "\u0301" * 199]:
            await client.send({"type": "chat", "text": text})
            shown.append((await client.expect("chat"))["text"])
        await client.close()
        return blanks, shown, welcome

    blanks, shown, welcome = asyncio.run(scenario())
    assert [reply["error"] for reply in blanks] == ["chat_empty"] * len(BLANK_TEXTS)
    assert shown == ["abcdef", "a\u0301\u0301"]  # no reordering, no tower of marks
    assert welcome["table"]["seats"][0]["name"] == "Ann"

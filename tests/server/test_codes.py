"""Table codes: drawn from an alphabet without look-alikes, long enough for a private
table to stay unguessable, and found however a person types them (dashes, spaces,
any case) over HTTP and over the WebSocket."""

import asyncio
import math
from urllib.parse import quote

import httpx

from cardtable.server.lobby import CODE_ALPHABET, CODE_LENGTH, PRIVATE_CODE_LENGTH

from .support import GAMES, Client, create_table

#: Enough private codes that every letter of the alphabet shows up among them unless the
#: draw leaves some out (each letter is missed with probability (31/32)**512 < 1e-7).
DRAWS = 32


def typed(code: str) -> str:
    """``code`` as a person might type it: grouped by four with dashes and spaces, in
    lower case, with stray spaces around."""
    groups = [code[i : i + 4].lower() for i in range(0, len(code), 4)]
    return f"  {groups[0]}-{groups[1]} {' - '.join(groups[2:])} "


def test_private_codes_carry_80_bits_from_an_alphabet_without_look_alikes(server):
    assert len(CODE_ALPHABET) == len(set(CODE_ALPHABET)) == 32
    assert not set("0O1I") & set(CODE_ALPHABET)
    assert math.log2(len(CODE_ALPHABET)) * PRIVATE_CODE_LENGTH == 80
    codes = [
        create_table(server, GAMES[0], ["human", "random"], public=False)["code"]
        for _ in range(DRAWS)
    ]
    assert all(len(code) == PRIVATE_CODE_LENGTH for code in codes)
    assert len(set(codes)) == DRAWS
    assert set("".join(codes)) == set(CODE_ALPHABET)
    public = create_table(server, GAMES[0], ["human", "random"])["code"]
    assert len(public) == CODE_LENGTH and set(public) <= set(CODE_ALPHABET)


def test_a_code_typed_with_dashes_spaces_and_lower_case_finds_its_table(server):
    code = create_table(server, GAMES[0], ["human", "human"], public=False)["code"]
    person = quote(typed(code))
    status = httpx.get(f"{server.url}/api/tables/{person}", timeout=5)
    assert status.status_code == 200 and status.json()["code"] == code
    history = httpx.get(f"{server.url}/api/tables/{person}/matches", timeout=5)
    assert history.status_code == 200 and history.json() == []

    async def join_and_watch() -> tuple[dict, dict]:
        player = await Client.open(server, person)
        welcome = await player.join("Ann")
        watcher = await Client.open(server, quote(code.lower()))
        await watcher.send({"type": "spectate"})
        watching = await watcher.expect("welcome")
        await player.close()
        await watcher.close()
        return welcome, watching

    welcome, watching = asyncio.run(join_and_watch())
    assert welcome["seat"] == 0 and welcome["table"]["code"] == code
    assert watching["seat"] is None and watching["table"]["code"] == code
    assert watching["table"]["seats"][0]["name"] == "Ann"


def test_an_unknown_code_is_named_whole_and_grouped_in_the_refusal(server):
    missing = httpx.get(f"{server.url}/api/tables/{quote('zzzz-zzzz zzzz-zzzz')}", timeout=5)
    assert missing.status_code == 404
    assert missing.json()["params"] == {"code": "ZZZZ-ZZZZ-ZZZZ-ZZZZ"}

"""Outbound messages read back the same whichever encoder wrote them."""

import json

import pytest

from cardtable.server import jsontext

MESSAGE = {"type": "chat", "name": "Zoé 🂡", "seat": None, "scores": [1, -2.5], "ok": True}


def test_orjson_and_the_standard_library_write_the_same_message(monkeypatch):
    assert jsontext.orjson is not None, "orjson (the fast extra) is not installed"
    fast = jsontext.dumps(MESSAGE)
    monkeypatch.setattr(jsontext, "orjson", None)
    plain = jsontext.dumps(MESSAGE)
    assert json.loads(fast) == json.loads(plain) == MESSAGE
    assert plain == json.dumps(MESSAGE, separators=(",", ":"))


@pytest.mark.parametrize("number", [2**64, -(2**70)])
def test_an_integer_past_64_bits_is_still_written(number):
    assert json.loads(jsontext.dumps({"n": number})) == {"n": number}

"""The recording of tests/server/recording.py fails a test that reads an answer the
document does not describe, and passes one that reads only documented answers.

Each case runs a small pytest session in its own process (the plugin patches
``httpx``, which this test's own recording must not see), with a server played by
``httpx.MockTransport``.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import httpx
import pytest

import cardtable.server.openapi

ROOT = Path(__file__).resolve().parents[2]

TEST = """
import httpx

STATUS = {
    "code": "ABCDEF", "game": "skyjo", "title": "Skyjo", "options": {}, "players": 2,
    "public": True, "turn_seconds": None, "bot_delay": 0.5, "status": "waiting",
    "seats": [{"seat": 0, "name": None, "kind": "human", "taken": False,
               "connected": False, "autoplay": False}],
    "match": None, "finished_matches": [], "spectators": 0, "rematch_votes": [],
    "hints": False, "spectator_chat": True, "quick_match": False, "bots_join_in_ms": None,
}
BODY = %s


def test_reads_an_answer():
    body = BODY(dict(STATUS)) if callable(BODY) else BODY
    transport = httpx.MockTransport(lambda request: httpx.Response(%d, json=body))
    with httpx.Client(transport=transport) as client:
        client.get("http://127.0.0.1:1%s")
"""


def run(pytester: pytest.Pytester, body: str, status: int = 200, path: str = "/api/tables/ABCDEF"):
    """A session of one test, under tests/server, reading ``body`` (a literal, or a
    function of the valid table status) as the answer to ``GET path``."""
    pytester.makeconftest('pytest_plugins = ("tests.server.recording",)')
    suite = pytester.path / "tests" / "server"
    suite.mkdir(parents=True)
    (suite / "test_answer.py").write_text(textwrap.dedent(TEST % (body, status, path)))
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", "--rootdir", str(pytester.path))


@pytest.fixture
def pytester_here(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A pytester whose sessions import this checkout's ``tests`` and ``cardtable``."""
    source = Path(cardtable.server.openapi.__file__).resolve().parents[2]
    monkeypatch.setenv("PYTHONPATH", f"{ROOT}:{source}")
    return pytester


def test_a_documented_answer_passes(pytester_here: pytest.Pytester):
    result = run(pytester_here, "lambda status: status")
    result.assert_outcomes(passed=1)


def test_an_undocumented_field_fails_the_test(pytester_here: pytest.Pytester):
    result = run(pytester_here, "lambda status: status | {'secret': 1}")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*GET /api/tables/ABCDEF -> 200*'secret' was unexpected*"])


def test_a_mistyped_field_fails_the_test(pytester_here: pytest.Pytester):
    result = run(pytester_here, "lambda status: status | {'players': '2'}")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*'2' is not of type 'integer' at $.players*"])


def test_a_mistyped_refusal_fails_the_test(pytester_here: pytest.Pytester):
    result = run(pytester_here, "{'error': 'no_table'}", status=404)
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*-> 404*'message' is a required property*"])


def test_an_answer_of_an_undescribed_path_fails_the_test(pytester_here: pytest.Pytester):
    result = run(pytester_here, "{}", path="/api/secrets")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*/api/secrets*a path /openapi.json does not describe*"])


def test_a_server_tests_answers_are_recorded(server, documented_answers):
    """The recording is on in this suite: an answer read here is checked at the end."""
    httpx.get(f"{server.url}/api/tables/ZZZZZZ", timeout=5)
    httpx.get(f"{server.url}/api/games", timeout=5)
    recorded = [(a.method, a.path, a.status) for a in documented_answers.answers]
    assert recorded == [("GET", "/api/tables/ZZZZZZ", 404), ("GET", "/api/games", 200)]
    assert documented_answers.problems() == []

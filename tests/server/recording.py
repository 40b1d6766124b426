"""Every JSON answer of the HTTP API that a server or cluster test receives is checked
against the document the server serves at /openapi.json.

A pytest plugin (named in tests/conftest.py): while a test under tests/server or
tests/cluster runs, every response an ``httpx`` client reads whole is recorded as
(method, path template, status, body); when the test ends, each JSON body under
``/api/`` is validated against the document's schema of its operation and status
(``default`` for a status the operation does not list). Every object of the document
is closed, so an undocumented field fails the test, as do a mistyped field, a missing
one, and a JSON answer of a path or method the document does not describe.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import jsonschema
import pytest

from cardtable.server.openapi import OPENAPI

#: The suites whose tests have their answers checked (relative to the root directory).
RECORDED = ("tests/server", "tests/cluster")


@dataclass(frozen=True)
class Answer:
    """One response a test read: what was asked, and what came back."""

    method: str
    path: str
    status: int
    body: Any


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^/]+\})", template)
    return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


#: The document's paths, the literal ones first (``/api/players/me`` before
#: ``/api/players/{player}``), as the server's routes are tried.
_TEMPLATES = sorted(OPENAPI["paths"], key=lambda template: template.count("{"))
_PATTERNS = {template: _pattern(template) for template in _TEMPLATES}


def template_of(path: str, method: str) -> str | None:
    """The document's path that the server would route ``method path`` to."""
    matching = [t for t in _TEMPLATES if _PATTERNS[t].fullmatch(path)]
    with_method = [t for t in matching if method in OPENAPI["paths"][t]]
    return (with_method or matching or [None])[0]


@functools.cache
def _validator(template: str, method: str, status: str) -> jsonschema.Draft202012Validator:
    responses = OPENAPI["paths"][template][method]["responses"]
    schema = responses[status]["content"]["application/json"]["schema"]
    root = {**schema, "components": OPENAPI["components"]}
    return jsonschema.Draft202012Validator(root)


def problems(answer: Answer) -> list[str]:
    """What is wrong with ``answer`` by the document (nothing: an empty list)."""
    method = answer.method.lower()
    where = f"{answer.method} {answer.path} -> {answer.status}"
    template = template_of(answer.path, method)
    if template is None:
        return [f"{where}: a JSON answer of a path /openapi.json does not describe"]
    operation = OPENAPI["paths"][template].get(method)
    if operation is None:
        return [f"{where}: /openapi.json describes no {answer.method} of {template}"]
    status = str(answer.status)
    described = operation["responses"].get(status) or operation["responses"]["default"]
    if "content" not in described:
        return [f"{where}: /openapi.json describes {status} of {template} with no body"]
    known = status if status in operation["responses"] else "default"
    validator = _validator(template, method, known)
    return [
        f"{where} ({template}): {error.message} at {error.json_path}"
        for error in validator.iter_errors(answer.body)
    ]


class Recorder:
    """The answers of the API read while it is installed."""

    def __init__(self) -> None:
        self.answers: list[Answer] = []

    def record(self, response: httpx.Response) -> None:
        path = response.request.url.path
        media = response.headers.get("content-type", "").partition(";")[0].strip()
        if path.startswith("/api/") and media == "application/json" and response.content:
            self.answers.append(
                Answer(response.request.method, path, response.status_code, response.json())
            )

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Record what every ``httpx`` client reads whole (not streamed responses)."""
        send, send_async = httpx.Client.send, httpx.AsyncClient.send

        def recorded_send(client: httpx.Client, request: httpx.Request, **kw: Any) -> Any:
            response = send(client, request, **kw)
            if not kw.get("stream"):
                self.record(response)
            return response

        async def recorded_send_async(
            client: httpx.AsyncClient, request: httpx.Request, **kw: Any
        ) -> Any:
            response = await send_async(client, request, **kw)
            if not kw.get("stream"):
                self.record(response)
            return response

        monkeypatch.setattr(httpx.Client, "send", recorded_send)
        monkeypatch.setattr(httpx.AsyncClient, "send", recorded_send_async)

    def problems(self) -> list[str]:
        return [problem for answer in self.answers for problem in problems(answer)]


@pytest.fixture(autouse=True)
def documented_answers(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Recorder | None]:
    """Fail a server or cluster test that read an answer /openapi.json does not match."""
    root = request.config.rootpath
    if not any(request.node.path.is_relative_to(root / suite) for suite in RECORDED):
        yield None
        return
    recorder = Recorder()
    recorder.install(monkeypatch)
    yield recorder
    found = recorder.problems()
    if found:
        pytest.fail("answers that /openapi.json does not describe:\n" + "\n".join(found[:20]))

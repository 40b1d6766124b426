"""The responses of the HTTP API as /openapi.json describes them, field for field.

Each response is checked against the document's schema of its path and status, with
every object closed (a field the document does not name fails), so a field the server
adds without documenting it is found here.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import httpx
import jsonschema

from .support import JSON_BODY, Server, create_table, running_server


def closed(schema: Any) -> Any:
    """``schema`` with every object that names its fields refusing any other."""
    if isinstance(schema, dict):
        out = {key: closed(value) for key, value in schema.items()}
        if "properties" in out and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    return schema


def check(document: dict[str, Any], path: str, method: str, response: httpx.Response) -> None:
    """Fail unless ``response`` matches the document's schema for it."""
    described = document["paths"][path][method]["responses"][str(response.status_code)]
    schema = described["content"]["application/json"]["schema"]
    root = {**closed(copy.deepcopy(schema)), "components": closed(document["components"])}
    jsonschema.Draft202012Validator(root).validate(response.json())


def test_each_response_has_the_fields_the_document_names_and_no_other(server: Server):
    document = httpx.get(f"{server.url}/openapi.json", timeout=5).json()
    url = server.url
    check(document, "/api/games", "get", httpx.get(f"{url}/api/games", timeout=5))
    practice = create_table(server, "skyjo", ["human", "random"])
    public = create_table(server, "cactus", ["human", "human", "human"], public=True)
    for table in (practice, public):
        status = httpx.get(f"{url}/api/tables/{table['code']}", timeout=5)
        check(document, "/api/tables/{code}", "get", status)
    assert status.json()["hints"] is False
    assert httpx.get(f"{url}/api/tables/{practice['code']}", timeout=5).json()["hints"] is True
    check(document, "/api/tables", "get", httpx.get(f"{url}/api/tables?limit=5", timeout=5))
    created = httpx.post(
        f"{url}/api/tables",
        json={"game": "skyjo", "seats": ["human", "human"]},
        headers=JSON_BODY,
        timeout=5,
    )
    check(document, "/api/tables", "post", created)
    missing = httpx.get(f"{url}/api/tables/ZZZZZZ", timeout=5)
    check(document, "/api/tables/{code}", "get", missing)
    refused = httpx.post(f"{url}/api/tables", json={"game": "nope"}, headers=JSON_BODY, timeout=5)
    check(document, "/api/tables", "post", refused)


def test_a_quick_match_answer_has_the_fields_the_document_names(tmp_path: Path):
    """On a server of its own: the table it opens waits for a second person, who on the
    suite's shared server would be the next test's quick-match request."""
    with running_server(tmp_path / "quick.db", "--bot-workers", "0") as server:
        document = httpx.get(f"{server.url}/openapi.json", timeout=5).json()
        quick = httpx.post(
            f"{server.url}/api/quickmatch", json={"game": "skyjo"}, headers=JSON_BODY, timeout=5
        )
        assert quick.status_code == 201
        check(document, "/api/quickmatch", "post", quick)

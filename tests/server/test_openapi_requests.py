"""The request bodies /openapi.json describes are the ones the server accepts: each
body below is valid by the document exactly when the server's own check takes it."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from cardtable.server.errors import ProtocolError
from cardtable.server.lobby import TABLE_REQUEST
from cardtable.server.openapi import OPENAPI
from cardtable.server.quickmatch import QUICK_REQUEST
from cardtable.server.schema import Schema, check_fields

#: A value of each JSON type.
SAMPLES: dict[str, Any] = {
    "string": "x",
    "integer": 3,
    "number": 2.5,
    "boolean": True,
    "object": {},
    "array": ["human"],
    "null": None,
}
REQUESTS = [("TableRequest", TABLE_REQUEST), ("QuickMatchRequest", QUICK_REQUEST)]


def documented(body: Any, component: str) -> bool:
    schema = OPENAPI["components"]["schemas"][component]
    return jsonschema.Draft202012Validator(schema).is_valid(body)


def accepted(body: Any, fields: Schema) -> bool:
    try:
        check_fields(body, fields, "the request")
    except ProtocolError:
        return False
    return True


def bodies(component: str) -> list[dict[str, Any]]:
    """Bodies near the documented shape: whole, each field of each type, one missing
    field, one unknown field."""
    properties = OPENAPI["components"]["schemas"][component]["properties"]

    def kinds(name: str) -> list[str]:
        kind = properties[name]["type"]
        return kind if isinstance(kind, list) else [kind]

    whole = {name: SAMPLES[kinds(name)[0]] for name in properties}
    out = [whole, {**whole, "unknown": 1}]
    for name in properties:
        out.append({key: value for key, value in whole.items() if key != name})
        out.extend({**whole, name: sample} for sample in SAMPLES.values())
    return out


@pytest.mark.parametrize(("component", "fields"), REQUESTS)
def test_a_body_is_documented_exactly_when_the_server_accepts_it(component, fields):
    checked = bodies(component)
    assert any(accepted(body, fields) for body in checked)
    assert not all(accepted(body, fields) for body in checked)
    for body in checked:
        assert documented(body, component) == accepted(body, fields), body

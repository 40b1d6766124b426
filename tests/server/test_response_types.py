"""The API's answers are typed (server/responses.py), and /openapi.json's response
schemas are those types: a field a handler adds without adding it to its type fails
type checking, and a field added to the type is in the document."""

from __future__ import annotations

import textwrap
import typing
from pathlib import Path

import pytest
from mypy import api

from cardtable.server import responses
from cardtable.server.openapi import OPENAPI


@pytest.mark.slow  # mypy's first run, with no cache: some 30 s
def test_a_field_a_handler_adds_without_its_type_fails_type_checking(tmp_path: Path):
    handler = tmp_path / "handler.py"
    handler.write_text(
        textwrap.dedent(
            """
            from cardtable.server.responses import ErrorBody, ReportMade

            def refusal() -> ErrorBody:
                return {"error": "no_table", "message": "no such table", "table": "ABCDEF"}

            def report(made: int) -> ReportMade:
                return {"report": made}
            """
        )
    )
    out, _, status = api.run(
        ["--strict", "--no-incremental", "--follow-imports=silent", str(handler)]
    )
    assert status == 1
    assert 'Extra key "table" for TypedDict "ErrorBody"' in out
    assert 'Incompatible types (expression has type "int", TypedDict item "report"' in out


def _typed_dicts() -> list[type]:
    return [
        kind
        for kind in vars(responses).values()
        if typing.is_typeddict(kind) and kind.__module__ == responses.__name__
    ]


def test_each_answer_type_is_a_closed_schema_of_its_own_fields():
    components = OPENAPI["components"]["schemas"]
    kinds = _typed_dicts()
    assert {"TableStatus", "SeatInfo", "MatchRecordBody", "Profile", "ErrorBody"} <= {
        kind.__name__ for kind in kinds
    }
    for kind in kinds:
        if kind.__name__ not in components:  # a base only, inlined in its subtypes
            fields = typing.get_type_hints(kind).items()
            assert any(fields <= typing.get_type_hints(o).items() for o in kinds if o is not kind)
            continue
        schema = components[kind.__name__]
        assert schema["additionalProperties"] is False, kind
        assert set(schema["properties"]) == set(typing.get_type_hints(kind)), kind
        assert set(schema["required"]) == set(kind.__required_keys__), kind
    seat = components["SeatInfo"]
    assert "bot" not in seat["required"] and "seat" in seat["required"]
    assert seat["properties"]["kind"] == {"enum": ["human", "bot"]}
    assert components["TableStatus"]["properties"]["seats"] == {
        "type": "array",
        "items": {"$ref": "#/components/schemas/SeatInfo"},
    }
    assert components["TableStatus"]["properties"]["hints"]["type"] == "boolean"

"""Typed, validated rule options.

Each game declares its options as a frozen dataclass deriving from ``Options``; every
field is declared with ``option(...)``, which records its help text and its allowed
range or choices. ``from_dict`` accepts exactly the declared names and values of the
declared type, and raises ``OptionError`` naming the problem otherwise: an unknown or
mistyped option is never silently ignored.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Iterable, Mapping
from typing import Any, Self

from .errors import OptionError


def option(
    default: Any,
    help: str,
    *,
    min: int | None = None,
    max: int | None = None,
    choices: tuple[Any, ...] | None = None,
) -> Any:
    """Declare an option field with its default, help text and constraints."""
    meta = {"help": help, "min": min, "max": max, "choices": choices}
    return dataclasses.field(default=default, metadata=meta)


def _type_name(annotation: Any) -> str:
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    if annotation is str:
        return "str"
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    return f"{_type_name(args[0])} or null"


@dataclasses.dataclass(frozen=True)
class Options:
    """Base class of every game's options."""

    @classmethod
    def _hints(cls) -> dict[str, Any]:
        return typing.get_type_hints(cls)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | Options | None = None) -> Self:
        if data is None:
            return cls()
        if isinstance(data, cls):
            return data
        if not isinstance(data, Mapping):
            raise OptionError(f"options must be an object, got {type(data).__name__}")
        hints = cls._hints()
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise OptionError(
                f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(fields))}"
            )
        for name, value in data.items():
            cls._check(name, value, hints[name], fields[name].metadata)
        return cls(**data)

    @classmethod
    def from_strings(cls, pairs: Iterable[str]) -> Self:
        """Parse ``name=value`` pairs as given on a command line (values as JSON)."""
        data: dict[str, Any] = {}
        for pair in pairs:
            name, sep, raw = pair.partition("=")
            if not sep:
                raise OptionError(f"option {pair!r} must have the form name=value")
            try:
                data[name.strip()] = json.loads(raw)
            except json.JSONDecodeError:
                data[name.strip()] = raw
        return cls.from_dict(data)

    @staticmethod
    def _check(name: str, value: Any, annotation: Any, meta: Mapping[str, Any]) -> None:
        nullable = type(None) in typing.get_args(annotation)
        if value is None:
            if nullable:
                return
            raise OptionError(f"option {name} must not be null")
        base = annotation
        if nullable:
            base = next(a for a in typing.get_args(annotation) if a is not type(None))
        if base is bool:
            ok = isinstance(value, bool)
        elif base is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, base)
        if not ok:
            raise OptionError(f"option {name} must be {_type_name(annotation)}, got {value!r}")
        if meta.get("min") is not None and value < meta["min"]:
            raise OptionError(f"option {name} must be at least {meta['min']}, got {value}")
        if meta.get("max") is not None and value > meta["max"]:
            raise OptionError(f"option {name} must be at most {meta['max']}, got {value}")
        choices = meta.get("choices")
        if choices is not None and value not in choices:
            raise OptionError(
                f"option {name} must be one of {', '.join(map(str, choices))}, got {value!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        # Every option is a bool, int or str (``from_dict`` checks), so a flat dict is
        # ``dataclasses.asdict``'s result without its recursive copies; every view
        # writes the options out, and the RL environments build one view a step.
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every option with its type, default, constraints and help text."""
        hints = cls._hints()
        out = []
        for f in dataclasses.fields(cls):
            entry = {
                "name": f.name,
                "type": _type_name(hints[f.name]),
                "default": f.default,
                "help": f.metadata["help"],
            }
            for key in ("min", "max", "choices"):
                if f.metadata.get(key) is not None:
                    entry[key] = list(f.metadata[key]) if key == "choices" else f.metadata[key]
            out.append(entry)
        return out

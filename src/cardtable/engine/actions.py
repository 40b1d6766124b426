"""Actions: small immutable values, with a JSON form.

Each game defines its actions as frozen, slotted dataclasses deriving from
``Action`` with a class-level ``kind``. Equality includes the class, so two actions of
different kinds never compare equal even when their fields do. The JSON form is
``{"type": kind, **fields}``; ``ActionCodec`` turns it back into an action and names
exactly what is wrong with a malformed one.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from .errors import ActionFormatError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = ""
    #: True for an action that declines an optional opportunity (passing in a
    #: simultaneous window), so generic bots can treat it apart without knowing the game.
    is_pass: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = getattr(self, f.name)
        return out

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.kind}({args})"


def _field_check(annotation: Any) -> tuple[type, ...]:
    """The accepted JSON value types for a field annotation."""
    if annotation is bool:
        return (bool,)
    if annotation is int:
        return (int,)
    if annotation is str:
        return (str,)
    args = typing.get_args(annotation)
    if args:  # Optional[...] and unions of simple types
        accepted: tuple[type, ...] = ()
        for arg in args:
            accepted += (type(None),) if arg is type(None) else _field_check(arg)
        return accepted
    raise TypeError(f"unsupported action field type {annotation!r}")


class ActionCodec:
    """Decodes the JSON form of one game's actions."""

    def __init__(self, game: str, action_types: Iterable[type[Action]]) -> None:
        self.game = game
        self.types: dict[str, type[Action]] = {t.kind: t for t in action_types}
        self._fields: dict[str, dict[str, tuple[type, ...]]] = {}
        for kind, cls in self.types.items():
            hints = typing.get_type_hints(cls)
            self._fields[kind] = {
                f.name: _field_check(hints[f.name]) for f in dataclasses.fields(cls)
            }

    def decode(self, data: Any) -> Action:
        if isinstance(data, Action):
            return data
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"an action must be a JSON object, got {type(data).__name__}")
        kind = data.get("type")
        if kind not in self.types:
            known = ", ".join(sorted(self.types))
            raise ActionFormatError(
                f"unknown action type {kind!r} for {self.game} (known: {known})"
            )
        spec = self._fields[kind]
        extra = set(data) - set(spec) - {"type"}
        if extra:
            raise ActionFormatError(
                f"action {kind!r} has unknown field(s): {', '.join(sorted(extra))}"
            )
        values: dict[str, Any] = {}
        for name, accepted in spec.items():
            if name not in data:
                raise ActionFormatError(f"action {kind!r} is missing field {name!r}")
            value = data[name]
            ok = isinstance(value, accepted) and not (
                isinstance(value, bool) and bool not in accepted
            )
            if not ok:
                raise ActionFormatError(
                    f"action {kind!r} field {name!r} has the wrong type ({type(value).__name__})"
                )
            values[name] = value
        return self.types[kind](**values)

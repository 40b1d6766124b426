"""A seat's view as plain text, one field a line, for ``render()``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Fields every view repeats that say nothing about the position.
_SKIPPED = ("game", "options", "players")


def render_view(view: Mapping[str, Any]) -> str:
    title = f"{view['game']}, {view['players']} players, seat {view['you']}'s view"
    lines = [title]
    for key, value in view.items():
        if key not in _SKIPPED:
            lines.append(f"  {key}: {_text(value)}")
    return "\n".join(lines)


def _text(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return " | ".join(" ".join(map(str, row)) for row in value)
    if isinstance(value, list):
        return " ".join(map(str, value)) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k}={_text(v)}" for k, v in value.items())
    return str(value)

"""Positions offering a given kind of move, for the browser tests of a game's options.

Each option test draws a position the engine really reaches where the viewer may make
one kind of move, then checks what the page sends when that move is chosen; both tests
of the Cactus options and of the Last Card house rules look them up the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from .states import Step, find, position


def where(
    game: str,
    players: int,
    kind: str,
    test: Callable[[Step, int], bool] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A position whose viewer may make a move of ``kind`` (and passes ``test``)."""

    def found(step: Step) -> int | None:
        state = step.state
        if state.is_over:
            return None
        for seat in state.to_act:
            kinds = {a.kind for a in state.legal_actions(seat)}
            if kind in kinds and (test is None or test(step, seat)):
                return seat
        return None

    step, seat = find(game, players, found, **options)
    return position(step, seat)


def sent(page: Page) -> list[dict[str, Any]]:
    """The moves the page has sent since ``render_position`` drew it."""
    result: list[dict[str, Any]] = page.evaluate("window.__sent")
    return result

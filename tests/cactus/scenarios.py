"""Explicit Cactus deals played on by a list of moves, with type hints."""

from collections.abc import Sequence

from cardtable.engine.actions import Action
from cardtable.games.cactus.state import CactusState

Move = tuple[int, Action]


def after(
    layouts: Sequence[Sequence[str | None]],
    draw: list[str],
    moves: list[Move],
    *,
    discard: Sequence[str] = (),
    current: int = 0,
    caller: int | None = None,
    options: dict[str, object] | None = None,
) -> CactusState:
    """An explicit deal (piles bottom to top) played on by ``moves``."""
    state = CactusState.from_deal(
        layouts, draw, discard, current=current, caller=caller, options=options
    )
    for seat, action in moves:
        state.apply(seat, action)
    return state

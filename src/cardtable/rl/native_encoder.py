"""Observations and masks encoded in C, for a game whose ``Encoding`` has a
``NativeBackend`` (the compiled core holds its rules).

The compiled encoder writes what the game's Python encoder writes from a view, reading
the state instead. It applies only where the C holds exactly what the Python code does
(``encoder_reason`` says why not otherwise); the tests compare both encodings. The AEC
environment encodes with it (``NativeObserver``), the batched environment steps its
matches with it (``cardtable.rl.native_vector``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardtable._core import native
from cardtable.engine.registry import get_game
from cardtable.engine.state import State

from .encoding import EnvironmentShape, NativeBackend, encoding, encodings


def _stepped_in_c() -> str:
    """The titles of the games the C encodes, for a message."""
    titles = sorted(get_game(game).title for game, e in encodings().items() if e.native)
    return " and ".join(titles) or "no game"


def encoder_reason(aec: EnvironmentShape) -> str | None:
    """Why ``aec``'s observations cannot be encoded in C; None when they can."""
    if native is None:
        return "the compiled core is not built or is switched off"
    backend = encoding(aec.game).native
    if backend is None:
        games = _stepped_in_c()
        verb = "are" if " and " in games else "is"
        return f"only {games} {verb} stepped in C, not {aec.game}"
    return backend.reason(aec)


def backend_of(aec: EnvironmentShape) -> NativeBackend:
    """The compiled encoder of ``aec``'s game (where ``encoder_reason`` is None)."""
    backend = encoding(aec.game).native
    assert backend is not None
    return backend


class NativeObserver:
    """The AEC environment's observations and masks, encoded in C from the state (the
    same values as the encoder's from the view, which the tests check)."""

    def __init__(self, aec: EnvironmentShape) -> None:
        self._observation = np.zeros((1, aec.observer.size), np.float32)
        self._mask = np.zeros((1, aec.game_spec.action_space_size), np.bool_)
        self._backend = backend_of(aec)
        self._matches = self._backend.new(aec, self._observation, self._mask, 0)

    def observe(
        self, state: State, seat: int, over: bool
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]] | None:
        """Seat's observation and mask (all zero when ``over`` or not its turn); None
        for a state the C does not hold."""
        if not self._backend.observe(self._matches, state, seat, over):
            return None
        return self._observation[0].copy(), self._mask[0].astype(np.int8)

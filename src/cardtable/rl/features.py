"""Observation vectors built from a seat's view, with a fixed layout per game and table.

An encoder reads nothing but ``state.view(seat)``, the dict a player's client gets,
so an observation can hold only what that seat may know. Seats are relative: block
``k`` of a per-seat feature is the seat ``k`` places after the observer (``0`` is the
observer itself), so one policy serves every seat. Every feature lies in [-1, 1]
except totals and Last Card hand sizes, which can pass 1 but stay below ``HIGH``.

A game's encoder (``cardtable.rl.encoders``) writes its features through a
``FeatureWriter`` in a fixed order. Run without a buffer, the writer only records the
blocks' names and sizes: that is how ``cardtable.rl.observer.feature_blocks``
documents a layout and ``observation_size`` sizes it, from the same code that fills
it, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
#: Bounds of every feature (the observation space's ``low`` and ``high``).
LOW, HIGH = -1.0, 10.0


class FeatureWriter:
    """Appends named blocks of features to a float32 vector (or only sizes them)."""

    def __init__(self, size: int | None) -> None:
        self.data: Vector | None = None if size is None else np.zeros(size, np.float32)
        self.pos = 0
        self.blocks: list[tuple[str, int]] = []

    def _block(self, name: str, width: int) -> int:
        start = self.pos
        self.pos += width
        if self.data is None:
            self.blocks.append((name, width))
        return start

    def one_hot(self, name: str, width: int, index: int | None) -> None:
        """``width`` features, the one at ``index`` set (none when ``index`` is None)."""
        start = self._block(name, width)
        if self.data is not None and index is not None:
            self.data[start + index] = 1.0

    def flags(self, name: str, width: int, indices: Sequence[int]) -> None:
        """``width`` features, those at ``indices`` set."""
        start = self._block(name, width)
        if self.data is not None:
            for index in indices:
                self.data[start + index] = 1.0

    def values(self, name: str, values: Sequence[float]) -> None:
        """One feature per value."""
        start = self._block(name, len(values))
        if self.data is not None:
            self.data[start : start + len(values)] = values


def relative(seat: int | None, you: int, players: int) -> int | None:
    """Where ``seat`` sits counted from ``you`` (0 is ``you``); None stays None."""
    return None if seat is None else (seat - you) % players


def rotated(values: Sequence[Any], you: int) -> list[Any]:
    """A per-seat list reordered to start at ``you``."""
    return [*values[you:], *values[:you]]


def scaled_totals(view: Mapping[str, Any]) -> list[float]:
    """Match totals, relative seats, divided by the target score or 100, whichever is
    more (a single-round match may have a target of 1)."""
    scale = max(view["options"].get("target_score") or 0, 100)
    return [t / scale for t in rotated(view["totals"], view["you"])]

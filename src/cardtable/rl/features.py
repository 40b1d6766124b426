"""Observation vectors built from a seat's view, with a fixed layout per game and table.

An encoder reads nothing but ``state.view(seat)``, the dict a player's client gets,
so an observation can hold only what that seat may know. Seats are relative: block
``k`` of a per-seat feature is the seat ``k`` places after the observer (``0`` is the
observer itself), so one policy serves every seat. Every feature lies in [-1, 1]
except totals and Last Card hand sizes, which can pass 1 but stay below ``HIGH``.

A game's encoder writes its features through a ``FeatureWriter`` in a fixed order.
Run without a buffer, the writer only records the blocks' names and sizes: that is
how ``feature_blocks`` documents a layout and ``observation_size`` sizes it, from
the same code that fills it, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import make

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


#: Writes one view's features: (writer, view, players).
Encoder = Callable[[FeatureWriter, Mapping[str, Any], int], None]
_ENCODERS: dict[str, Encoder] = {}


def register_encoder(game: str, encoder: Encoder) -> None:
    _ENCODERS[game] = encoder


def _encoder(game: str) -> Encoder:
    from . import encoders  # noqa: F401  (registers every game's encoder)

    try:
        return _ENCODERS[game]
    except KeyError:
        raise CardtableError(f"no observation encoder for game {game!r}") from None


class Observer:
    """Turns views of one game at one table size into vectors of a fixed length."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.players = players
        self._encode = _encoder(game)
        sizing = FeatureWriter(None)
        self._encode(sizing, make(game, players, seed=0, options=options).view(0), players)
        self.blocks = sizing.blocks
        self.size = sizing.pos

    def encode(self, view: Mapping[str, Any]) -> Vector:
        """The observation of ``view`` (a seat's view of a match of this game and size)."""
        if view.get("game") != self.game or view.get("players") != self.players:
            raise CardtableError(
                f"this observer encodes {self.game} views for {self.players} players, "
                f"not {view.get('game')} for {view.get('players')}"
            )
        writer = FeatureWriter(self.size)
        self._encode(writer, view, self.players)
        assert writer.data is not None and writer.pos == self.size
        return writer.data


def feature_blocks(game: str, players: int) -> list[tuple[str, int]]:
    """The names and widths of an observation's blocks, in order."""
    return Observer(game, players).blocks


def observation_size(game: str, players: int) -> int:
    return Observer(game, players).size


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

"""The observer: a game's encoder applied to views, at one table size.

It sizes an observation by running the encoder once without a buffer on a fresh
match's view, then fills vectors of exactly that size.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import make

from .encoding import encoding
from .features import FeatureWriter, Vector


class Observer:
    """Turns views of one game at one table size into vectors of a fixed length."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.players = players
        self._encode = encoding(game).encode
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

"""What the RL layer reads of a game: its observation encoder, the option defaults its
environments play with, and, where the compiled core holds its rules, the C encoder.

A game declares an ``Encoding`` in the ``cardtable.rl_encoders`` entry-point group,
under its name, so the environments hold no per-game table and a game in a package of
its own gets environments by declaring one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from cardtable.engine.errors import CardtableError
from cardtable.engine.plugins import plugin, plugin_table
from cardtable.engine.registry import GameSpec
from cardtable.engine.state import State

from .features import FeatureWriter

#: The entry-point group where a game declares its ``Encoding``, under its name.
ENCODING_GROUP = "cardtable.rl_encoders"

#: Writes one view's features: (writer, view, players).
Encoder = Callable[[FeatureWriter, Mapping[str, Any], int], None]


class Layout(Protocol):
    """An observation's layout: its blocks (name, width) in order, and its size."""

    blocks: list[tuple[str, int]]
    size: int


class EnvironmentShape(Protocol):
    """What a compiled encoder reads of an environment (``CardtableAECEnv`` has it)."""

    game: str
    players: int
    options: Mapping[str, Any]
    observer: Layout
    game_spec: GameSpec


class NativeBackend(ABC):
    """A game's matches held and encoded in C (``cardtable._core``), written into the
    environment's arrays: the same observations and masks as the encoder's from views,
    which the game's tests check."""

    #: The bot the C plays the opponents with (a bot spec; the batched environment
    #: steps in C only against opponents of this spec).
    opponent: str

    @abstractmethod
    def reason(self, aec: EnvironmentShape) -> str | None:
        """Why ``aec``'s observations cannot be encoded in C; None when they can."""

    @abstractmethod
    def new(
        self,
        aec: EnvironmentShape,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        seat: int,
    ) -> Any:
        """The C's matches, writing into ``observations`` and ``masks`` (a row each)."""

    @abstractmethod
    def observe(self, matches: Any, state: State, seat: int, over: bool) -> bool:
        """Write seat's observation and mask of ``state`` into row 0; False for a state
        the C does not hold."""

    @abstractmethod
    def reset(self, matches: Any, i: int, match_seed: int) -> bool:
        """A new match in row ``i``, dealt as the environment deals ``match_seed``;
        whether the learner has a decision in it."""

    @abstractmethod
    def step(
        self,
        matches: Any,
        actions: npt.NDArray[Any],
        playing: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float64],
        terminations: npt.NDArray[np.bool_],
    ) -> None:
        """Play each playing row's action, and the opponents up to the learner's turn."""


@dataclass(frozen=True)
class Encoding:
    """How the RL environments see one game."""

    encode: Encoder
    #: Options whose default the environments change (the game's own defaults apply
    #: to every other option).
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The compiled encoder, or None where the game is encoded from views only.
    native: NativeBackend | None = None


def declared(game: str) -> Encoding | None:
    """The encoding ``game`` declares, or None."""
    return plugin(ENCODING_GROUP, game, Encoding)


def encoding(game: str) -> Encoding:
    """The encoding ``game`` declares; refused for a game that declares none."""
    found = declared(game)
    if found is None:
        raise CardtableError(f"no observation encoder for game {game!r}")
    return found


def encodings() -> dict[str, Encoding]:
    """Every declared encoding, by game name."""
    return plugin_table(ENCODING_GROUP, Encoding)

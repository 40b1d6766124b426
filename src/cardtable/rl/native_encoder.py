"""Last Card observations and masks encoded in C (``cardtable/_core/lastcard_vec.c``).

The compiled encoder writes what ``cardtable.rl.encoders.lastcard`` writes from a
view, reading the state instead. It is handed everything that defines the encoding,
taken from the Python definitions rather than copied: the encoder's block offsets
(from the ``Observer`` that lays them out), each action's index
(``GameSpec.action_index`` of every play, draw and keep), the phases, and the rules
(read from a match made with the environment's options). It applies only where the C
holds exactly what the Python code does (``encoder_reason`` says why not otherwise);
the tests compare both encodings. The AEC environment encodes with it
(``NativeObserver``), the batched environment steps its matches with it
(``cardtable.rl.native_vector``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from cardtable._core import native
from cardtable.engine.registry import GameSpec, get_game, make
from cardtable.engine.state import State
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.cards import CODE, COLOR_INDEX, COLORS, NAMES, TYPES, WILD
from cardtable.games.lastcard.state import OVER, PHASES, PLAY_DRAWN, TURN

from .observer import Observer
from .options import observed_options


class EnvironmentShape(Protocol):
    """What the encoder reads of an environment (``CardtableAECEnv`` has it)."""

    game: str
    players: int
    options: Mapping[str, Any]
    observer: Observer
    game_spec: GameSpec


#: The options the compiled rules read (cardtable/_core/lastcard_state.c); any other
#: option away from its default keeps the environment in Python.
CORE_OPTIONS = frozenset(
    {
        "plus_four_on_plus_two",
        "stack_plus_two",
        "stack_plus_four",
        "voluntary_draw",
        "play_drawn",
        "missed_call_penalty",
        "target_score",
    }
)
#: The encoder's blocks for the house rules (open windows, jump-ins, catches,
#: challenges): empty in every view while the house rules are off, as they are
#: wherever the C plays (their options are not among ``CORE_OPTIONS``), so the C leaves
#: them at zero.
HOUSE_BLOCKS = frozenset({"window", "jump", "catch", "challenge"})


def _block_widths(players: int) -> list[tuple[str, int]]:
    """The Last Card encoder's blocks that the C writes, in order, with their widths."""
    n = players
    return [
        ("phase", len(PHASES)),
        ("current", n),
        ("starter", n),
        ("direction", 1),
        ("top", TYPES),
        ("color", len(COLORS)),
        ("pending", 1),
        ("hand_sizes", n),
        ("pile_sizes", 2),
        ("hand", TYPES),
        ("drawn", TYPES),
        ("totals", n),
    ]


def encoder_reason(aec: EnvironmentShape) -> str | None:
    """Why ``aec``'s observations cannot be encoded in C; None when they can."""
    if native is None:
        return "the compiled core is not built or is switched off"
    if aec.game != "lastcard":
        return f"only Last Card is stepped in C, not {aec.game}"
    defaults = observed_options("lastcard", None)
    changed = {k for k, value in aec.options.items() if defaults.get(k) != value}
    if changed - CORE_OPTIONS:
        return f"options the C does not play: {', '.join(sorted(changed - CORE_OPTIONS))}"
    written = [block for block in aec.observer.blocks if block[0] not in HOUSE_BLOCKS]
    if written != _block_widths(aec.players):
        return "the Last Card encoder's blocks are not the ones the C writes"
    if any(CODE[NAMES[t]] != t for t in range(TYPES)) or any(
        COLOR_INDEX[c] != i for i, c in enumerate(COLORS)
    ):
        return "the card and colour codes are not the C's"
    return None


def play_indices() -> tuple[int, ...]:
    """The action index of every play by slot ``(type * 2 + call) * 4 + colour``
    (colour slot 0 for a coloured card; -1 for slots with no play)."""
    index = get_game("lastcard").action_index
    table = []
    for t in range(TYPES):
        for call in (False, True):
            for slot in range(4):
                if t >= WILD:
                    table.append(index(Play(NAMES[t], COLORS[slot], call)))
                else:
                    table.append(index(Play(NAMES[t], None, call)) if slot == 0 else -1)
    return tuple(table)


def new_vec(
    aec: EnvironmentShape,
    observations: npt.NDArray[np.float32],
    masks: npt.NDArray[np.bool_],
    seat: int,
) -> Any:
    """The C's matches, writing into ``observations`` and ``masks`` (a row per match)."""
    assert native is not None
    offsets, pos = {}, 0
    for name, width in aec.observer.blocks:
        offsets[name] = pos
        pos += width
    spec = get_game("lastcard")
    return native.lastcard_vec_new(
        make("lastcard", aec.players, 0, aec.options),
        observations,
        masks,
        seat,
        tuple(offsets[name] for name, _ in _block_widths(aec.players)),
        (TURN, PLAY_DRAWN, OVER),
        play_indices(),
        spec.action_index(DRAW),
        spec.action_index(KEEP),
        float(max(aec.options.get("target_score") or 0, 100)),
    )


class NativeObserver:
    """The AEC environment's observations and masks of Last Card, encoded in C from
    the state (the same values as the encoder's from the view, which the tests check)."""

    def __init__(self, aec: EnvironmentShape) -> None:
        self._observation = np.zeros((1, aec.observer.size), np.float32)
        self._mask = np.zeros((1, aec.game_spec.action_space_size), np.bool_)
        self._vec = new_vec(aec, self._observation, self._mask, 0)

    def observe(
        self, state: State, seat: int, over: bool
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]] | None:
        """Seat's observation and mask (all zero when ``over`` or not its turn); None
        for a state the C does not hold."""
        native_core = native
        assert native_core is not None
        if not native_core.lastcard_vec_observe(self._vec, state, seat, over):
            return None
        return self._observation[0].copy(), self._mask[0].astype(np.int8)

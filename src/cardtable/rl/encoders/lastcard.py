"""Last Card observations from a seat's view.

A card is one of the 54 types of ``games/lastcard/cards.py`` (colour * 13 + rank for
the coloured ones, then ``wild`` and ``+4``). The hand is a count per type divided by
4 (the most copies a type has in the deck). Hand sizes are divided by 20 and may pass 1.
The house rules' blocks (an open window, the card to jump in on, the seat that may be
caught, the +4 that may be challenged) are all zero at a table without them.

The compiled core encodes the same (``cardtable/_core/lastcard_vec.c``), reading the
state instead of a view; ``NativeLastCard`` hands it everything that defines the
encoding, taken from the Python definitions rather than copied: the encoder's block
offsets (from the ``Observer`` that lays them out), each action's index
(``GameSpec.action_index`` of every play, draw and keep), the phases, and the rules
(read from a match made with the environment's options). It applies only where the C
holds exactly what the Python code does (``reason`` says why not otherwise); the tests
compare both encodings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable._core import native
from cardtable.engine.registry import get_game, make
from cardtable.engine.state import State
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.cards import (
    CODE,
    COLOR_INDEX,
    COLORS,
    DECK,
    NAMES,
    TYPES,
    WILD,
)
from cardtable.games.lastcard.state import OVER, PHASES, PLAY_DRAWN, TURN
from cardtable.rl.encoding import Encoding, EnvironmentShape, NativeBackend
from cardtable.rl.features import FeatureWriter, relative, rotated, scaled_totals
from cardtable.rl.options import observed_options


def encode_lastcard(w: FeatureWriter, view: Mapping[str, Any], players: int) -> None:
    you = view["you"]
    deck = len(DECK)
    w.one_hot("phase", len(PHASES), PHASES.index(view["phase"]))
    w.one_hot("current", players, relative(view["current"], you, players))
    w.one_hot("starter", players, relative(view["starter"], you, players))
    w.values("direction", [float(view["direction"])])
    w.one_hot("top", TYPES, CODE[view["top"]])
    w.one_hot("color", len(COLORS), COLOR_INDEX[view["color"]])
    w.values("pending", [view["pending"] / 20])
    w.values("hand_sizes", [n / 20 for n in rotated(view["hand_sizes"], you)])
    w.values("pile_sizes", [view["draw_size"] / deck, view["discard_size"] / deck])
    counts = [0.0] * TYPES
    for name in view["hand"]:
        counts[CODE[name]] += 0.25
    w.values("hand", counts)
    drawn = view["drawn"]
    w.one_hot("drawn", TYPES, None if drawn is None else CODE[drawn])
    window = set(view.get("window", ()))
    w.values("window", [1.0 if seat in window else 0.0 for seat in rotated(range(players), you)])
    jump = view.get("jump")
    w.one_hot("jump", TYPES, None if jump is None else CODE[jump])
    w.one_hot("catch", players, relative(view.get("catch"), you, players))
    w.one_hot("challenge", players, relative(view.get("challenge"), you, players))
    w.values("totals", scaled_totals(view))


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
    """The encoder's blocks that the C writes, in order, with their widths."""
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


class NativeLastCard(NativeBackend):
    """Last Card matches held, stepped and encoded in C (``lastcard_vec.c``)."""

    #: The heuristic's choice, as ``lastcard_playout.c`` plays it.
    opponent = "heuristic"

    def reason(self, aec: EnvironmentShape) -> str | None:
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

    def new(
        self,
        aec: EnvironmentShape,
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.bool_],
        seat: int,
    ) -> Any:
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

    def observe(self, matches: Any, state: State, seat: int, over: bool) -> bool:
        assert native is not None
        return bool(native.lastcard_vec_observe(matches, state, seat, over))

    def reset(self, matches: Any, i: int, match_seed: int) -> bool:
        assert native is not None
        return bool(native.lastcard_vec_reset(matches, i, match_seed))

    def step(
        self,
        matches: Any,
        actions: npt.NDArray[Any],
        playing: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float64],
        terminations: npt.NDArray[np.bool_],
    ) -> None:
        assert native is not None
        native.lastcard_vec_step(
            matches,
            np.ascontiguousarray(actions, np.int64),
            np.ascontiguousarray(playing),
            rewards,
            terminations,
        )


ENCODING = Encoding(encode_lastcard, native=NativeLastCard())

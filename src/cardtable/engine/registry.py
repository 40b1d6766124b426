"""The game registry, ``make`` and ``replay``.

Games register a ``GameSpec`` when ``cardtable.games`` is imported. Everything above
the engine finds games here by name, so adding a game means adding its package.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .errors import PlayerCountError, UnknownGameError
from .options import Options
from .state import State, new_seed


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    min_players: int
    max_players: int
    state_type: type[State]
    options_type: type[Options]
    #: Builds a new match: (players, options, seed) -> State.
    new_match: Callable[[int, Any, int], State]
    #: Fixed integer index space for RL action masks.
    action_space_size: int
    action_index: Callable[[Action], int]
    action_from_index: Callable[[int], Action]
    #: Whether the lowest score wins a round and the match (Skyjo, Cactus) or the
    #: highest (Last Card); search bots read it to score a finished round.
    lower_score_wins: bool = True

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.options_type.describe(),
        }


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.name] = spec
    return spec


def _load() -> None:
    """Import the games package, whose import registers every game."""
    importlib.import_module("cardtable.games")


def get_game(name: str) -> GameSpec:
    spec = _GAMES.get(name)
    if spec is not None:  # ``make`` runs once per simulated round: skip the import then
        return spec
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGameError(f"unknown game {name!r} (known: {known})") from None


def games() -> list[GameSpec]:
    """Every registered game, by name."""
    _load()
    return [_GAMES[name] for name in sorted(_GAMES)]


def make(
    game: str,
    players: int,
    seed: int | None = None,
    options: Mapping[str, Any] | Options | None = None,
) -> State:
    """Start a new match of ``game`` for ``players`` seats."""
    spec = get_game(game)
    if not isinstance(players, int) or isinstance(players, bool):
        raise PlayerCountError(f"players must be a whole number, got {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        raise PlayerCountError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}"
        )
    opts = spec.options_type.from_dict(options)
    return spec.new_match(players, opts, new_seed() if seed is None else seed)


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild a match from ``State.record()`` by re-applying its log."""
    state = make(record["game"], record["players"], record["seed"], record["options"])
    for seat, action in record["log"]:
        state.apply(seat, action)
    return state


def state_from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a full state written by ``State.to_json``."""
    return get_game(str(data.get("game"))).state_type.from_json(dict(data))

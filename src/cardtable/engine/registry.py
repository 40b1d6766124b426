"""The game registry, ``make`` and ``replay``.

The engine knows no game. A game's package builds its ``GameSpec`` and registers it;
the packages are found through the ``cardtable.games`` entry-point group (the list is
in ``pyproject.toml``), so a fourth game can live in a package of its own that declares
the same group. Everything above the engine finds games here by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from .actions import Action
from .errors import CardtableError, PlayerCountError, StateFormatError, UnknownGameError
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


#: The entry-point group under which a package declares its games, each entry naming
#: the game's ``GameSpec`` (``cactus = "cardtable.games.cactus:SPEC"``).
ENTRY_POINT_GROUP = "cardtable.games"


@cache
def _load() -> None:
    """Load every game declared under ``ENTRY_POINT_GROUP`` (once) and register it."""
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        spec = entry.load()
        if not isinstance(spec, GameSpec):
            raise CardtableError(
                f"the {ENTRY_POINT_GROUP} entry point {entry.name} = {entry.value} "
                f"is a {type(spec).__name__}, not a GameSpec"
            )
        register(spec)


def get_game(name: str) -> GameSpec:
    spec = _GAMES.get(name)
    if spec is not None:  # ``make`` runs once per simulated round: skip the import then
        return spec
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or (
            f"none: no package declares the {ENTRY_POINT_GROUP} entry points; "
            "install cardtable (pip install -e .) rather than running it from its sources"
        )
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
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise StateFormatError(f"a seed must be a whole number, got {seed!r}")
    if not isinstance(players, int) or isinstance(players, bool):
        raise PlayerCountError(f"players must be a whole number, got {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        raise PlayerCountError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}"
        )
    opts = spec.options_type.from_dict(options)
    return spec.new_match(players, opts, new_seed() if seed is None else seed)


#: What ``State.record()`` holds, and ``replay`` needs.
RECORD_FIELDS = ("game", "players", "seed", "options", "log")


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild a match from ``State.record()`` by re-applying its log.

    A record that is not one, or whose log does not replay, raises ``StateFormatError``
    naming the missing field or the first log entry that fails, and why.
    """
    _require_object("a match record", record)
    missing = [name for name in RECORD_FIELDS if name not in record]
    if missing:
        raise StateFormatError(f"the match record has no {', '.join(missing)}")
    state = make(record["game"], record["players"], record["seed"], record["options"])
    log = record["log"]
    if not isinstance(log, list):
        raise StateFormatError(f"the match record's log must be a list, got {type(log).__name__}")
    for index, entry in enumerate(log):
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            raise StateFormatError(f"log entry {index} must be [seat, action], got {entry!r}")
        try:
            state.apply(*entry)
        except CardtableError as exc:
            raise StateFormatError(f"log entry {index} does not replay: {exc}") from None
    return state


def state_from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a full state written by ``State.to_json``."""
    _require_object("a state", data)
    return get_game(str(data.get("game"))).state_type.from_json(dict(data))


def _require_object(what: str, data: object) -> None:
    if not isinstance(data, Mapping):
        raise StateFormatError(f"{what} must be a JSON object, got {type(data).__name__}")

"""The bot interface and the bot registry.

A bot is built from a spec string such as ``random``, ``heuristic`` or
``ismcts:iterations=400``: a name, then ``:`` and comma-separated ``key=value``
parameters. Game-agnostic bots register for every game; a game's own bot (its
heuristic) registers for that game alone, under the same name in every game.

Bots of other packages (an adapter to another library's bot) are declared under the
``cardtable.bots`` entry-point group, each entry a ``DeclaredBot`` named by the bot's
name; bots that a game has by its settings (its levels, its learnt policy) come from
sources (``register_source``) that read each game's entries of the bots' other groups.
No table here names a game.
"""

from __future__ import annotations

import inspect
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from cardtable.engine.actions import Action
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import get_game
from cardtable.engine.state import State
from cardtable.extras import MissingExtraError


class BotSpecError(CardtableError):
    """A bot spec names an unknown bot or gives it a bad parameter."""


@dataclass(frozen=True)
class Budget:
    """What one decision of a bot may cost, as its spec sets it.

    A server bounds these before it seats a bot. ``None`` means the spec sets no such
    bound: a bot without search (random, heuristic) costs a fixed, small amount.
    """

    seconds: float | None = None
    iterations: int | None = None
    #: Processes one decision uses (this one included).
    workers: int = 1
    #: Whether the decision searches (its cost grows with ``seconds`` or ``iterations``).
    searches: bool = False


class Bot(ABC):
    """Chooses an action for a seat. Must use only what that seat may know."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, state: State, seat: int) -> Action:
        """The action ``seat`` takes now; ``seat`` is in ``state.to_act``."""

    def budget(self) -> Budget:
        """The cost of one decision (a search bot overrides this)."""
        return Budget()

    def inner_bots(self, game: str) -> list[Bot]:
        """The bots this one consults many times within one decision (a search's rollout
        and base policies), whose own cost multiplies its budget. None by default."""
        return []

    def check_parts(self, game: str) -> None:
        """Raise ``BotSpecError`` if a bot the spec names inside this one (a search's
        rollout policy) cannot play ``game``, so that a bad spec fails when it is given,
        not in the middle of a match. A bot that names no other has nothing to check."""
        return None

    def playout(self, state: State, luck: int) -> None:
        """Play the current round of ``state`` out with this bot in every seat.

        A search's rollouts call this. ``luck`` seeds every random choice, the bot's
        own and the pick of who acts in a simultaneous phase, so that playouts given the
        same luck differ only where their states do. A game's bot may override it with
        a faster loop that makes the same moves (Last Card's heuristic does). A match
        already over has no round left to play: nothing happens.
        """
        if state.is_over:
            return
        chance = random.Random(luck)
        self.rng.seed(luck)
        rounds = len(state.round_scores)
        while len(state.round_scores) == rounds:
            actor = pick_actor(state, chance)
            state.apply_legal(actor, self.act(state, actor))


def pick_actor(state: State, rng: random.Random) -> int:
    """The seat that acts next; in a simultaneous phase, one drawn at random (as the
    match runner does)."""
    seats = state.to_act
    return seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]


BotFactory = Callable[..., Bot]
_BOTS: dict[tuple[str, str | None], BotFactory] = {}


def register_bot(name: str, factory: BotFactory, game: str | None = None) -> None:
    """Register ``factory(seed=..., **params)`` as ``name`` (for one game, or all)."""
    _BOTS[(name, game)] = factory


#: A game's bots by name that a source has for it (none for most games).
BotSource = Callable[[str], Mapping[str, BotFactory]]
_SOURCES: list[BotSource] = []


def register_source(source: BotSource) -> None:
    """Ask ``source`` for a game's bots whenever that game's bots are looked up: a source
    reads the game's own entry (its levels, its weights), so that the game, not this
    module, says which of them it has."""
    _SOURCES.append(source)


@dataclass(frozen=True)
class DeclaredBot:
    """What an entry of ``BOT_GROUP`` names: a bot factory, for every game or one."""

    factory: BotFactory
    #: The one game the bot plays (None: every game).
    game: str | None = None


#: The entry-point group under which a package declares bots, each entry named by the
#: bot's name (``openspiel-ismcts = "cardtable.openspiel.bot:BOT"``).
BOT_GROUP = "cardtable.bots"


@cache
def _bot_entries() -> tuple[EntryPoint, ...]:
    return tuple(entry_points(group=BOT_GROUP))


@cache
def _load_declared(entry: EntryPoint) -> DeclaredBot:
    """An entry's bot, loaded once. A ``MissingExtraError`` (an adapter whose library is
    not installed) is not remembered: the next look-up tries again."""
    declared = entry.load()
    if not isinstance(declared, DeclaredBot):
        raise CardtableError(
            f"the {BOT_GROUP} entry point {entry.name} = {entry.value} "
            f"is a {type(declared).__name__}, not a DeclaredBot"
        )
    return declared


def _declared(game: str) -> tuple[dict[str, BotFactory], dict[str, MissingExtraError]]:
    """The declared bots that play ``game``, and those whose package cannot load for
    want of an extra (by name, each with the error that names the extra)."""
    bots: dict[str, BotFactory] = {}
    missing: dict[str, MissingExtraError] = {}
    for entry in _bot_entries():
        try:
            declared = _load_declared(entry)
        except MissingExtraError as exc:
            missing[entry.name] = exc
            continue
        if declared.game in (None, game):
            bots[entry.name] = declared.factory
    return bots, missing


def reload_bots() -> None:
    """Forget the loaded ``BOT_GROUP`` entries (after installing a package, or in a test
    that replaces the installed entry points)."""
    _bot_entries.cache_clear()
    _load_declared.cache_clear()


def _factories(game: str) -> tuple[dict[str, BotFactory], dict[str, MissingExtraError]]:
    """Every bot ``game`` can seat, by name (a game's own before the game-agnostic), and
    the declared ones that need a missing extra."""
    get_game(game)  # loads the game's package, which registers its own bots
    declared, missing = _declared(game)
    found = {name: factory for (name, g), factory in _BOTS.items() if g is None}
    found.update(declared)
    for source in _SOURCES:
        found.update(source(game))
    found.update({name: factory for (name, g), factory in _BOTS.items() if g == game})
    return found, missing


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:key=value,...`` into the name and typed parameters."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, sep, raw = part.partition("=")
        if not sep:
            raise BotSpecError(f"bot parameter {part!r} in {spec!r} must be key=value")
        params[key.strip()] = _parse_value(raw.strip())
    return name, params


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of bot specs, keeping each spec's own parameters.

    ``ismcts:iterations=400,c=1.4,random`` is two specs: a part that is only
    ``key=value`` continues the spec before it.
    """
    specs: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def _parse_value(raw: str) -> Any:
    for convert in (int, float):
        try:
            return convert(raw)
        except ValueError:
            pass
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    return raw


def bot_names(game: str) -> list[str]:
    """The bots ``game`` can seat: the game-agnostic ones and the game's own (a declared
    bot whose library is missing among them: building it says what to install)."""
    found, missing = _factories(game)
    return sorted({*found, *missing})


#: The bot a command seats when none is named (``simulate``, ``play``), and the one
#: that plays an idle person's turn at a server's table: each game's own.
DEFAULT_BOT = "heuristic"


def default_bot(game: str) -> tuple[str, str | None]:
    """The bot that stands in for ``game``, and a note when it is only random play.

    ``simulate`` and ``play`` seat it when no bot is named, and a server plays an idle
    person's turn with it. A game without a heuristic of its own (one added from another
    package, say) gets random players, and the note says so.
    """
    if DEFAULT_BOT in bot_names(game):
        return DEFAULT_BOT, None
    title = get_game(game).title
    return "random", f"{title} has no {DEFAULT_BOT} bot yet, so the bots play at random."


def make_bot(spec: str, game: str, seed: int | None = None) -> Bot:
    """Build the bot that ``spec`` names, for ``game``."""
    found, missing = _factories(game)
    name, params = parse_spec(spec)
    factory = found.get(name)
    if factory is None and name in missing:
        raise missing[name]
    if factory is None:
        raise BotSpecError(f"unknown bot {name!r} for {game} (known: {', '.join(bot_names(game))})")
    accepted = [p for p in inspect.signature(factory).parameters if p != "seed"]
    unknown = [p for p in params if p not in accepted]
    if unknown:
        named = ("parameter " if len(unknown) == 1 else "parameters ") + ", ".join(
            map(repr, unknown)
        )
        known = ", ".join(accepted) or "none"
        raise BotSpecError(f"bot {name!r} has no {named} (its parameters: {known})")
    try:
        return factory(seed=seed, **params)
    except CardtableError:
        raise
    except (TypeError, ValueError) as exc:  # a value its constructor could not convert
        raise BotSpecError(f"bad parameters for bot {name!r}: {exc}") from None

"""Named bot levels: ``easy``, ``normal``, ``hard`` and ``expert`` in every game.

A person choosing an opponent wants a level, not a search configuration. Each level
is a bot spec like any other (``make_bot("hard", game, seed)``) that stands for a
detailed spec, the same ladder of bots in every game:

- ``easy``: the game's heuristic with many human-like mistakes (``slip``: a careless
  move in place of the sensible one 20-30% of the time, half of the optional chances
  such as a quick discard missed);
- ``normal``: the heuristic with a few (10-15% careless moves, 20% of chances
  missed); both stay within their game's bounds (``cardtable.bots.slip``), so that
  their mistakes are a person's, not absurd ones: no Cactus call before the third
  turn of a round or on a layout believed high, no Skyjo round ended showing more
  than 20 points while another move is possible;
- ``hard``: the heuristic itself, which never slips;
- ``expert``: the strongest bot we have whose move stays well under a second on one
  core: the information-set search with the game's best measured settings and an
  iteration budget (not a time budget, so that its play depends on its seed alone,
  whatever the machine's load; docs/research/bot-strength.md has the measurements).

Each game declares what its levels stand for (``GameLevels``, the ``cardtable.bot_levels``
entry-point group); a game that declares none offers no levels.

Each level also has a human-like timing (``cardtable.bots.timing``) that the server
waits on before a level's move; simulations and the ladder play at full speed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from functools import partial

from cardtable.engine.plugins import plugin

from .base import Bot, BotFactory, make_bot, register_source
from .timing import HumanTiming

#: The levels, weakest first.
LEVELS = ("easy", "normal", "hard", "expert")

#: The entry-point group under which a game declares its levels: an entry named by the
#: game, naming its ``GameLevels`` (``mygame = "mygame.bot_settings:LEVELS"``).
LEVEL_GROUP = "cardtable.bot_levels"


@dataclass(frozen=True)
class GameLevels:
    """What the levels stand for in one game.

    The mistakes that make the two lower levels are the game's ``slip`` parameters: a
    careless move costs more in one game than in another (in Cactus it may call the
    round or throw a card that does not match; in Last Card most legal cards are nearly
    as good as the best), so each game has its own rates, set so that every level lands
    well between its neighbours on the ladder at 2 and at 4 players (docs/bots.md).
    """

    #: ``slip`` parameters of ``easy`` and ``normal`` (``{"easy": "rate=0.2,miss=0.5"}``).
    slips: Mapping[str, str]
    #: The game's strongest search at its budget (its settings measured best).
    expert: str


def game_levels(game: str) -> GameLevels | None:
    """``game``'s levels as its entry declares them; None for a game without levels."""
    return plugin(LEVEL_GROUP, game, GameLevels)


#: What a person is told about each level when choosing an opponent.
SUMMARIES = {
    "easy": "makes plenty of careless moves and often misses a chance",
    "normal": "plays sensibly, with the odd slip",
    "hard": "plays the game's best rules of thumb, without slips",
    "expert": "searches ahead from what it has seen; the strongest bot",
}

#: How long each level takes over a move and to react in a timed window.
TIMINGS = {
    "easy": HumanTiming(think=2.6, react=1.6),
    "normal": HumanTiming(think=2.0, react=1.2),
    "hard": HumanTiming(think=1.6, react=0.9),
    "expert": HumanTiming(think=1.3, react=0.7),
}


@dataclass(frozen=True)
class BotChoice:
    """One level as a lobby or a terminal offers it."""

    spec: str
    title: str
    summary: str
    #: The detailed bot spec the level stands for.
    plays_as: str

    def to_json(self) -> dict[str, str]:
        return asdict(self)


def level_spec(level: str, game: str) -> str:
    """The detailed bot spec that ``level`` stands for in ``game`` (one with levels)."""
    levels = game_levels(game)
    if levels is None:
        raise KeyError(f"{game} declares no {LEVEL_GROUP} entry")
    if level in levels.slips:
        return f"slip:base=heuristic,{levels.slips[level]}"
    if level == "hard":
        return "heuristic"
    return levels.expert


def bot_choices(game: str) -> list[BotChoice]:
    """The levels offered for ``game``, weakest first (none for a game without them)."""
    if game_levels(game) is None:
        return []
    return [
        BotChoice(level, level.capitalize(), SUMMARIES[level], level_spec(level, game))
        for level in LEVELS
    ]


def timing_for(spec: str) -> HumanTiming | None:
    """The human-like timing of a level's spec; None for any other bot."""
    return TIMINGS.get(spec.strip())


def _build(level: str, game: str, seed: int | None = None) -> Bot:
    return make_bot(level_spec(level, game), game, seed)


def _level_bots(game: str) -> dict[str, BotFactory]:
    """Every level as a bot of ``game``, if it declares levels."""
    if game_levels(game) is None:
        return {}
    return {level: partial(_build, level, game) for level in LEVELS}


def register_levels() -> None:
    """Make the levels bots of every game that declares them."""
    register_source(_level_bots)

"""Named bot levels: ``easy``, ``normal``, ``hard`` and ``expert`` in every game.

A person choosing an opponent wants a level, not a search configuration. Each level
is a bot spec like any other (``make_bot("hard", "skyjo", seed)``) that stands for a
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

Each level also has a human-like timing (``cardtable.bots.timing``) that the server
waits on before a level's move; simulations and the ladder play at full speed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import partial

from .base import Bot, make_bot, register_bot
from .timing import HumanTiming

#: The levels, weakest first.
LEVELS = ("easy", "normal", "hard", "expert")

#: The mistakes that make the two lower levels: each game's ``slip`` parameters. A
#: careless move costs more in one game than in another (in Cactus it may call the
#: round or throw a card that does not match; in Last Card most legal cards are nearly
#: as good as the best), so each game has its own rates, set so that every level lands
#: well between its neighbours on the ladder at 2 and at 4 players (docs/bots.md).
SLIPS = {
    "cactus": {"easy": "rate=0.2,miss=0.5", "normal": "rate=0.1,miss=0.2"},
    "skyjo": {"easy": "rate=0.3,miss=0.5", "normal": "rate=0.1,miss=0.2"},
    "lastcard": {"easy": "rate=0.3,miss=0.5", "normal": "rate=0.15,miss=0.2"},
}

#: Each game's strongest search at its budget (the settings measured best per game).
EXPERT_SPECS = {
    "cactus": "ismcts:iterations=400,rollout=greedy,base=heuristic,z=1",
    "skyjo": "ismcts:iterations=400,rollout=greedy,base=heuristic",
    "lastcard": "ismcts:iterations=1000,rollout=heuristic,z=0.5",
}

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
    """The detailed bot spec that ``level`` stands for in ``game``."""
    slips = SLIPS[game]
    if level in slips:
        return f"slip:base=heuristic,{slips[level]}"
    if level == "hard":
        return "heuristic"
    return EXPERT_SPECS[game]


def bot_choices(game: str) -> list[BotChoice]:
    """The levels offered for ``game``, weakest first (none for a game without them)."""
    if game not in EXPERT_SPECS:
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


def register_levels() -> None:
    """Register every level as a bot of every game that has levels."""
    for game in EXPERT_SPECS:
        for level in LEVELS:
            register_bot(level, partial(_build, level, game), game=game)

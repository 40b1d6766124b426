"""What a new table may ask for: bots whose cost the server bounds, option values that
end a match.

An unauthenticated client chooses a table's bots and rules, so both decide how much of
the server the table can take: a search bot with an hour per move, a hundred worker
processes, or a match to a billion rounds would hold the bot pool or run for ever.
The limits come from ``ServerConfig``; a refusal names the limit and how high it is.
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.base import BotSpecError, Budget, make_bot
from cardtable.engine.errors import OptionError
from cardtable.engine.registry import GameSpec

from .config import ServerConfig


def check_bot(spec: str, game: str, config: ServerConfig) -> None:
    """Raise ``BotSpecError`` unless bot ``spec`` can play ``game`` within the limits.

    Every spec goes through here, whichever module registers its bot: the bot's
    declared ``budget`` is held to the limits, a search must bound itself by time or
    iterations, and a bot consulted many times within a decision (a search's rollout
    policy) must not search itself, since its cost would multiply.
    """
    bot = make_bot(spec, game)
    bot.check_parts(game)
    check_budget(spec, bot.budget(), config)
    for inner in bot.inner_bots(game):
        if inner.budget().searches:
            raise BotSpecError(
                f"bot {spec!r} searches with another search inside it;"
                " this server allows only searches whose rollouts do not search"
            )


def check_budget(spec: str, budget: Budget, config: ServerConfig) -> None:
    """Raise ``BotSpecError`` if one decision of ``budget`` is over the server's limits."""
    if budget.searches and budget.seconds is None and budget.iterations is None:
        raise BotSpecError(f"bot {spec!r} searches without a bound on its time or iterations")
    if budget.workers > config.bot_max_workers:
        raise BotSpecError(
            f"bot {spec!r} asks for {budget.workers} processes a decision;"
            f" this server allows at most {config.bot_max_workers}"
        )
    if budget.seconds is not None and budget.seconds * 1000 > config.bot_max_ms:
        raise BotSpecError(
            f"bot {spec!r} asks for {budget.seconds * 1000:g} ms a decision;"
            f" this server allows at most {config.bot_max_ms:g}"
        )
    if budget.iterations is not None and budget.iterations > config.bot_max_iterations:
        raise BotSpecError(
            f"bot {spec!r} asks for {budget.iterations} iterations a decision;"
            f" this server allows at most {config.bot_max_iterations}"
        )


def option_ceilings(game: GameSpec, factor: int) -> dict[str, int]:
    """The highest value the server accepts for each integer option the game leaves
    without a maximum: ``factor`` times its default, or ``factor`` when it has none."""
    out = {}
    for option in game.options_type.describe():
        if not option["type"].startswith("int") or option.get("max") is not None:
            continue
        default = option.get("default")
        out[option["name"]] = (
            factor * default if isinstance(default, int) and default > 0 else factor
        )
    return out


def check_options(game: GameSpec, options: dict[str, Any], factor: int) -> None:
    """Raise ``OptionError`` if an integer option is above the server's ceiling."""
    for name, ceiling in option_ceilings(game, factor).items():
        value = options.get(name)
        if isinstance(value, int) and value > ceiling:
            raise OptionError(f"option {name} may be at most {ceiling} on this server, got {value}")

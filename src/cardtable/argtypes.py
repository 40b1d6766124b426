"""What the subcommands' options share: value types, common arguments, a help that
shows defaults.

The value types refuse a bad number up front, naming the problem: argparse turns the
``ArgumentTypeError`` into ``argument --games: must be a whole number from 1, got '0'``
and exit status 2, before any work starts.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """A type for a whole number from ``minimum`` (up to ``maximum`` if given)."""
    span = f"from {minimum}" if maximum is None else f"from {minimum} to {maximum}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"must be a whole number {span}, got {text!r}")
        return value

    return parse


class DefaultsShownFormatter(argparse.HelpFormatter):
    """Ends each option's help with ``(default: ...)`` unless its text already says it.

    Flags (default off), options with no value by default and repeatable options
    (default none) have nothing to show, so their text stands alone.
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if "default" in text or default in (None, argparse.SUPPRESS, []) or default is False:
            return text
        return f"{text} (default: %(default)s)"


def add_game_and_rule_options(parser: argparse.ArgumentParser) -> None:
    """The arguments of every command that sets up matches: the game and its rules."""
    parser.add_argument("game", help="the game's name (see `cardtable games`)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, repeatable (default: the game's own; see `cardtable games`)",
    )

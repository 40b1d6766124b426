"""Settings of ``cardtable serve`` from environment variables, ``CARDTABLE_<OPTION>``.

A password on the command line (in a ``--db`` or ``--redis`` URL) is readable by every
user of the machine through ``ps``; the environment of a service is not. So every option
of ``serve`` may come from the variable named after it: ``--db`` from ``CARDTABLE_DB``,
``--forwarded-allow-ips`` from ``CARDTABLE_FORWARDED_ALLOW_IPS``, and so on
(``variable``). The command line wins over the environment. An option that may be given
several times (``--limit``, ``--site-origin``, ``--allowed-host``) takes a list separated
by commas or spaces, and the command line's values come after it; a flag (``--durable``)
takes ``1``, ``true``, ``yes`` or ``on`` (or ``0``, ``false``, ``no``, ``off``).

A value is checked as its option's would be, but only when the command runs, so that
``--help`` works whatever the environment holds; a bad one is refused in one line that
names the variable. ``--help`` names each option's variable and shows none of their
values (they may hold passwords).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .config import ServerSetupError

PREFIX = "CARDTABLE_"
TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


def variable(action: argparse.Action) -> str:
    """The environment variable of an option: ``--bot-delay`` -> ``CARDTABLE_BOT_DELAY``."""
    return PREFIX + action.option_strings[-1].lstrip("-").upper().replace("-", "_")


@dataclass(frozen=True)
class FromEnvironment:
    """An option's value taken from ``name``, read when the command runs (``resolve``)."""

    name: str
    raw: str
    convert: Callable[[str], Any]

    def value(self) -> Any:
        try:
            return self.convert(self.raw)
        except (ValueError, TypeError, argparse.ArgumentTypeError) as exc:
            raise ServerSetupError(f"{self.name}: {exc}") from None

    def __str__(self) -> str:  # what --help shows as the default
        return f"${self.name}"


def settable(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options of ``parser`` that a variable may set (all but ``--help``)."""
    return [
        action
        for action in parser._actions
        if action.option_strings and not isinstance(action, argparse._HelpAction)
    ]


def from_environment(parser: argparse.ArgumentParser, environ: Mapping[str, str]) -> None:
    """Make each option of ``parser`` default to its variable where that is set, and
    name the variable in its help."""
    for action in settable(parser):
        name = variable(action)
        action.help = f"{action.help or ''} [{name}]".strip()
        if name not in environ:
            continue
        raw = environ[name]
        if isinstance(action, argparse._AppendAction):
            action.default = [item for item in re.split(r"[,\s]+", raw.strip()) if item]
        elif isinstance(action, argparse._StoreTrueAction):
            action.default = FromEnvironment(name, raw, flag)
        else:
            action.default = FromEnvironment(name, raw, converter(action))


def converter(action: argparse.Action) -> Callable[[str], Any]:
    """What makes an option's value of a variable's text, as argparse would."""
    kind: Callable[[str], Any] = action.type if callable(action.type) else str
    choices = action.choices

    def convert(raw: str) -> Any:
        try:
            value = kind(raw)
        except ValueError:
            raise ValueError(
                f"not a valid value for {action.option_strings[-1]}: {raw!r}"
            ) from None
        if choices is not None and value not in choices:
            raise ValueError(f"must be one of {', '.join(map(str, choices))}, not {raw!r}")
        return value

    return convert


def flag(raw: str) -> bool:
    """The value of a flag's variable."""
    if raw.strip().lower() in TRUE:
        return True
    if raw.strip().lower() in FALSE:
        return False
    raise ValueError(f"must be one of {', '.join(TRUE + FALSE)}, not {raw!r}")


def resolve(args: argparse.Namespace) -> None:
    """Replace every value still to be read from a variable with that value."""
    for key, value in vars(args).items():
        if isinstance(value, FromEnvironment):
            setattr(args, key, value.value())

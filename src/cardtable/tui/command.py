"""``cardtable play``: a match in the terminal, you against bots."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from cardtable.argtypes import add_game_and_rule_options
from cardtable.bots.base import default_bot, split_specs
from cardtable.engine.registry import get_game

from .renderer import renderer_for
from .session import Session, SessionError

if TYPE_CHECKING:
    from .app import PlayApp


def add_play_command(sub: Any) -> None:
    """Add the ``play`` subcommand to the ``cardtable`` command's subparsers."""
    p = sub.add_parser("play", help="play a match in the terminal against bots")
    add_game_and_rule_options(p)
    p.add_argument("--players", type=int, default=2, help="players, you included")
    p.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot specs: one for every bot seat, or one per bot seat; "
        "a level (easy, normal, hard, expert) or a detailed spec (default: each game's "
        "heuristic, the same as hard, as for `cardtable simulate`)",
    )
    p.add_argument("--seed", type=int, default=None, help="replay a match (default: a new one)")
    p.add_argument(
        "--seat",
        type=int,
        default=0,
        help="your seat index, from 0 as in match records (the screen counts seats from 1)",
    )
    p.add_argument("--delay", type=float, default=0.6, help="seconds between bot moves")
    p.set_defaults(func=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    build_app(args).run()
    return 0


def build_app(args: argparse.Namespace) -> PlayApp:
    """The app for the parsed ``play`` arguments (bad arguments raise before any drawing)."""
    from .app import PlayApp  # textual loads only when a match is played

    if args.delay < 0:
        raise SessionError(f"--delay must not be negative, got {args.delay}")
    renderer = renderer_for(get_game(args.game).name)
    notes: list[str] = []
    if args.bots is None:
        spec, note = default_bot(args.game)
        specs = [spec]
        notes += [note] if note else []
    else:
        specs = split_specs(args.bots)
    options = get_game(args.game).options_type.from_strings(args.option)
    session = Session.start(args.game, args.players, args.seat, specs, args.seed, options.to_dict())
    return PlayApp(session, renderer, delay=args.delay, notes=notes)

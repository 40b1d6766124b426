"""The ``cardtable`` command."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from cardtable.argtypes import whole
from cardtable.bots.base import split_specs
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import games, get_game
from cardtable.server import add_serve_command
from cardtable.sim.ladder import add_ladder_command
from cardtable.sim.tournament import add_tournament_command
from cardtable.tui import add_play_parser


def _options(game: str, pairs: Sequence[str]) -> dict[str, object]:
    return get_game(game).options_type.from_strings(pairs).to_dict()


def cmd_games(args: argparse.Namespace) -> int:
    data = [g.describe() for g in games()]
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    for g in data:
        print(f"{g['name']}: {g['title']}, {g['min_players']}-{g['max_players']} players")
        for opt in g["options"]:
            print(f"  {opt['name']} ({opt['type']}, default {opt['default']}): {opt['help']}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cardtable.sim.progress import match_progress
    from cardtable.sim.simulate import simulate

    title = get_game(args.game).title
    with match_progress(args.games, f"{title} matches", quiet=args.json) as advance:
        summary = simulate(
            args.game,
            args.players,
            args.games,
            args.seed,
            split_specs(args.bots),
            _options(args.game, args.option),
            workers=args.workers,
            progress=advance,
        )
    if args.json:
        print(json.dumps(summary.to_json()))
        print(summary.throughput(), file=sys.stderr)
    else:
        print(summary.table())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable", description="Cactus, Skyjo and Last Card: engine, bots, play."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games and their rule options")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("simulate", help="play many matches between bots and summarize")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="random", help="comma-separated bot specs, by seat")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--workers", type=whole(1), default=1)
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.set_defaults(func=cmd_simulate)

    add_tournament_command(sub)
    add_ladder_command(sub)
    add_play_parser(sub)
    add_serve_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CardtableError as exc:
        print(f"cardtable: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as command-line tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())

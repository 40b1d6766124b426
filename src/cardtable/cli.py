"""The ``cardtable`` command."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from cardtable.argtypes import DefaultsShownFormatter, add_game_and_rule_options, whole
from cardtable.bots.base import default_bot, split_specs
from cardtable.coach import add_analyse_command
from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import games, get_game
from cardtable.server import add_serve_command
from cardtable.server.players.admin import add_admin_command
from cardtable.sim.ladder import add_ladder_command
from cardtable.sim.merge import add_merge_command
from cardtable.sim.slices import add_slice_arguments, part_of
from cardtable.sim.tournament import add_tournament_command
from cardtable.tui import add_play_command


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
    if args.bots is None:
        spec, note = default_bot(args.game)
        bots = [spec]
        if note:
            print(note, file=sys.stderr)
    else:
        bots = split_specs(args.bots)
    part = part_of(args)
    first, end = part.bounds(args.games)
    with match_progress(end - first, f"{title} matches", quiet=args.json) as advance:
        summary = simulate(
            args.game,
            args.players,
            args.games,
            args.seed,
            bots,
            _options(args.game, args.option),
            workers=args.workers,
            progress=advance,
            ray=args.ray,
            part=part,
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
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("simulate", help="play many matches between bots and summarize")
    add_game_and_rule_options(p)
    p.add_argument("--players", type=int, default=2, help="seats at the table")
    p.add_argument("--games", type=int, default=100, help="matches to play")
    p.add_argument("--seed", type=int, default=1, help="the run's seed: same seed, same results")
    p.add_argument(
        "--bots",
        default=None,
        help="comma-separated bot specs by seat, cycled over the seats "
        "(default: each game's heuristic, as for `cardtable play`)",
    )
    p.add_argument("--workers", type=whole(1), default=1, help="processes playing matches")
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    add_slice_arguments(p)
    p.set_defaults(func=cmd_simulate)

    add_tournament_command(sub)
    add_ladder_command(sub)
    add_merge_command(sub)
    add_play_command(sub)
    add_serve_command(sub)
    add_admin_command(sub)
    add_analyse_command(sub)
    for command in sub.choices.values():
        command.formatter_class = DefaultsShownFormatter
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

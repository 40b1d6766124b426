"""How long the rounds a person plays against each bot level last, and how they end.

A round that a bot ends on its first or second turn, or a Skyjo round that a bot
finishes showing 40 points, is no mistake a person would make: it makes the match
short and its result a matter of chance. This script plays ``--matches`` whole matches
per level at ``--players`` seats: the level in every seat but one, and the remaining
seat (standing for the person, played by ``--person``, the sensible ``hard`` by
default) rotated round the table from match to match. For each level it prints the
round lengths in turns a seat (the table's turns over the players: min, quartiles,
max, and the share of rounds under 5 turns a seat), and how the level's seats ended
them: in Cactus the share of their calls made before the caller's third turn, in
Skyjo the total they showed when they finished and how often they were doubled.

``--levels`` takes any bot specs, so the unbounded slips of the lower levels can be
watched beside the levels themselves (``slip:...,bounded=false``). Answers are in
docs/bots.md ("How long the rounds last"); the deals and bots follow from ``--seed``.

    nice .venv/bin/python research/round_lengths.py cactus --matches 60
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass, field

from cardtable.bots.base import make_bot, split_specs
from cardtable.engine.registry import make
from cardtable.engine.state import derive_seed
from cardtable.games.skyjo.state import NO_SEAT

#: The actions that begin a turn, in the games whose turns this script counts.
TURN_KINDS = {
    "cactus": frozenset(("draw", "take_discard", "call_cactus")),
    "skyjo": frozenset(("draw", "take_discard")),
}
#: A round shorter than this many turns a seat counts as a short one.
SHORT = 5


@dataclass
class Rounds:
    """What the rounds of one level's matches came to."""

    #: Turns a seat of each round.
    lengths: list[float] = field(default_factory=list)
    matches: int = 0
    #: Cactus: the caller's own turn at each call.
    call_turns: list[int] = field(default_factory=list)
    #: Skyjo: the total a seat of the level showed when it finished a round, and how
    #: many of those finishes were doubled.
    finish_totals: list[int] = field(default_factory=list)
    doubled: int = 0


def play(
    game: str, players: int, level: str, person: str, match: int, seed: int, out: Rounds
) -> None:
    """Play one match of ``level`` with ``person`` in seat ``match % players``."""
    state = make(game, players, derive_seed(seed, match, "match"))
    rotated = match % players
    specs = [person if seat == rotated else level for seat in range(players)]
    bots = [
        make_bot(spec, game, derive_seed(seed, match, "bot", seat))
        for seat, spec in enumerate(specs)
    ]
    order = random.Random(derive_seed(seed, match, "order"))
    kinds = TURN_KINDS[game]
    turns = 0
    finisher = NO_SEAT
    while not state.is_over:
        seats = state.to_act
        seat = seats[0] if len(seats) == 1 else seats[order.randrange(len(seats))]
        action = bots[seat].act(state, seat)
        if action.kind in kinds:
            turns += 1
        if action.kind == "call_cactus" and seat != rotated:
            out.call_turns.append((state.turn_number - 1) // players + 1)  # type: ignore[attr-defined]
        rounds = len(state.round_scores)
        state.apply(seat, action)
        if game == "skyjo" and finisher == NO_SEAT and state.finisher == seat != rotated:  # type: ignore[attr-defined]
            finisher = seat
            out.finish_totals.append(state.layout_score(seat))  # type: ignore[attr-defined]
        if len(state.round_scores) > rounds:
            out.lengths.append(turns / players)
            turns = 0
            if finisher != NO_SEAT:
                out.doubled += state.round_scores[-1][finisher] != out.finish_totals[-1]
                finisher = NO_SEAT
    out.matches += 1


def row(level: str, game: str, rounds: Rounds) -> str:
    """One level's line of the table (Markdown)."""
    lengths = sorted(rounds.lengths)
    q1, median, q3 = statistics.quantiles(lengths, n=4, method="inclusive")
    short = sum(n < SHORT for n in lengths) / len(lengths)
    cells = [
        f"`{level}`",
        str(len(lengths)),
        f"{len(lengths) / rounds.matches:.1f}",
        f"{lengths[0]:.1f}",
        f"{q1:.1f}",
        f"{median:.1f}",
        f"{q3:.1f}",
        f"{lengths[-1]:.1f}",
        f"{100 * short:.0f}%",
    ]
    if game == "cactus":
        early = sum(turn < 3 for turn in rounds.call_turns)
        cells.append(f"{100 * early / max(1, len(rounds.call_turns)):.0f}%")
    else:
        finished = sorted(rounds.finish_totals)
        cells += [
            f"{statistics.median(finished):.0f}",
            str(finished[-1]),
            f"{100 * rounds.doubled / len(finished):.0f}%",
        ]
    return "| " + " | ".join(cells) + " |"


def header(game: str) -> str:
    """The table's head (Markdown)."""
    cells = ["level", "rounds", "a match", "min", "Q1", "median", "Q3", "max"]
    cells.append(f"under {SHORT}")
    if game == "cactus":
        cells.append("level's calls before the caller's 3rd turn")
    else:
        cells += ["level's finishing total (median)", "(max)", "doubled"]
    return "| " + " | ".join(cells) + " |\n|" + "---|" * len(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(TURN_KINDS))
    parser.add_argument("--matches", type=int, default=60, help="whole matches a level")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard", help="bot specs, comma-separated")
    parser.add_argument("--person", default="hard", help="the bot in the rotated seat")
    args = parser.parse_args()
    print(
        f"{args.matches} matches a level, {args.players} players, seed {args.seed}; "
        f"round lengths in turns a seat, `{args.person}` in the rotated seat"
    )
    print(header(args.game))
    for level in split_specs(args.levels):
        rounds = Rounds()
        for match in range(args.matches):
            play(args.game, args.players, level, args.person, match, args.seed, rounds)
        print(row(level, args.game, rounds), flush=True)


if __name__ == "__main__":
    main()

"""Where Cactus's search leaves the heuristic's move, and what that is worth.

Run: ``.venv/bin/python research/cactus_departures.py [--games 200] [--first 0]
[--playouts 100] [--search SPEC] [--workers 2]``. It plays 2-player single rounds of
the search (``--search``, by default the configuration of the tournament rows in
docs/research/bot-strength.md) against the heuristic, seats alternating, and notes
every decision at which the search chose otherwise than a heuristic in its seat
would have. Each such departure is then valued on the round's true cards: from that
position both moves are played out ``--playouts`` times with the heuristic in both
seats, on the same shuffles of the draw pile (which nobody has seen) and the same
luck, and the departure's value is the searching seat's mean wins after its own move
less those after the heuristic's.

Summed along the rounds the search played, those values add up, in expectation, to
what it won beyond the heuristic's 50% against itself (the performance difference
identity: one policy's gain over another is the other's advantage of its choices,
summed along its own play). The script prints both, so the split of the values by
kind of decision shows where the search's edge comes from. The search needs a core
to itself for its time budget: ``--workers`` processes play the rounds side by side.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from statistics import mean, stdev

from cactus_rounds import play_rounds
from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.games.cactus.state import PHASES, CactusState
from cardtable.sim.stats import wilson_interval

SEARCH = "ismcts:ms=200,rollout=greedy,base=heuristic,z=1"
#: One departure: its round, the position, the seat, the heuristic's and the search's moves.
Departure = tuple[int, CactusState, int, Action, Action]


class Departures(Bot):
    """Plays as ``search`` does, noting each decision where ``shadow`` (the heuristic)
    would have chosen otherwise."""

    def __init__(self, game: int, search: Bot, shadow: Bot, noted: list[Departure]) -> None:
        super().__init__()
        self.game, self.search, self.shadow, self.noted = game, search, shadow, noted

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, CactusState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        usual = self.shadow.act(state, seat)
        chosen = self.search.act(state, seat)
        if chosen != usual:
            self.noted.append((self.game, state.clone(), seat, usual, chosen))
        return chosen


def play(spec: str, games: range) -> tuple[list[Departure], list[float]]:
    """Play the rounds ``games``; the departures noted and the search's win per round."""
    noted: list[Departure] = []
    wins: list[float] = []

    def seats(game: int) -> list[Bot]:
        searcher = Departures(
            game,
            make_bot(spec, "cactus", game),
            make_bot("heuristic", "cactus", game),
            noted,
        )
        other = make_bot("heuristic", "cactus", game + 1)
        return [searcher, other] if game % 2 == 0 else [other, searcher]

    def finished(game: int, state: State) -> None:
        wins.append(win(state.round_scores[0], game % 2))

    play_rounds(games, seats, finished)
    return noted, wins


def outcome(state: CactusState, seat: int, action: Action, luck: int, bot: Bot) -> float:
    """The seat's win (a tie half) after ``action`` and the heuristic's play, on a
    shuffle of the draw pile given by ``luck``."""
    world = state.clone(luck)
    random.Random(luck).shuffle(world.draw_pile)
    world.apply(seat, action)
    bot.playout(world, luck)
    return win(world.round_scores[-1], seat)


def win(scores: list[int], seat: int) -> float:
    """The seat's win in a 2-player round with these scores (a tie counts half)."""
    mine, theirs = scores[seat], scores[1 - seat]
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def value(departure: Departure, playouts: int) -> float:
    """The departure's value: the search's move less the heuristic's, paired playouts."""
    _, state, seat, usual, chosen = departure
    bot = make_bot("heuristic", "cactus", 0)
    return mean(
        outcome(state, seat, chosen, luck, bot) - outcome(state, seat, usual, luck, bot)
        for luck in range(playouts)
    )


def kind(departure: Departure) -> str:
    """A kind of decision: its phase, then the heuristic's move and the search's."""
    _, state, _, usual, chosen = departure
    return f"{PHASES[state.phase]}: {type(usual).__name__} -> {type(chosen).__name__}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first round's deal")
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--search", default=SEARCH)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    end = args.first + args.games
    shares = [range(args.first + w, end, args.workers) for w in range(args.workers)]
    with ProcessPoolExecutor(args.workers) as pool:
        played = list(pool.map(play, [args.search] * args.workers, shares))
        departures = [d for noted, _ in played for d in noted]
        wins = [w for _, share in played for w in share]
        playouts = [args.playouts] * len(departures)
        worth = list(pool.map(value, departures, playouts, chunksize=8))
    per_round: dict[int, float] = defaultdict(float)
    for departure, v in zip(departures, worth, strict=True):
        per_round[departure[0]] += v
    games = len(wins)
    spread = stdev([per_round[g] for g in range(args.first, end)]) / games**0.5
    rate = sum(wins) / games
    low, high = wilson_interval(sum(wins), games)
    print(f"{games} rounds of {args.search} against the heuristic")
    print(f"search wins {100 * rate:.1f}% ({100 * low:.1f}-{100 * high:.1f})")
    print(
        f"{len(departures)} departures ({len(departures) / games:.2f} a round), "
        f"worth {sum(worth) / games:+.3f} wins a round on the true cards "
        f"(standard error {spread:.3f}) "
        f"(the search's wins beyond 50%: {rate - 0.5:+.3f})"
    )
    by_kind: dict[str, list[float]] = defaultdict(list)
    for departure, v in zip(departures, worth, strict=True):
        by_kind[kind(departure)].append(v)
    print(f"\n{'kind of decision':52s} count  mean value  a round")
    for name, vs in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
        print(f"{name:52s} {len(vs):5d}  {mean(vs):+10.3f}  {sum(vs) / games:+7.3f}")


if __name__ == "__main__":
    main()

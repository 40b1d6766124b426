"""Where a Cactus bot wins and loses its rounds: by who calls Cactus, and when.

Run: ``.venv/bin/python research/cactus_calls.py [--games 4000] [--bot heuristic]
[--against random]``. It plays 2-player single rounds, the bot in seat 0 of the even
rounds and seat 1 of the odd ones, and sorts them by the bot's seat, who called and
on which of the caller's own turns. For each kind of round it prints how many there
were, the bot's win rate in them (a tie counts half) and the points of the bot's
overall win rate lost there. Against ``random``, which calls on a third to half of its
turns, this shows how much of the loss comes from rounds the other player ends
before the bot can do much (``docs/research/bot-strength.md``, why the Cactus
heuristic stops near 84-85% against random).
"""

from __future__ import annotations

import argparse
from collections import Counter

from cactus_rounds import play_rounds
from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.games.cactus.actions import CALL_CACTUS
from cardtable.games.cactus.state import TURN

#: A kind of round: the bot's seat, who called ("bot", "other", "nobody") and the
#: caller's turn ("4+" from the fourth on).
Kind = tuple[str, str, str]


class CallWatch(Bot):
    """Plays as ``inner`` does, counting its own turns and noting the one it calls on."""

    def __init__(self, inner: Bot) -> None:
        super().__init__()
        self.inner = inner
        self.turns = 0
        self.called_on: int | None = None

    def act(self, state: State, seat: int) -> Action:
        action = self.inner.act(state, seat)
        if state.phase == TURN:
            self.turns += 1
            if action == CALL_CACTUS:
                self.called_on = self.turns
        return action


def measure(bot: str, against: str, games: int) -> tuple[Counter[Kind], Counter[Kind]]:
    """Rounds and the bot's wins (ties half) for each kind of round."""
    rounds: Counter[Kind] = Counter()
    wins: Counter[Kind] = Counter()
    watches: list[CallWatch] = []

    def seats(game: int) -> list[Bot]:
        players = [make_bot(bot, "cactus", game * 7), make_bot(against, "cactus", game * 7 + 1)]
        if game % 2:
            players.reverse()
        watches[:] = [CallWatch(p) for p in players]
        return watches

    def finished(game: int, state: State) -> None:
        me = game % 2
        mine, theirs = state.round_scores[-1][me], state.round_scores[-1][1 - me]
        caller, turn = "nobody", "-"
        for seat, watch in enumerate(watches):
            if watch.called_on is not None:
                caller = "bot" if seat == me else "other"
                turn = str(watch.called_on) if watch.called_on < 4 else "4+"
        kind = ("first" if me == 0 else "second", caller, turn)
        rounds[kind] += 1
        wins[kind] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0

    play_rounds(games, seats, finished)
    return rounds, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--against", default="random")
    args = parser.parse_args()
    rounds, wins = measure(args.bot, args.against, args.games)
    total = sum(rounds.values())
    print(
        f"{total} rounds of {args.bot} against {args.against}: {args.bot} wins "
        f"{100 * sum(wins.values()) / total:.1f}%"
    )
    print("bot's seat  caller  caller's turn  rounds  share  bot wins  points lost")
    for kind in sorted(rounds):
        n, won = rounds[kind], wins[kind]
        print(
            f"{kind[0]:10s}  {kind[1]:6s}  {kind[2]:>13s}  {n:6d}  {100 * n / total:4.1f}%"
            f"  {100 * won / n:7.1f}%  {100 * (n - won) / total:11.2f}"
        )


if __name__ == "__main__":
    main()

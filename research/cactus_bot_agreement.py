"""How often a Cactus bot chooses what another would, on the other's own games.

Run: ``.venv/bin/python research/cactus_bot_agreement.py [--games 300] [--bot greedy]
[--reference heuristic]``. It plays 2-player single rounds between two copies of the
reference bot and, at every decision with more than one legal action, asks the bot
what it would do there. It prints the share of decisions where the two agree, for
each phase and overall, and the most frequent disagreements. A rollout policy is a
model of the play it stands for: a search's playouts are only as telling as that
model, which is what this measures (``docs/research/bot-strength.md``, Cactus
greedy).
"""

from __future__ import annotations

import argparse
from collections import Counter

from cactus_rounds import play_rounds
from cardtable.bots.base import Bot, make_bot
from cardtable.engine.actions import Action
from cardtable.engine.state import State
from cardtable.games.cactus.state import PHASES, CactusState

#: Decisions and agreements per phase, and each (phase, reference's, bot's) miss.
Tally = tuple[Counter[str], Counter[str], Counter[tuple[str, str, str]]]


class Compared(Bot):
    """Plays as ``reference`` does, asking ``other`` at each real choice what it would
    have done, and tallying per phase whether the two agree."""

    def __init__(self, reference: Bot, other: Bot, tally: Tally) -> None:
        super().__init__()
        self.reference, self.other, self.tally = reference, other, tally

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, CactusState)
        chosen = self.reference.act(state, seat)
        if len(state.legal_actions(seat)) > 1:
            decisions, agreed, misses = self.tally
            phase = PHASES[state.phase]
            other = self.other.act(state, seat)
            decisions[phase] += 1
            agreed[phase] += other == chosen
            if other != chosen:
                misses[phase, str(chosen), str(other)] += 1
        return chosen


def measure(bot_spec: str, reference: str, games: int) -> Tally:
    """Decisions and agreements per phase, and each (phase, reference's, bot's) miss."""
    tally: Tally = (Counter(), Counter(), Counter())

    def seats(game: int) -> list[Bot]:
        bot = make_bot(bot_spec, "cactus", game * 7 + 2)
        return [
            Compared(make_bot(reference, "cactus", game * 7 + seat), bot, tally)
            for seat in range(2)
        ]

    play_rounds(games, seats)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--reference", default="heuristic")
    args = parser.parse_args()
    decisions, agreed, misses = measure(args.bot, args.reference, args.games)
    print(f"{args.bot} on {args.games} rounds of {args.reference} against itself")
    print("phase          decisions  agree")
    for phase, count in decisions.most_common():
        print(f"{phase:<14} {count:9d} {agreed[phase] / count:6.1%}")
    total = sum(decisions.values())
    print(f"{'all':<14} {total:9d} {sum(agreed.values()) / total:6.1%}")
    print("\nmost frequent disagreements (phase: reference's choice / bot's choice)")
    for (phase, chosen, other), count in misses.most_common(12):
        print(f"{count:6d}  {phase}: {chosen} / {other}")


if __name__ == "__main__":
    main()

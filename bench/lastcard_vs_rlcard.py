"""Random-playout speed of cardtable's Last Card beside RLCard's UNO, in one process.

Run (RLCard is the ``bench`` extra of the project):

    .venv/bin/pip install 'rlcard>=1.2,<2'        # or: .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/lastcard_vs_rlcard.py [--runs 5] [--seconds 2]

Every side plays 2-player single rounds with uniformly random legal actions:

- RLCard: the raw game loop of ``rlcard.games.uno.game.UnoGame`` without observation
  encoding: ``init_game()``, then ``get_legal_actions()`` / ``step(action)`` until
  ``is_over()``, choosing ``legal[rng.randrange(len(legal))]``.
- Last Card, per-step loop: ``cardtable.make("lastcard", 2, seed, options)`` (the
  options make a match one round), then ``legal_actions`` / ``apply`` (validation,
  events and log included) until the round ends, choosing as RLCard's side does.
- Last Card, ``random_playout``: the same ``make``, then
  ``state.random_playout(rng, until_round_end=True)``, the engine call simulations and
  search rollouts use. It picks uniformly among the same legal actions and logs them,
  but lists no actions, validates nothing and builds no events. ``make`` is about a
  sixth of such a default-rules game: most of it is seeding a fresh ``random.Random``
  and shuffling the deck draw for draw as ``random.shuffle`` does, so seeds keep their
  deals.

Each Last Card loop runs with the default rules (stacking, play-or-keep after a draw,
the "Last Card" call with its penalty) and with the rules closest to RLCard's UNO (no
stacking, no missed-call penalty). Random play makes default-rules rounds nearly twice
as long as RLCard's: about half of all second-to-last plays miss the call and draw 2,
and +2/+4 chains grow hands. Runs alternate between the sides, and time is this
process's CPU time, so that other load on the machine distorts the comparison as
little as possible; the script prints games/s and actions/s of each (median of the
runs) and its games/s ratio to RLCard.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

try:
    from rlcard.games.uno.game import UnoGame
except ImportError:
    sys.exit(
        "rlcard is not installed: run  .venv/bin/pip install 'rlcard>=1.2,<2'  "
        "(the project's 'bench' extra) and try again"
    )

import cardtable
from cardtable.engine.state import State

_OPTIONS = cardtable.get_game("lastcard").options_type
#: Built once, as RLCard builds its game object once.
DEFAULT_RULES = _OPTIONS.from_dict({"target_score": 1})
RLCARD_RULES = _OPTIONS.from_dict(
    {"target_score": 1, "stack_plus_two": False, "stack_plus_four": False, "missed_call_penalty": 0}
)


def rlcard_rate(seconds: float, seed: int) -> tuple[int, int, float]:
    """Games, actions and elapsed time of RLCard UNO random games for about ``seconds``."""
    rng = random.Random(seed)
    game = UnoGame(num_players=2)
    game.np_random.seed(seed)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.process_time() - start


def per_step_round(state: State, rng: random.Random) -> int:
    """Play the first round through the public per-step API; the number of actions."""
    actions = 0
    while state.round == 1 and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        actions += 1
    return actions


def playout_round(state: State, rng: random.Random) -> int:
    """Play the first round with ``random_playout``; the number of actions."""
    return state.random_playout(rng, until_round_end=True)


def lastcard_rate(
    options: Any, play: Callable[[State, random.Random], int], seconds: float, seed: int
) -> tuple[int, int, float]:
    """Games, actions and elapsed time of Last Card random rounds for about ``seconds``."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += play(cardtable.make("lastcard", 2, rng.getrandbits(63), options), rng)
        games += 1
    return games, actions, time.process_time() - start


Runner = Callable[[float, int], tuple[int, int, float]]
RLCARD = "RLCard UNO, raw game loop"
SIDES: dict[str, Runner] = {
    RLCARD: rlcard_rate,
    "Last Card, default rules, per-step API": functools.partial(
        lastcard_rate, DEFAULT_RULES, per_step_round
    ),
    "Last Card, default rules, random_playout": functools.partial(
        lastcard_rate, DEFAULT_RULES, playout_round
    ),
    "Last Card, RLCard's rules, per-step API": functools.partial(
        lastcard_rate, RLCARD_RULES, per_step_round
    ),
    "Last Card, RLCard's rules, random_playout": functools.partial(
        lastcard_rate, RLCARD_RULES, playout_round
    ),
}


def measure(
    sides: dict[str, Runner], runs: int, seconds: float
) -> dict[str, list[tuple[float, float]]]:
    """Games/s and actions/s of every side in each of ``runs`` runs, the sides alternating."""
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
    for run in range(runs):
        for name, runner in sides.items():
            games, actions, elapsed = runner(seconds, run)
            rates[name].append((games / elapsed, actions / elapsed))
    return rates


def medians(rates: dict[str, list[tuple[float, float]]]) -> dict[str, tuple[float, float]]:
    """Each side's median games/s and median actions/s over its runs."""
    return {
        name: (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))
        for name, runs in rates.items()
    }


def print_rates(rates: dict[str, list[tuple[float, float]]], reference: str) -> None:
    """The median games/s and actions/s of each side, and its games/s ratio to ``reference``."""
    width = max(map(len, rates)) + 2
    print(f"{'':<{width}}{'games/s':>10}{'actions/s':>11}{'actions/game':>14}{'vs RLCard':>11}")
    median = medians(rates)
    reference_gps = median[reference][0]
    for name, (gps, aps) in median.items():
        ratio = f"{gps / reference_gps:.2f}x"
        print(f"{name:<{width}}{gps:>10,.0f}{aps:>11,.0f}{aps / gps:>14.1f}{ratio:>11}")


def parse_cli(description: str) -> argparse.Namespace:
    """``--runs`` and ``--seconds``; ``--help`` shows ``description``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    return parser.parse_args()


def run_cli(sides: dict[str, Runner], reference: str, setting: str, description: str) -> None:
    """Parse ``--runs`` and ``--seconds``, measure ``sides`` and print the table; the
    heading describes ``setting``, ``--help`` shows ``description``."""
    args = parse_cli(description)
    rates = measure(sides, args.runs, args.seconds)
    print(f"{setting}; median of {args.runs} runs of {args.seconds:g} s CPU time each")
    print_rates(rates, reference)


def main() -> None:
    setting = "2 players, one round, uniformly random legal actions"
    run_cli(SIDES, RLCARD, setting, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    main()

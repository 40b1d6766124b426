"""What sending a seat's view as a patch of its previous one would save and cost.

The server sends each seat its whole view after every action. This plays ``--matches``
random matches of each game and, for every action, compares the whole view's JSON
with a JSON merge patch (RFC 7396) of the seat's previous view: the mean bytes of
each, and the processor time of building each (``json.dumps`` of the view, against
computing the patch and dumping it). Arrays are replaced whole by a merge patch, as a
client applying RFC 7396 expects.

    python bench/view_deltas.py [--matches 20] [--players 2] [--repeat 20]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import cardtable


def merge_patch(before: Any, after: Any) -> Any:
    """The RFC 7396 merge patch that turns ``before`` into ``after``."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return after
    patch = {
        key: merge_patch(before.get(key), value)
        for key, value in after.items()
        if key not in before or before[key] != value
    }
    patch.update({key: None for key in before if key not in after})
    return patch


def view_pairs(game: str, players: int, matches: int) -> list[tuple[Any, Any]]:
    """(previous view, view) of seat 0 after every action of ``matches`` random matches."""
    pairs = []
    for seed in range(matches):
        state = cardtable.make(game, players, seed=seed)
        rng = random.Random(seed)
        previous = state.view(0)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            view = state.view(0)
            pairs.append((previous, view))
            previous = view
    return pairs


def microseconds(work: Any, pairs: list[tuple[Any, Any]], repeat: int) -> float:
    """Mean processor time of ``work(before, after)`` over every pair, in microseconds."""
    start = time.process_time()
    for _ in range(repeat):
        for before, after in pairs:
            work(before, after)
    return 1e6 * (time.process_time() - start) / (repeat * len(pairs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':<10}{'views':>8}{'view B':>9}{'patch B':>9}{'view us':>9}{'patch us':>10}")
    for game in (spec.name for spec in cardtable.games()):
        pairs = view_pairs(game, args.players, args.matches)
        whole = sum(len(json.dumps(after)) for _, after in pairs) / len(pairs)
        patch = sum(len(json.dumps(merge_patch(b, a))) for b, a in pairs) / len(pairs)
        dump_us = microseconds(lambda _b, a: json.dumps(a), pairs, args.repeat)
        patch_us = microseconds(lambda b, a: json.dumps(merge_patch(b, a)), pairs, args.repeat)
        print(
            f"{game:<10}{len(pairs):>8}{whole:>9.0f}{patch:>9.0f}{dump_us:>9.1f}{patch_us:>10.1f}"
        )


if __name__ == "__main__":
    main()

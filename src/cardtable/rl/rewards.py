"""Rewards of the RL environments and returns of the OpenSpiel games.

``win``: at the end of the episode +1 for each winner (ties included) and -1 for the
others; when every seat ties, 0 for all. ``score``: at the end of every round, the
seat's round score against the mean of the other seats' scores, signed so that more
is better (Cactus and Skyjo are scored downward, Last Card upward).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.errors import CardtableError
from cardtable.engine.registry import get_game
from cardtable.engine.state import State

REWARDS = ("win", "score")
SCOPES = ("round", "match")


def check_choice(name: str, value: object, choices: Sequence[str]) -> None:
    if value not in choices:
        raise CardtableError(f"{name} must be one of {', '.join(choices)}, not {value!r}")


def win_rewards(winners: Sequence[int], players: int) -> list[float]:
    if len(set(winners)) == players:
        return [0.0] * players
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


def round_winners(state: State, index: int) -> list[int]:
    """The seats with the best score of round ``index`` (0-based)."""
    scores = state.round_scores[index]
    best = min(scores) if get_game(state.game).lower_score_wins else max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def score_rewards(state: State, index: int) -> list[float]:
    scores = state.round_scores[index]
    sign = -1.0 if get_game(state.game).lower_score_wins else 1.0
    total = sum(scores)
    others = len(scores) - 1
    return [sign * (s - (total - s) / others) for s in scores]


def episode_over(state: State, scope: str, rounds_before: int) -> bool:
    """Whether an episode that began after ``rounds_before`` finished rounds is over."""
    return state.is_over or (scope == "round" and len(state.round_scores) > rounds_before)


def final_win_rewards(state: State, scope: str, rounds_before: int) -> list[float]:
    """``win`` rewards of an episode that is over."""
    winners = state.winners if scope == "match" else round_winners(state, rounds_before)
    return win_rewards(winners, state.num_players)

"""The coach: analyses of finished matches, and hints at practice tables."""

from .analysis import (
    LABELS,
    Analysis,
    CoachError,
    CoachProfile,
    Decision,
    Hint,
    analyse,
    analyse_decision,
    decisions_of,
    dumps,
    hint,
    label,
    price,
    profile,
    profiles,
    search_spec,
    suggest,
)
from .command import add_analyse_command

__all__ = [
    "LABELS",
    "Analysis",
    "CoachError",
    "CoachProfile",
    "Decision",
    "Hint",
    "add_analyse_command",
    "analyse",
    "analyse_decision",
    "decisions_of",
    "dumps",
    "hint",
    "label",
    "price",
    "profile",
    "profiles",
    "search_spec",
    "suggest",
]

"""Command-line value types that refuse a bad number up front, naming the problem.

argparse turns the ``ArgumentTypeError`` into ``argument --games: must be a whole
number from 1, got '0'`` and exit status 2, before any work starts.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """A type for a whole number from ``minimum`` (up to ``maximum`` if given)."""
    span = f"from {minimum}" if maximum is None else f"from {minimum} to {maximum}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"must be a whole number {span}, got {text!r}")
        return value

    return parse

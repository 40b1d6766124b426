"""Last Card's rule options (RULES.md, Last Card)."""

from dataclasses import dataclass

from cardtable.engine.options import Options, option


@dataclass(frozen=True)
class LastCardOptions(Options):
    target_score: int = option(
        500, "The match ends when a total is greater than this; highest total wins.", min=0
    )
    voluntary_draw: bool = option(
        False, "A player may draw instead of playing a card they could play."
    )
    play_drawn: bool = option(True, "A playable card just drawn may be played at once.")
    stack_plus_two: bool = option(
        True, "A pending +2 draw may be answered with another +2 (off: the next player draws)."
    )
    stack_plus_four: bool = option(
        True, "A pending +4 draw may be answered with another +4 (off: the next player draws)."
    )
    plus_four_on_plus_two: bool = option(
        False, "A +4 may be played on a +2 (and answer a pending +2 draw when stacking +2)."
    )
    missed_call_penalty: int = option(
        2,
        "Cards drawn by a player who plays their second-to-last card without calling.",
        min=0,
        max=10,
    )

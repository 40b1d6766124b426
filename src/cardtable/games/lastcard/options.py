"""Last Card's rule options (the Last Card rules page, web/rules/lastcard.md, "Options"
and "House rules")."""

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
    jump_in: bool = option(
        False,
        "A player holding a card identical to the one just played (same colour and rank)"
        " may play it out of turn; play goes on from them.",
    )
    seven_zero: bool = option(
        False,
        "A 7 swaps hands with a player of its player's choice; a 0 passes every hand on"
        " in the direction of play.",
    )
    draw_until_playable: bool = option(
        False, "A player who cannot play draws until a card fits, then may play it."
    )
    challenge_plus_four: bool = option(
        False,
        "A player facing a +4 may challenge it: a +4 played while holding the colour to"
        " follow costs its player the draw, else the challenger draws 2 more.",
    )
    catch_missed_call: bool = option(
        False,
        "A missed call costs the penalty only if another player catches it before the"
        " next player acts.",
    )
    strict_plus_four: bool = option(
        False, "A +4 may be played only by a player holding no card of the colour to follow."
    )
    forced_play_drawn: bool = option(False, "A playable card just drawn must be played at once.")

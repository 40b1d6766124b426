"""Cactus's rule options (the Cactus rules page, web/rules/cactus.md, "Options").

``quick_discard_seconds`` is a table setting rather than a rule: the engine never
reads a clock (a window closes by passes, a right throw, or the system ``close_window``
action), while the server times each window with it. It lives here so that a table's
settings are one validated object, chosen and stored with the match.
"""

from dataclasses import dataclass

from cardtable.engine.options import Options, option


@dataclass(frozen=True)
class CactusOptions(Options):
    lock_caller: bool = option(
        True, "After a Cactus call, other players' effects cannot swap the caller's cards."
    )
    black_king_swap_optional: bool = option(
        False, "After looking with a black king, the player may decline the swap."
    )
    self_snap: bool = option(
        False, "The player whose discard opened a quick-discard window may throw too."
    )
    caller_penalty: int = option(
        0,
        "Points added to the caller's round score unless the caller scored strictly lowest.",
        min=0,
        max=100,
    )
    target_score: int = option(
        100, "The match ends after a round in which a total reaches this.", min=1
    )
    rounds: int | None = option(
        None, "Play exactly this many rounds instead of playing to target_score.", min=1
    )
    memory_aid: bool = option(
        False, "Views show each player the face-down cards they have seen and that have not moved."
    )
    wrong_throw_penalty: int = option(
        1, "Penalty cards a wrong quick-discard throw costs its thrower (1 or 2).", min=1, max=2
    )
    snap_opponent: bool = option(
        False,
        "In a quick-discard window a player may throw another player's card of the top"
        " card's rank, then gives that player one of their own cards in its place.",
    )
    quick_discard_seconds: int = option(
        3, "Server setting: seconds a quick-discard window stays open.", min=1, max=60
    )

    @property
    def core_rules(self) -> bool:
        """Whether the compiled core holds these rules: it plays the one-card penalty
        and no snap of another player's card, so other tables use the Python loop."""
        return self.wrong_throw_penalty == 1 and not self.snap_opponent

"""Skyjo's rule options (the Skyjo rules page, web/rules/skyjo.md, "Options")."""

from dataclasses import dataclass

from cardtable.engine.options import Options, option


@dataclass(frozen=True)
class SkyjoOptions(Options):
    initial_reveals: int = option(
        2, "Cards each player turns face up during the setup phase.", min=0, max=12
    )
    clear_columns: bool = option(True, "A column of three equal face-up cards leaves the layout.")
    clear_rows: bool = option(False, "A row of four equal face-up cards leaves the layout.")
    finisher_multiplier: int = option(
        2,
        "Multiplier on the finisher's positive round score when someone scored the same or less.",
        min=1,
        max=10,
    )
    target_score: int = option(
        100, "The match ends after a round in which a total reaches this.", min=1
    )

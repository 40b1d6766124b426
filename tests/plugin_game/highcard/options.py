"""High Card's one rule option (web/rules/highcard.md, "Options")."""

from dataclasses import dataclass

from cardtable.engine.options import Options, option


@dataclass(frozen=True)
class HighCardOptions(Options):
    rounds: int = option(3, "Rounds in a match.", min=1, max=9)

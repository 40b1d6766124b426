"""High Card's parts in the layers above the engine, declared under the entry-point
groups of this package's ``pyproject.toml``: its bot levels, its RL encoding and its
browser part."""

from collections.abc import Mapping
from typing import Any

from cardtable.bots.levels import GameLevels
from cardtable.rl.encoding import Encoding
from cardtable.rl.features import FeatureWriter, rotated
from cardtable.web_parts import WebPart

from .actions import CARDS

LEVELS = GameLevels(
    slips={"easy": "rate=0.4,miss=0.5", "normal": "rate=0.15,miss=0.2"},
    expert="ismcts:iterations=60",
)


def _encode(w: FeatureWriter, view: Mapping[str, Any], players: int) -> None:
    """The seat's hand, the card led to the trick, and the tricks and totals so far."""
    w.flags("hand", len(CARDS), [card - 1 for card in view["hand"] or []])
    led = view["trick"][0]["card"] - 1 if view["trick"] else None
    w.one_hot("led", len(CARDS), led)
    w.values("tricks", [n / 3 for n in rotated(view["tricks"], view["you"])])
    w.values("totals", [n / 27 for n in rotated(view["totals"], view["you"])])


ENCODING = Encoding(_encode)

WEB = WebPart("highcard")

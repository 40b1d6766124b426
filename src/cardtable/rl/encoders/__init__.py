"""Each game's observation encoder, by game name."""

from collections.abc import Callable, Mapping
from typing import Any

from cardtable.rl.features import FeatureWriter

from .cactus import encode_cactus
from .lastcard import encode_lastcard
from .skyjo import encode_skyjo

#: Writes one view's features: (writer, view, players).
Encoder = Callable[[FeatureWriter, Mapping[str, Any], int], None]
ENCODERS: dict[str, Encoder] = {
    "cactus": encode_cactus,
    "skyjo": encode_skyjo,
    "lastcard": encode_lastcard,
}

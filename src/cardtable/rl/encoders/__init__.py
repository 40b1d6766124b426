"""Each game's observation encoder; importing this package registers them all."""

from cardtable.rl.features import register_encoder

from .cactus import encode_cactus
from .lastcard import encode_lastcard
from .skyjo import encode_skyjo

register_encoder("cactus", encode_cactus)
register_encoder("skyjo", encode_skyjo)
register_encoder("lastcard", encode_lastcard)

"""The games. Importing this package registers each one with the engine."""

from . import cactus  # noqa: F401
from . import lastcard  # noqa: F401
from . import skyjo  # noqa: F401

"""The games. Importing this package registers each one with the engine."""

from . import skyjo  # noqa: F401

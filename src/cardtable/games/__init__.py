"""The games. Importing this package registers each one with the engine."""

from . import cactus, lastcard, skyjo

__all__ = ["cactus", "lastcard", "skyjo"]

"""Exceptions raised by the engine.

Every error names the problem in words a player or a client developer can act on.
They all derive from ``CardtableError`` (and ``ValueError``), so callers such as the
server can catch one type and report the message as it is.
"""


class CardtableError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UnknownGameError(CardtableError):
    """The game name is not registered."""


class PlayerCountError(CardtableError):
    """The number of players is outside the game's range."""


class OptionError(CardtableError):
    """An option name is unknown or its value is of the wrong type or range."""


class IllegalActionError(CardtableError):
    """The action is not legal for that seat in the current state."""


class SeatError(IllegalActionError):
    """A seat number names no seat of the match (for an action, a view or a
    determinization)."""


class ActionFormatError(CardtableError):
    """A serialized action is malformed (unknown type, missing or extra fields)."""


class StateFormatError(CardtableError):
    """A serialized state or explicit deal is malformed or inconsistent."""

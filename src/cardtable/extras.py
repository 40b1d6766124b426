"""Optional dependencies: import one, or fail with the name of the extra that brings it.

The RL environments, the OpenSpiel adapter and the external bots need libraries the
game itself does not. Each imports them through ``require`` so that a missing library
is one clear error that says what to install, not an ``ImportError`` deep in a stack.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardtable.engine.errors import CardtableError


class MissingExtraError(CardtableError):
    """An optional library is not installed; the message names the extra to install."""


def require(module: str, extra: str, what: str) -> ModuleType:
    """Import ``module``, which ``what`` needs; if it is missing, name ``extra``."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(
            f"{what} needs the optional extra [{extra}] ({module} is not installed: "
            f"{exc}); install it with  pip install 'cardtable[{extra}]'"
        ) from None

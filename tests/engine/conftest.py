"""The compiled module, for the tests that call it directly."""

from __future__ import annotations

from types import ModuleType

import pytest

from cardtable.games.cactus.state import CORE_LOG_ENTRIES as CACTUS_LOG_ENTRIES
from cardtable.games.skyjo.state import CORE_LOG_ENTRIES as SKYJO_LOG_ENTRIES


@pytest.fixture
def core() -> ModuleType:
    """The compiled module itself, switched off or not: it must be built. Its log
    entries are set up here, since the games do it on import only where the core is
    used."""
    try:
        from cardtable._core import _native
    except ImportError as exc:
        pytest.fail(f"cardtable._core._native is not built: {exc}")
    _native.skyjo_setup(SKYJO_LOG_ENTRIES)
    _native.cactus_setup(CACTUS_LOG_ENTRIES)
    return _native

"""The compiled module for the tests that call it directly, whether or not the package
uses it (``CARDTABLE_PURE_PYTHON=1``): it must be built, and a missing core fails the
test with its name."""

from __future__ import annotations

from types import ModuleType

import pytest


def compiled_core() -> ModuleType:
    try:
        from cardtable._core import _native
    except ImportError as exc:
        pytest.fail(f"cardtable._core._native is not built: {exc}")
    return _native

"""The compiled core: C playouts that make exactly the pure-Python engine's moves.

``pip install`` builds the extension ``_native`` where a C compiler is present; where
it is not, or where it is switched off, everything runs on the pure-Python engine,
which is also the reference the core is tested against (``tests/engine``). Callers
never choose: a game's ``random_playout`` uses the core when ``native`` is set.

The core draws from the very ``random.Random`` objects the Python code would use, in
place, with CPython's own algorithms, so both implementations make the same draws
and leave every generator in the same state. That relies on the layout of CPython's
generator object, so the core is checked against Python's own draws on import and
left unused (with a warning) should they ever differ.

Set the environment variable ``CARDTABLE_PURE_PYTHON=1`` to ignore the core (CI runs
the suite both ways).
"""

from __future__ import annotations

import os
import random
import warnings
from types import ModuleType

#: The environment variable that makes the package ignore the compiled core.
PURE_PYTHON = "CARDTABLE_PURE_PYTHON"


def draws_like_python(core: ModuleType) -> bool:
    """Whether the core's draws, and the state it leaves, are Python's own.

    ``randrange(n)`` draws as the engine's ``random_index`` does for ``n >= 2``
    (``getrandbits(n.bit_length())`` until below ``n``).
    """
    for seed in (0, 1, 2**40 + 7):
        ours, theirs = random.Random(seed), random.Random(seed)
        for i in range(700):  # past 624 words: the generator's refill too
            k = 1 + i % 32
            if core.rng_bits(ours, k) != theirs.getrandbits(k):
                return False
            n = 2 + i % 200
            if core.rng_index(ours, n) != theirs.randrange(n):
                return False
        if ours.getstate() != theirs.getstate():
            return False
        mine, reference = list(range(300)), list(range(300))
        core.rng_shuffle(ours, mine)
        theirs.shuffle(reference)
        if mine != reference or ours.getstate() != theirs.getstate():
            return False
    return True


def _load() -> tuple[ModuleType | None, str]:
    """The core, or None, and what was found."""
    if os.environ.get(PURE_PYTHON, "") not in ("", "0"):
        return None, f"switched off by {PURE_PYTHON}"
    try:
        from . import _native
    except ImportError as exc:
        return None, f"not built ({exc}): pip install builds it where a C compiler is present"
    if not draws_like_python(_native):
        warnings.warn(
            "cardtable's compiled core draws differently from this Python's random.Random; "
            "running on the pure-Python engine",
            RuntimeWarning,
            stacklevel=2,
        )
        return None, "built, but its draws differ from this Python's random.Random"
    return _native, f"compiled ({_native.__file__})"


native, status = _load()

"""The optional compiled core (``cardtable._core._native``).

Everything else is declared in pyproject.toml. The extension is ``optional``: where no
C compiler (or no Python headers) is found, ``pip install`` still succeeds and the
package runs on its pure-Python engine, which is also the reference the core is tested
against.
"""

from setuptools import Extension, setup

CORE = "src/cardtable/_core/"
SOURCES = (
    "native.c",
    "skyjo.c",
    "skyjo_greedy.c",
    "state_io.c",
    "cactus.c",
    "cactus_rules.c",
    "cactus_greedy.c",
    "cactus_state.c",
    "lastcard.c",
    "lastcard_state.c",
    "lastcard_playout.c",
    "lastcard_vec.c",
    "weighted.c",
    "playout_io.c",
)
HEADERS = (
    "mt19937.h",
    "skyjo.h",
    "skyjo_greedy.h",
    "state_io.h",
    "cactus.h",
    "cactus_rules.h",
    "lastcard.h",
    "lastcard_state.h",
    "lastcard_playout.h",
    "lastcard_vec.h",
    "weighted.h",
    "playout_io.h",
)

setup(
    ext_modules=[
        Extension(
            "cardtable._core._native",
            sources=[CORE + name for name in SOURCES],
            depends=[CORE + name for name in HEADERS],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)

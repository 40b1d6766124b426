"""The optional compiled core (``cardtable._core._native``).

Everything else is declared in pyproject.toml. The extension is ``optional``: where no
C compiler (or no Python headers) is found, ``pip install`` still succeeds and the
package runs on its pure-Python engine, which is also the reference the core is tested
against.
"""

from setuptools import Extension, setup

CORE = "src/cardtable/_core/"
SKYJO = ("skyjo.c", "skyjo_greedy.c")
LASTCARD = ("lastcard.c", "lastcard_state.c", "lastcard_playout.c")
#: Every source but native.c has its header.
HEADERS = tuple(name[:-2] + ".h" for name in (*SKYJO, *LASTCARD))

setup(
    ext_modules=[
        Extension(
            "cardtable._core._native",
            sources=[CORE + name for name in ("native.c", "state_io.c", *SKYJO, *LASTCARD)],
            depends=[CORE + name for name in ("mt19937.h", "state_io.h", *HEADERS)],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)

"""The full mutation run's results, kept in git so that a run can go on elsewhere.

A full ``make mutation`` takes longer on two cores than one sitting often allows, and
mutmut keeps its results only in ``./mutants`` (ignored by git), so a fresh checkout
would start again from nothing. ``save`` writes each rule module's results to
``results.json`` beside this file: for every mutated function, the hash of its code
and the exit code mutmut recorded for each of its mutants (``null``: not run yet).
``restore`` writes them back as mutmut's own ``.meta`` files before a run. mutmut then
keeps the result of every mutant whose function's code is unchanged and runs the rest,
exactly as it does when it goes on in a ``./mutants`` it made itself.

    .venv/bin/python -m tests.mutation.record restore   # before mutmut run
    .venv/bin/python -m tests.mutation.record save      # after it

Run from the repository root.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .sample import rule_files

RESULTS = Path(__file__).parent / "results.json"
MUTANTS = Path("mutants")
MARK = "__mutmut_"


def meta_path(path: Path) -> Path:
    """Where mutmut keeps the results of the rule module ``path``."""
    return MUTANTS / f"{path}.meta"


def module_prefix(path: Path) -> str:
    """``src/cardtable/games/skyjo/state.py`` -> ``cardtable.games.skyjo.state.``."""
    return ".".join(path.with_suffix("").parts[1:]) + "."


def compact(path: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """One module's ``.meta`` as kept in ``results.json``: exit codes by mutant number."""
    prefix = module_prefix(path)
    codes: dict[str, list[int | None]] = {
        function: [] for function in meta["hash_by_function_name"]
    }
    for key, code in meta["exit_code_by_key"].items():
        function, _, number = key.removeprefix(prefix).rpartition(MARK)
        row = codes.setdefault(function, [])
        row.extend([None] * (int(number) - len(row)))
        row[int(number) - 1] = code
    return {"functions": meta["hash_by_function_name"], "exit_codes": codes}


def expand(path: Path, kept: dict[str, Any]) -> dict[str, Any]:
    """The ``.meta`` mutmut reads, from one module's entry in ``results.json``."""
    prefix = module_prefix(path)
    codes = {
        f"{prefix}{function}{MARK}{number}": code
        for function, row in kept["exit_codes"].items()
        for number, code in enumerate(row, start=1)
    }
    return {
        "exit_code_by_key": codes,
        "hash_by_function_name": kept["functions"],
        "type_check_error_by_key": {},
        "durations_by_key": {},
        "estimated_durations_by_key": {},
    }


def save() -> int:
    files = {}
    for path in rule_files():
        meta = meta_path(path)
        if not meta.is_file():
            print(f"{meta} is missing: run make mutation first", file=sys.stderr)
            return 1
        files[str(path)] = compact(path, json.loads(meta.read_text()))
    RESULTS.write_text(json.dumps({"files": files}, indent=1, ensure_ascii=False) + "\n")
    return 0


def restore() -> int:
    """Write the kept results where mutmut looks for them, unless it has its own."""
    if not RESULTS.is_file():
        return 0
    files = json.loads(RESULTS.read_text())["files"]
    for path in rule_files():
        meta = meta_path(path)
        if str(path) in files and not meta.exists():
            meta.parent.mkdir(parents=True, exist_ok=True)
            meta.write_text(json.dumps(expand(path, files[str(path)])))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("save", "restore"))
    args = parser.parse_args(argv)
    return save() if args.command == "save" else restore()


if __name__ == "__main__":
    sys.exit(main())

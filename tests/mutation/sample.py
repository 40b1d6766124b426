"""The CI sample of the mutation score: a fixed random sample of each game's mutants.

A full ``make mutation`` takes hours on two cores; this runs a fixed-seed sample of
``--per-game`` mutants of each game's rule modules (the files ``[tool.mutmut]
only_mutate`` names in pyproject.toml) with mutmut and fails when, in any game, the
tests kill less than ``--goal`` of the sampled mutants. Mutants listed in the
allowlist (``equivalent.txt`` beside this file: a pattern and the reason on each line)
are left out before sampling: they behave exactly as the original, or mutmut cannot
run them (see docs/research/mutation.md). A mutant the tests time out on counts as
killed; one that no test reaches counts as surviving.

    CARDTABLE_PURE_PYTHON=1 .venv/bin/python tests/mutation/sample.py

Run from the repository root: mutmut reads pyproject.toml and works in ./mutants.
"""

from __future__ import annotations

import argparse
import fnmatch
import random
import subprocess
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
GAMES = ("cactus", "skyjo", "lastcard")
#: The statuses ``mutmut results`` prints that count as a kill.
KILLED = frozenset({"killed", "timeout", "segfault"})
UNCHECKED = "not checked"
#: The statuses of a checked mutant that the tests did not kill.
SURVIVING = frozenset({"survived", "no tests"})


@dataclass(frozen=True)
class Allowed:
    """One allowlist line: mutants matching ``pattern`` (fnmatch), and why."""

    pattern: str
    reason: str


def read_allowlist(path: Path) -> list[Allowed]:
    """The allowlist's entries; every one must give a reason after ``#``."""
    entries = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        pattern, _, reason = line.partition("#")
        if not pattern.strip() or not reason.strip():
            raise ValueError(f"{path}:{number}: expected 'pattern  # reason', got {line!r}")
        entries.append(Allowed(pattern.strip(), reason.strip()))
    return entries


def allowed(name: str, allowlist: Iterable[Allowed]) -> bool:
    return any(fnmatch.fnmatchcase(name, entry.pattern) for entry in allowlist)


def rule_files() -> list[Path]:
    """The files mutmut mutates, as pyproject.toml names them."""
    config = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["mutmut"]
    return [Path(p) for p in config["only_mutate"]]


def mutant_names(path: Path) -> list[str]:
    """Every mutant mutmut makes of ``path``, by the names ``mutmut run`` takes."""
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name

    mutated = mutate_file_contents(str(path), path.read_text())
    return sorted(get_mutant_name(path, name) for name in mutated.mutant_names)


def game_of(name: str) -> str:
    """``cardtable.games.<game>.module.function__mutmut_n`` -> ``<game>``."""
    return name.split(".")[2]


def sample(
    names: Iterable[str], allowlist: list[Allowed], per_game: int, seed: int
) -> dict[str, list[str]]:
    """``per_game`` mutants of each game, drawn with ``seed`` from those not allowlisted."""
    by_game: dict[str, list[str]] = {game: [] for game in GAMES}
    for name in sorted(names):
        if not allowed(name, allowlist):
            by_game[game_of(name)].append(name)
    rng = random.Random(seed)
    return {
        game: sorted(rng.sample(pool, min(per_game, len(pool)))) for game, pool in by_game.items()
    }


def parse_results(text: str) -> dict[str, str]:
    """``mutmut results --all true`` lines (``name: status``) as a dict."""
    out = {}
    for line in text.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and name.startswith("cardtable."):
            out[name] = status
    return out


def scores(chosen: dict[str, list[str]], status: dict[str, str]) -> dict[str, tuple[int, int]]:
    """For each game: (killed, sampled)."""
    return {
        game: (sum(status.get(name) in KILLED for name in names), len(names))
        for game, names in chosen.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-game", type=int, default=60)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--goal", type=float, default=0.90)
    parser.add_argument("--max-children", type=int, default=1)
    parser.add_argument("--allowlist", type=Path, default=HERE / "equivalent.txt")
    parser.add_argument(
        "--report",
        action="store_true",
        help="run nothing: score every mutant of the last full run (make mutation)",
    )
    parser.add_argument(
        "--survivors",
        action="store_true",
        help="run nothing: print the mutants of the last run that the tests did not kill",
    )
    args = parser.parse_args(argv)

    allowlist = read_allowlist(args.allowlist)
    names = [name for path in rule_files() for name in mutant_names(path)]
    mutmut = [str(Path(sys.executable).parent / "mutmut")]
    if args.report or args.survivors:
        chosen = sample(names, allowlist, len(names), args.seed)
    else:
        chosen = sample(names, allowlist, args.per_game, args.seed)
        every = [name for names in chosen.values() for name in names]
        run = [*mutmut, "run", "--max-children", str(args.max_children), *every]
        subprocess.run(run, check=False, stdout=subprocess.DEVNULL)
    results = subprocess.run(
        [*mutmut, "results", "--all", "true"], check=True, capture_output=True, text=True
    )
    status = parse_results(results.stdout)
    if args.survivors:  # for ``make mutation`` to rerun them with the tests as they are now
        for names in chosen.values():
            print(*(name for name in names if status.get(name) in SURVIVING), sep="\n")
        return 0
    if args.report:  # a run cut short scores the mutants it reached
        for game, names in chosen.items():
            reached = [name for name in names if status.get(name, UNCHECKED) != UNCHECKED]
            if len(reached) < len(names):
                print(f"{game}: {len(names) - len(reached)} mutants not run yet")
            chosen[game] = reached
    failed = False
    for game, (killed, total) in scores(chosen, status).items():
        share = killed / total if total else 1.0
        verdict = "ok" if share >= args.goal else "BELOW THE GOAL"
        print(f"{game}: {killed} of {total} mutants killed ({share:.1%}): {verdict}")
        for name in chosen[game]:
            if status.get(name) not in KILLED:
                print(f"    {status.get(name, 'not run')}: {name}")
        failed |= share < args.goal
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

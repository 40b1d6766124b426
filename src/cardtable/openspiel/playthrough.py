"""Golden playthroughs: one OpenSpiel ``generate_playthrough`` record per game.

A playthrough is OpenSpiel's text record of one game played with random actions:
the game's type and sizes, then each state's strings, tensors, legal actions and the
action taken. The files in ``tests/rl/golden/`` are checked by replaying their
actions and comparing the text (``tests/openspiel/test_playthrough.py``), so any
change to what OpenSpiel sees of a game (rules, observations, action names) shows up
as a diff. After an intended change, regenerate them::

    python -m cardtable.openspiel.playthrough tests/rl/golden

which plays each game again from the seed below (new random actions, so the record
stays a valid game even when the old actions no longer are).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from open_spiel.python.algorithms import generate_playthrough

import cardtable.openspiel  # noqa: F401  # registers the games

#: File name -> OpenSpiel game string, one per game.
PLAYTHROUGHS = {
    "cactus.txt": "python_cardtable_cactus(players=2)",
    "lastcard.txt": "python_cardtable_lastcard(players=2)",
    "skyjo.txt": "python_cardtable_skyjo(players=2)",
}
#: The seed of the random actions of a regenerated playthrough.
SEED = 7


def generate(game_string: str, actions: list[int] | None = None) -> str:
    """The playthrough of ``game_string``: ``actions`` (ids) if given, else random ones."""
    text: str = generate_playthrough.playthrough(game_string, action_sequence=actions, seed=SEED)
    return text


def recorded(text: str) -> tuple[str, list[int]]:
    """The game string and the action ids of a playthrough record."""
    game = re.search(r"^game: (.*)$", text, re.MULTILINE)
    if game is None:
        raise ValueError("not a playthrough: no 'game:' line")
    actions = [int(a) for a in re.findall(r"^action: (\d+)$", text, re.MULTILINE)]
    return game.group(1), actions


def replay(path: Path) -> tuple[str, str]:
    """(the record in ``path``, the same actions played again now)."""
    original = path.read_text(encoding="utf-8")
    game, actions = recorded(original)
    return original, generate(game, actions)


def regenerate(folder: Path) -> list[Path]:
    """Write every game's playthrough into ``folder``; the files that changed."""
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, game in PLAYTHROUGHS.items():
        path = folder / name
        text = generate(game)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m cardtable.openspiel.playthrough FOLDER", file=sys.stderr)
        return 2
    for path in regenerate(Path(argv[0])):
        print(f"updated {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

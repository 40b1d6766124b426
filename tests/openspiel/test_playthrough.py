"""The golden playthroughs: OpenSpiel's record of one game each, replayed and compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.openspiel.playthrough import PLAYTHROUGHS, generate, recorded, replay

GOLDEN = Path(__file__).parent.parent / "rl" / "golden"


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_the_golden_playthrough_replays_unchanged(name: str) -> None:
    original, again = replay(GOLDEN / name)
    assert again == original, (
        f"{name} no longer matches; after an intended change run "
        "`python -m cardtable.openspiel.playthrough tests/rl/golden`"
    )


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_a_golden_playthrough_is_a_whole_game(name: str) -> None:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    game, actions = recorded(text)
    assert game == PLAYTHROUGHS[name]
    assert "IsTerminal() = True" in text and len(actions) > 4
    assert "ChanceMode.EXPLICIT_STOCHASTIC" in text


def test_a_changed_action_shows_in_the_playthrough() -> None:
    game, actions = recorded((GOLDEN / "lastcard.txt").read_text(encoding="utf-8"))
    changed = [actions[0] ^ 1, *actions[1:4]]
    assert generate(game, changed) != generate(game, actions[:4])

"""Rule 7 as the box states it: the finisher's positive round score is doubled only if
it is not strictly the lowest, so a tie for the lowest doubles it; the rules pages say
so in those words."""

import pytest

from cardtable.games.skyjo.actions import DISCARD, DRAW, Reveal
from cardtable.games.skyjo.state import SkyjoState
from tests.rules_pages import RULES_DIR


def finish(layouts):
    """Seat 0 turns its last card (finishing), then the others take their last turn."""
    state = SkyjoState.from_deal(
        layouts,
        [5],
        [12] * 4,
        setup=False,
        face_up=[list(range(11))] * len(layouts),
        options={"clear_columns": False},
    )
    for seat in range(len(layouts)):
        for action in (DRAW, DISCARD, Reveal(11)):
            state.apply(seat, action)
    return state.round_scores[0]


FINISHER = [0] * 6 + [4] * 6  # 24


@pytest.mark.parametrize(
    ("others", "doubled"),
    [
        ([[5] * 6 + [1] * 6, [6] * 6 + [2] * 6], False),  # 24 against 36 and 48: strictly lowest
        ([[1] * 6 + [3] * 6, [6] * 6 + [2] * 6], True),  # a tie for the lowest (24)
        ([[1] * 6 + [2] * 6, [6] * 6 + [5] * 6], True),  # one player lower (18), one higher
        ([[1] * 6 + [3] * 6, [-1] * 6 + [5] * 6], True),  # everyone at 24
    ],
)
def test_the_finisher_is_doubled_only_when_not_strictly_lowest(others, doubled):
    scores = finish([FINISHER, *others])
    assert scores[0] == (48 if doubled else 24)
    assert scores[1:] == [sum(row) for row in others]


def test_a_finisher_at_zero_or_below_is_never_doubled_even_when_tied():
    scores = finish([[-1] * 6 + [1] * 6, [0] * 12, [-2] * 5 + [-1] * 4 + [1] * 3])
    assert scores == [0, 0, -11]


@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("skyjo.md", "only if it is not strictly the lowest"),
        ("skyjo.md", "a tie for the lowest score doubles it too"),
        ("fr/skyjo.md", "s'il n'est pas strictement"),
        ("de/skyjo.md", "nur wenn sie nicht strikt die niedrigste"),
        ("es/skyjo.md", "solo si no es estrictamente"),
    ],
)
def test_the_rules_pages_say_it_precisely(page, words):
    text = " ".join((RULES_DIR / page).read_text().split())
    assert words in text

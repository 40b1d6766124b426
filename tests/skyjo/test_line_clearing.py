"""Rule 5 of the Skyjo rules page (src/cardtable/web/rules/skyjo.md): a complete line of
equal face-up cards leaves the layout, whichever row it is and whichever action
completed it, reveals included."""

from __future__ import annotations

import pytest

from cardtable.games.skyjo.actions import DISCARD, DRAW, TAKE_DISCARD, Replace, Reveal
from cardtable.games.skyjo.state import GONE, ROWS, SkyjoState

from ..engine.roundtrips import events_json

LOW = list(range(1, 13))
#: Column 0 (positions 0, 4 and 8) holds three 7s.
SEVENS_IN_COLUMN_0 = [7, 2, 3, 4, 7, 6, 8, 9, 7, 10, 11, 12]


@pytest.mark.parametrize("row", [0, 1, 2])
def test_with_clear_rows_any_complete_row_leaves(row: int) -> None:
    layout = LOW.copy()
    for pos in ROWS[row]:
        layout[pos] = 5
    *shown, last = ROWS[row]
    state = SkyjoState.from_deal(
        [layout, LOW], [5], [0], setup=False, face_up=[shown, []],
        options={"clear_rows": True, "clear_columns": False},
    )  # fmt: skip
    state.apply(0, TAKE_DISCARD)
    events = state.apply(0, Replace(last))
    assert events_json(events)[1] == {
        "type": "clear",
        "seat": 0,
        "positions": list(ROWS[row]),
        "card": 5,
    }
    assert [state.status[0][p] for p in ROWS[row]] == [GONE] * 4
    assert state.view(1)["layouts"][0].count("empty") == 4


def test_a_setup_reveal_that_completes_a_column_clears_it() -> None:
    """With 3 setup reveals a column can be completed before anyone's turn."""
    state = SkyjoState.from_deal(
        [SEVENS_IN_COLUMN_0, LOW], [5], [0], options={"initial_reveals": 3}
    )
    state.apply(0, Reveal(0))
    state.apply(0, Reveal(4))
    assert events_json(state.apply(0, Reveal(8))) == [
        {"type": "reveal", "seat": 0, "pos": 8, "card": 7},
        {"type": "clear", "seat": 0, "positions": [0, 4, 8], "card": 7},
    ]
    assert state.discard == [5, 7, 7, 7]
    assert state.view(None)["layouts"][0][:9:4] == ["empty"] * 3


def test_the_reveal_after_a_discard_that_completes_a_column_clears_it() -> None:
    state = SkyjoState.from_deal(
        [SEVENS_IN_COLUMN_0, LOW], [5], [0], setup=False, face_up=[[0, 4], []]
    )
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    assert events_json(state.apply(0, Reveal(8))) == [
        {"type": "reveal", "seat": 0, "pos": 8, "card": 7},
        {"type": "clear", "seat": 0, "positions": [0, 4, 8], "card": 7},
        {"type": "turn", "seat": 1},
    ]
    assert state.discard[-3:] == [7, 7, 7]  # the column's value is the new top discard
    assert state.layout_score(0) == sum(SEVENS_IN_COLUMN_0) - 21

"""The round's turn count (``turn_number``, public: anyone at the table can count the turns;
the bots pace their calls by it): 0 during the deal's look, 1 at the first turn, one
more for each turn begun, a skipped turn not counted, and 0 again at the next deal."""

import cardtable
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    DISCARD,
    DRAW,
    LOOK,
    PASS,
    TAKE_DISCARD,
    Replace,
)
from cardtable.games.cactus.state import CactusState

from .deals import P0, P1, P2
from .scenarios import after


def test_no_turn_is_counted_until_everyone_has_looked() -> None:
    state = cardtable.make("cactus", 3, seed=4)
    assert isinstance(state, CactusState)
    assert state.turn_number == 0
    state.apply(2, LOOK)
    state.apply(0, LOOK)
    assert state.turn_number == 0
    state.apply(1, LOOK)
    assert state.turn_number == 1


def test_each_turn_begun_counts_once_and_the_next_deal_starts_again() -> None:
    state = after([P0, P1], ["4c", "4s", "4h"], [], options={"target_score": 300})
    assert state.turn_number == 1
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    assert state.turn_number == 1  # seat 1's window is still part of seat 0's turn
    state.apply(1, PASS)
    assert state.turn_number == 2 and state.current == 1
    state.apply(1, CALL_CACTUS)
    assert state.turn_number == 3 and state.current == 0
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    state.apply(1, PASS)
    assert state.round == 2 and state.turn_number == 0


def test_a_skipped_turn_is_not_counted() -> None:
    """After seat 1's call, seat 3 has no card and nothing can be drawn: skipped."""
    state = after(
        [P0, P1, P2, [None]],
        [],
        [(2, TAKE_DISCARD), (2, Replace(0)), (0, PASS)],
        discard=["4c"],
        caller=1,
        current=2,
    )
    assert state.turn_number == 1
    events = state.apply(1, PASS)
    assert [e.type for e in events][-2:] == ["turn_skipped", "turn"]
    assert state.current == 0 and state.turn_number == 2

"""Bad deals and bad moves in Skyjo are refused with the reason a person reads."""

import pytest

from cardtable.engine import IllegalActionError, StateFormatError
from cardtable.games.skyjo.actions import DRAW, Replace, Reveal
from cardtable.games.skyjo.state import SkyjoState

LOW = list(range(1, 13))


def deal(layouts=(LOW, LOW), discard=(5,), draw_pile=(0, 0), **kw):
    return SkyjoState.from_deal([list(x) for x in layouts], list(discard), list(draw_pile), **kw)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"layouts": [LOW]}, "Skyjo is for 2 to 8 players, not 1"),
        ({"layouts": [LOW] * 9}, "Skyjo is for 2 to 8 players, not 9"),
        ({"discard": [13]}, "not Skyjo card values: [13]"),
        ({"draw_pile": [0, True, "3"]}, "not Skyjo card values: [True, '3']"),
        ({"layouts": [LOW, LOW[:11]]}, "each layout must have 12 cards"),
        ({"draw_pile": [-2] * 6}, "the deck has 5 cards of value -2, the deal has 6"),
        ({"current": 2}, "current must be a seat (0..1), not 2"),
        ({"current": -1}, "current must be a seat (0..1), not -1"),
        ({"face_up": [[0], [12]]}, "face-up positions of seat 1 must be 0..11"),
        ({"face_up": [[-1]]}, "face-up positions of seat 0 must be 0..11"),
        ({"face_up": [[0], [1], [2]]}, "face_up lists 3 seats, the deal has 2"),
        ({"totals": [10, 20, 30]}, "totals must give a score for each of the 2 seats"),
        ({"totals": [10]}, "totals must give a score for each of the 2 seats"),
    ],
)
def test_bad_deals_are_refused_with_the_reason(kwargs, message):
    with pytest.raises(StateFormatError) as refused:
        deal(**kwargs)
    assert str(refused.value) == message


def test_the_setup_allows_only_reveals_of_face_down_cards():
    state = deal()
    state.apply(0, Reveal(3))
    for action, message in (
        (DRAW, "the setup phase only allows reveals"),
        (Reveal(3), "position 3 is not face down"),
        (Reveal(12), "position 12 is not 0..11"),
        (Replace(0), "the setup phase only allows reveals"),
    ):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(0, action)
        assert str(refused.value) == f"seat 0 cannot {action}: {message}"


def test_a_deal_without_setup_starts_with_the_turn_of_current():
    state = deal(setup=False, current=1, face_up=[[0, 1], []])
    assert state.to_act == (1,) and state.view(0)["phase"] == "turn"
    assert state.view(0)["layouts"][0][:3] == [1, 2, "hidden"]
    assert deal(options={"initial_reveals": 0}).view(0)["phase"] == "turn"


@pytest.mark.parametrize(
    ("field", "change"),
    [
        ("cards", lambda rows: rows[:1]),
        ("cards", lambda rows: [rows[0], rows[1][:11]]),
        ("status", lambda rows: [*rows, rows[0]]),
        ("status", lambda rows: [rows[0][:11], rows[1]]),
    ],
)
def test_a_saved_state_with_a_layout_of_the_wrong_shape_is_refused(field, change):
    saved = deal().to_json()
    saved["state"][field] = change(saved["state"][field])
    with pytest.raises(StateFormatError) as refused:
        SkyjoState.from_json(saved)
    assert (
        str(refused.value) == "a Skyjo state has 12 cards and 12 statuses for each of its 2 seats"
    )


def test_a_saved_state_with_totals_for_another_number_of_seats_is_refused():
    saved = deal().to_json()
    saved["totals"] = [0, 0, 0]
    with pytest.raises(StateFormatError) as refused:
        SkyjoState.from_json(saved)
    assert str(refused.value) == "totals must give a score for each of the 2 seats"

"""``LastCardState.from_deal``'s arguments beyond the cards: a table of ten, the seed a
scenario replays with, who starts the next round, and card names that are not strings."""

from typing import Any

import pytest

from cardtable.engine import StateFormatError
from cardtable.games.lastcard.actions import DRAW, Play
from cardtable.games.lastcard.state import LastCardState

from ..engine.roundtrips import events_json


def test_ten_players_may_be_dealt_and_play() -> None:
    hands = [[f"R{n}"] for n in range(1, 10)] + [["G5", "B5", "G8"]]
    state = LastCardState.from_deal(hands, ["Y5"], ["B9"], current=9)
    assert state.num_players == 10 and state.view(3)["hand_sizes"] == [1] * 9 + [3]
    assert state.legal_actions(9) == [Play("G5", None, False), Play("B5", None, False)]
    state.apply(9, Play("G5", None, False))
    assert state.current == 0  # play goes round from the tenth seat to the first


def reshuffling_deal(**kwargs: Any) -> LastCardState:
    """Seat 0 must draw from an empty pile: the discard under the top is reshuffled."""
    discard = ["R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "G1", "G2", "B5"]
    return LastCardState.from_deal(
        [["Y1", "Y2"], ["Y3", "Y4"]], discard, [], options={"voluntary_draw": True}, **kwargs
    )


def test_a_deal_without_a_seed_is_seeded_with_zero_and_replays_the_same() -> None:
    state = reshuffling_deal()
    assert state.seed == 0 and state.record()["seed"] == 0
    drawn = events_json(state.apply(0, DRAW))
    assert drawn == events_json(reshuffling_deal().apply(0, DRAW))
    assert drawn == events_json(reshuffling_deal(seed=0).apply(0, DRAW))
    assert reshuffling_deal(seed=5).seed == 5


def test_the_next_round_is_started_by_the_starter_given_else_by_the_player_to_act() -> None:
    hands = [["R1", "G2"], ["Y4", "R5"], ["B1", "B2"]]
    assert LastCardState.from_deal(hands, ["R9"], [], current=1).view(0)["starter"] == 1
    given = LastCardState.from_deal(hands, ["R9"], [], current=1, starter=2)
    assert (given.current, given.starter, given.view(None)["starter"]) == (1, 2, 2)


@pytest.mark.parametrize("name", [["R1"], {"card": "R1"}, None, 1.5])
def test_a_card_that_is_not_a_name_is_refused_as_a_bad_deal(name: object) -> None:
    with pytest.raises(StateFormatError) as refused:
        LastCardState.from_deal([["R1", name], ["G2"]], ["R5"], [])  # type: ignore[list-item]
    assert str(refused.value) == f"hand of seat 0: {name!r} is not a Last Card card"

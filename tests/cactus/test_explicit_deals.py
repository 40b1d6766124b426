"""Explicit deals (``CactusState.from_deal``, for scenarios and bug reports): the tables
it accepts (rule page: "2 to 8 players"), the seats it refuses, and that a deal written
out by hand is exactly the position a dealt match reaches after everyone has looked."""

import pytest

import cardtable
from cardtable.engine import StateFormatError
from cardtable.games.cactus.actions import LOOK
from cardtable.games.cactus.cards import NAMES, card, cards
from cardtable.games.cactus.state import CactusState

from ..engine.roundtrips import seen_by_all
from .deals import P0, P1


def table_of(players: int) -> tuple[list[list[str | None]], list[str]]:
    """Four cards each, in deck order, and the rest of the deck as the draw pile."""
    layouts: list[list[str | None]] = [list(NAMES[4 * p : 4 * p + 4]) for p in range(players)]
    return layouts, list(NAMES[4 * players :])


def test_a_table_of_eight_may_be_dealt() -> None:
    layouts, draw = table_of(8)
    state = CactusState.from_deal(layouts, draw)
    assert state.num_players == 8
    assert state.to_act == (0,)
    assert [len(row) for row in state.view(7)["layouts"]] == [4] * 8


@pytest.mark.parametrize("players", [1, 9])
def test_a_table_outside_2_to_8_players_is_refused(players: int) -> None:
    layouts, draw = table_of(players)
    with pytest.raises(StateFormatError) as refused:
        CactusState.from_deal(layouts, draw)
    assert str(refused.value) == f"Cactus is for 2 to 8 players, not {players}"


@pytest.mark.parametrize(("current", "caller"), [(2, None), (-1, None), (0, 2), (0, -1), (1, 3)])
def test_a_seat_outside_the_table_is_refused_to_play_or_to_have_called(
    current: int, caller: int | None
) -> None:
    with pytest.raises(StateFormatError) as refused:
        CactusState.from_deal([P0, P1], ["7c"], current=current, caller=caller)
    assert str(refused.value) == "seats are 0..1"


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 11), (5, 2)])
def test_a_deal_copied_from_a_dealt_match_is_the_same_position(players: int, seed: int) -> None:
    """Slots 0 and 1 known to their owners, seat 0 at its first turn, nobody called."""
    dealt = cardtable.make("cactus", players, seed=seed)
    for seat in range(players):
        dealt.apply(seat, LOOK)
    assert isinstance(dealt, CactusState)
    copied = CactusState.from_deal(
        [[NAMES[c] for c in row] for row in dealt.cards], [NAMES[c] for c in dealt.draw_pile]
    )
    assert copied.to_json()["state"] == dealt.to_json()["state"]
    assert seen_by_all(copied) == seen_by_all(dealt)
    assert copied.turn_number == dealt.turn_number == 1


def test_a_deal_without_a_seed_is_the_deal_with_seed_0() -> None:
    """Its later shuffles (a reshuffled pile, the next round's deal) are seed 0's."""
    unseeded = CactusState.from_deal([P0, P1], ["7c", "7d"])
    seeded = CactusState.from_deal([P0, P1], ["7c", "7d"], seed=0)
    assert unseeded.seed == 0
    assert unseeded.to_json() == seeded.to_json()


def test_a_deal_with_a_seed_keeps_it_for_its_shuffles() -> None:
    one = CactusState.from_deal([P0, P1], ["7c", "7d"], seed=9)
    other = CactusState.from_deal([P0, P1], ["7c", "7d"], seed=9)
    assert one.seed == 9
    assert one.rng_state() == other.rng_state()
    assert one.rng_state() != CactusState.from_deal([P0, P1], ["7c", "7d"]).rng_state()


def test_a_row_of_card_names_reads_as_those_cards() -> None:
    names = ["7h", "10s", "Kd", "Ac"]
    assert cards(names) == [card(n) for n in names]
    assert [NAMES[c] for c in cards(names)] == names

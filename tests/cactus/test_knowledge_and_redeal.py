"""What each seat knows (``knows``, ``known_cards``; the rules page's "What you know, and
when you forget"), and the re-deal of a search (``determinize``): it keeps every card the
seat knows, re-deals the others, never depends on a card the seat cannot know (such as
the card another player has just drawn), and leaves each of the 52 cards in one place."""

import random

import pytest

import cardtable
from cardtable.games.cactus.actions import (
    DISCARD,
    DRAW,
    LOOK,
    PASS,
    ChooseOpponent,
    PeekOpponent,
    PeekOwn,
    Swap,
    Throw,
)
from cardtable.games.cactus.cards import DECK, EMPTY, NAMES, card
from cardtable.games.cactus.state import DRAWN, CactusState

from ..engine.roundtrips import check_determinize, walk
from .deals import P0, P1, P2
from .scenarios import after


def every_card(state: CactusState) -> list[int]:
    """The cards of the layouts, both piles and the hand, sorted."""
    laid = [c for row in state.cards for c in row if c != EMPTY]
    held = [] if state.holding == EMPTY else [state.holding]
    return sorted(laid + state.draw_pile + state.discard + held)


def test_after_the_deal_each_seat_knows_its_own_slots_0_and_1_alone() -> None:
    state = CactusState.from_deal([P0, P1, P2], ["7c", "7d"])
    rows = [P0, P1, P2]
    for seat in range(3):
        for owner in range(3):
            for slot in range(4):
                assert state.knows(seat, owner, slot) == (owner == seat and slot < 2)
        assert state.known_cards(seat) == {(seat, s): card(rows[seat][s]) for s in (0, 1)}


def test_a_dealt_match_knows_nothing_until_each_seat_looks() -> None:
    state = cardtable.make("cactus", 2, seed=3)
    assert isinstance(state, CactusState)
    assert not any(state.knows(0, owner, slot) for owner in (0, 1) for slot in range(4))
    state.apply(0, LOOK)
    assert [state.knows(0, 0, slot) for slot in range(4)] == [True, True, False, False]
    assert not any(state.knows(1, 0, slot) for slot in range(4))


def test_a_card_thrown_right_leaves_a_slot_nobody_knows() -> None:
    """Seat 1 throws its 7 on the discarded 7: the slot stays empty, known to none."""
    state = CactusState.from_deal([P0, ["7s", "4d", "5h", "6s"]], ["7c", "7d"])
    state.apply(0, DRAW)
    state.apply(0, DISCARD)
    state.apply(0, PeekOwn(2))
    state.apply(1, Throw(0))
    assert state.cards[1][0] == EMPTY
    assert not any(state.knows(seat, 1, 0) for seat in (0, 1))
    assert (1, 0) not in state.known_cards(1)
    assert state.known_cards(1) == {(1, 1): card("4d")}


def drawn_twins() -> tuple[CactusState, CactusState]:
    """Seat 0 has drawn: the Kh in one world, the 7d in the other, the draw pile
    holding the card not drawn. Seat 1 cannot tell the two apart."""
    worlds = (
        CactusState.from_deal([P0, P1], ["7c", "7d", "Kh"]),
        CactusState.from_deal([P0, P1], ["7c", "Kh", "7d"]),
    )
    for world in worlds:
        world.apply(0, DRAW)
    return worlds


def test_the_card_another_player_drew_plays_no_part_in_a_re_deal() -> None:
    one, other = drawn_twins()
    assert (one.holding, other.holding) == (card("Kh"), card("7d"))
    for seed in range(6):
        for informed in (False, True):
            a = one.determinize(1, random.Random(seed), informed=informed)
            b = other.determinize(1, random.Random(seed), informed=informed)
            assert a.to_json() == b.to_json()


def test_the_drawn_card_is_re_dealt_for_others_and_kept_for_its_drawer() -> None:
    state = drawn_twins()[0]
    held = set()
    for seed in range(12):
        for_the_other = state.determinize(1, random.Random(seed))
        assert for_the_other.phase == DRAWN and for_the_other.holding != EMPTY
        assert every_card(for_the_other) == every_card(state)
        held.add(for_the_other.holding)
        assert state.determinize(0, random.Random(seed)).holding == card("Kh")
    assert len(held) > 1


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"memory_aid": True, "snap_opponent": True}), (4, {"self_snap": True})],
)
def test_a_re_deal_keeps_what_the_seat_knows_and_each_card_once(
    players: int, options: dict[str, object]
) -> None:
    rng = random.Random(players)
    state = cardtable.make("cactus", players, seed=players, options=options)
    assert isinstance(state, CactusState)
    for step, _ in enumerate(walk(state, rng, 160)):
        if step % 3:
            continue
        seat = rng.randrange(players)
        for informed in (False, True):
            world = state.determinize(seat, random.Random(step), informed=informed)
            assert every_card(world) == list(DECK)
            assert world.known_cards(seat) == state.known_cards(seat)
            assert world.discard == state.discard
            if seat == state.current:
                assert world.holding == state.holding
        check_determinize(state, seat, rng)


def test_a_re_deal_shows_no_card_name_the_seat_has_not_seen() -> None:
    """The re-dealt world's own view for the seat names exactly the cards it knows."""
    state = CactusState.from_deal([P0, P1], ["7c", "7d", "Kh"], options={"memory_aid": True})
    world = state.determinize(1, random.Random(2))
    shown = [c for row in world.view(1)["layouts"] for c in row if c != "hidden"]
    assert shown == [NAMES[card(c)] for c in P1[:2]]


def test_looking_at_a_card_leaves_what_others_know_of_it() -> None:
    """Seat 0's 9 looks at seat 1's slot 0, which seat 1 saw at the deal: both know it."""
    state = after([P0, P1], ["9c"], [(0, DRAW), (0, DISCARD)], options={"memory_aid": True})
    state.apply(0, PeekOpponent(1, 0))
    for seat in (0, 1):
        assert state.known_cards(seat)[(1, 0)] == card("3c")
        assert state.view(seat)["layouts"][1][0] == "3c"


def test_a_card_followed_through_a_swap_shows_again_once_its_follower_looks_at_it() -> None:
    """Seat 0's queen swaps its 2c (slot 0) with seat 1's 4d (slot 1); each follows its
    own card, which the memory aid hides, until a 9 shows it to them again."""
    state = after(
        [P0, P1],
        ["9s", "9c", "Qc"],
        [(0, DRAW), (0, DISCARD), (0, ChooseOpponent(1, 1)), (0, Swap(0)), (1, PASS)],
        options={"memory_aid": True},
    )
    assert state.known_cards(1)[(0, 0)] == card("4d") and state.view(1)["layouts"][0][0] == "hidden"
    assert state.known_cards(0)[(1, 1)] == card("2c") and state.view(0)["layouts"][1][1] == "hidden"
    for seat, owner, slot, shown in ((1, 0, 0, "4d"), (0, 1, 1, "2c")):
        state.apply(seat, DRAW)
        state.apply(seat, DISCARD)
        state.apply(seat, PeekOpponent(owner, slot))
        assert state.view(seat)["layouts"][owner][slot] == shown
        state.apply(1 - seat, PASS)

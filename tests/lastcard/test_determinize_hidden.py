"""Determinization re-deals only what the seat cannot know, consistently: a card another
player has just drawn is one of that player's re-dealt cards rather than the real one,
and whether a +4 facing a challenge was a bluff follows the re-dealt hand of its player."""

import random

from cardtable.games.lastcard.actions import CHALLENGE, Play
from cardtable.games.lastcard.state import PLAY_DRAWN, LastCardState

#: Enough different cards that a re-deal rarely gives a seat its real hand back.
MIXED_PILE = ["R2", "R3", "B3", "B4", "R6", "G7", "B8", "Y9", "R8", "G2", "Y3", "Bskip"]
WORLDS = 40


def waiting_with_a_drawn_card() -> LastCardState:
    """Seat 0 cannot play on the red 5: it has drawn the blue Skip and decides about it."""
    state = LastCardState.from_deal(
        [["Y2", "G4"], ["Y5", "G1"], ["B1", "Y7", "G9"]], ["R5"], MIXED_PILE
    )
    assert (state.phase, state.current, state.view(0)["drawn"]) == (PLAY_DRAWN, 0, "Bskip")
    return state


def test_a_card_drawn_by_another_player_is_re_dealt_as_one_of_their_cards() -> None:
    state = waiting_with_a_drawn_card()
    rng = random.Random(3)
    drawn = set()
    for _ in range(WORLDS):
        world = state.determinize(1, rng)
        assert world.phase == PLAY_DRAWN and world.current == 0
        hidden = world.view(0)
        assert hidden["drawn"] in hidden["hand"] and len(hidden["hand"]) == 3
        assert world.view(1) == state.view(1)
        drawn.add(hidden["drawn"])
    assert len(drawn) > 3  # not the real card every time: seat 1 cannot know it


def test_the_drawer_keeps_the_card_it_drew_in_every_world() -> None:
    state = waiting_with_a_drawn_card()
    rng = random.Random(4)
    for _ in range(WORLDS):
        world = state.determinize(0, rng)
        assert world.view(0) == state.view(0)
        assert world.legal_actions(0) == state.legal_actions(0)


def challenged_plus_four() -> LastCardState:
    """Seat 0 has played a +4 on a red 5 holding a red 1: a bluff; seat 1 may challenge."""
    state = LastCardState.from_deal(
        [["+4", "R1", "G9"], ["G1", "G2"], ["Y1", "Y2"]],
        ["R5"],
        MIXED_PILE,
        options={"challenge_plus_four": True},
    )
    state.apply(0, Play("+4", "green", False))
    return state


def test_a_challenge_in_a_re_dealt_world_is_judged_by_that_worlds_hand() -> None:
    """Seat 1 does not know seat 0's hand, so in its worlds the +4 was a bluff exactly when
    the re-dealt hand holds red; seat 0 knows its own red 1, so in its worlds it always was."""
    state = challenged_plus_four()
    rng = random.Random(5)
    verdicts = set()
    for seat in (1, 2, 0):
        for _ in range(WORLDS):
            world = state.determinize(seat, rng)
            red = any(card.startswith("R") for card in world.view(0)["hand"])
            events = world.apply(1, CHALLENGE)
            guilty = next(e.data["guilty"] for e in events if e.type == "challenge")
            assert guilty is red
            verdicts.add(guilty)
        if seat == 1:
            assert verdicts == {False, True}

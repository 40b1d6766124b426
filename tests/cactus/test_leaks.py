"""Leak property: a face-down card nobody has seen, and the card another seat draws,
show nowhere until the rules show them."""

import random

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from cardtable.games.cactus.cards import EMPTY
from cardtable.games.cactus.state import LOOK_PHASE

from ..engine.twins import (
    assert_the_top_card_is_the_takers_alone,
    assert_two_unknown_cards_stay_unknown,
    random_point,
)

MATCHES = settings(max_examples=80, deadline=None)
OPTIONS = st.fixed_dictionaries(
    {
        "self_snap": st.booleans(),
        "memory_aid": st.booleans(),
        "black_king_swap_optional": st.booleans(),
        "wrong_throw_penalty": st.integers(1, 2),
        "snap_opponent": st.booleans(),
    }
)


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(6, 100))
# A jack's swap chosen before moves one of the two cards to seat 0, where a wrong throw
# on an opponent's card then rightly shows it.
@example(
    3,
    376,
    {
        "self_snap": False,
        "memory_aid": False,
        "black_king_swap_optional": False,
        "wrong_throw_penalty": 1,
        "snap_opponent": True,
    },
    6,
)
def test_no_seat_can_tell_two_unseen_cards_apart(players, seed, options, split):
    a = random_point("cactus", players, seed, options, split)
    assume(not a.is_over and a.phase != LOOK_PHASE)  # the look shows slots 0 and 1
    rng = random.Random(split)
    owner = rng.randrange(players)
    row = a.cards[owner]
    unseen = [
        s
        for s, card in enumerate(row)
        if card != EMPTY and not a.seen[owner][s] and not a.followed[owner][s]
    ]
    assume(len(unseen) >= 2)
    i, j = rng.sample(unseen, 2)
    assert_two_unknown_cards_stay_unknown(a, rng, owner, (i, j), "slot")


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(0, 80))
def test_a_drawn_card_is_the_drawers_alone(players, seed, options, split):
    a = random_point("cactus", players, seed, options, split)
    assume(not a.is_over and len(a.draw_pile) >= 4 and a.draw_pile[0] != a.draw_pile[-1])
    assert_the_top_card_is_the_takers_alone(a, random.Random(split), takers)


def takers(events):
    """Who took the top of the pile: a drawer (who shows it by discarding it or keeps
    it) or a wrong thrower, whose penalty card nobody sees."""
    return {e.data["seat"] for e in events if e.type in ("draw", "penalty")}

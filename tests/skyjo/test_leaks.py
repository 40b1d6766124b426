"""Leak property: face-down cards and the card another seat draws show nowhere until
the rules turn them face up."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardtable.games.skyjo.state import DOWN

from ..engine.twins import (
    assert_the_top_card_is_the_takers_alone,
    assert_two_unknown_cards_stay_unknown,
    random_point,
)

MATCHES = settings(max_examples=80, deadline=None)
OPTIONS = st.fixed_dictionaries({"initial_reveals": st.integers(0, 3), "clear_rows": st.booleans()})


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(0, 80))
def test_no_seat_can_tell_two_face_down_cards_apart(players, seed, options, split):
    a = random_point("skyjo", players, seed, options, split)
    assume(not a.is_over)
    rng = random.Random(split)
    owner = rng.randrange(players)
    down = [p for p, status in enumerate(a.status[owner]) if status == DOWN]
    assume(len(down) >= 2)
    i, j = rng.sample(down, 2)
    assume(a.cards[owner][i] != a.cards[owner][j])
    assert_two_unknown_cards_stay_unknown(a, rng, owner, (i, j), "pos")


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(0, 80))
def test_a_drawn_card_is_the_drawers_alone_until_it_is_placed(players, seed, options, split):
    a = random_point("skyjo", players, seed, options, split)
    assume(not a.is_over and len(a.draw_pile) >= 4 and a.draw_pile[0] != a.draw_pile[-1])
    assert_the_top_card_is_the_takers_alone(a, random.Random(split), drawers)


def drawers(events):
    """Who drew from the pile: placing or discarding the card then shows it to all."""
    return {e.data["seat"] for e in events if e.type == "draw"}

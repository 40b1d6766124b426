"""Leak property: face-down cards and the card another seat draws show nowhere until
the rules turn them face up."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.games.skyjo.state import DOWN, SkyjoState

from ..engine.twins import assert_alike, ends_round, everyone, first_drawer, lockstep, names_a_slot

MATCHES = settings(max_examples=80, deadline=None)
OPTIONS = st.fixed_dictionaries({"initial_reveals": st.integers(0, 3), "clear_rows": st.booleans()})


def random_point(players: int, seed: int, options: dict, split: int) -> SkyjoState:
    state = cardtable.make("skyjo", players, seed=seed, options=options)
    assert isinstance(state, SkyjoState)
    rng = random.Random(seed)
    for _ in range(split):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(0, 80))
def test_no_seat_can_tell_two_face_down_cards_apart(players, seed, options, split):
    a = random_point(players, seed, options, split)
    assume(not a.is_over)
    rng = random.Random(split)
    owner = rng.randrange(players)
    down = [p for p, status in enumerate(a.status[owner]) if status == DOWN]
    assume(len(down) >= 2)
    i, j = rng.sample(down, 2)
    assume(a.cards[owner][i] != a.cards[owner][j])
    b = a.clone()
    b.cards[owner][i], b.cards[owner][j] = b.cards[owner][j], b.cards[owner][i]
    assert_alike(a, b, [], [], everyone(a))

    def hidden_stays_hidden(seat, action):
        return not names_a_slot(seat, action, owner, {i, j}, "pos")

    for _, _, events_a, events_b in lockstep(a, b, rng, hidden_stays_hidden):
        if ends_round(events_a) or ends_round(events_b):
            break  # the round's end turns every card face up
        assert_alike(a, b, events_a, events_b, everyone(a))


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(0, 80))
def test_a_drawn_card_is_the_drawers_alone_until_it_is_placed(players, seed, options, split):
    a = random_point(players, seed, options, split)
    assume(not a.is_over and len(a.draw_pile) >= 4 and a.draw_pile[0] != a.draw_pile[-1])
    b = a.clone()  # the same match but for the card on top of the draw pile
    b.draw_pile[0], b.draw_pile[-1] = b.draw_pile[-1], b.draw_pile[0]
    assert_alike(a, b, [], [], everyone(a))
    for _, _, events_a, events_b in lockstep(a, b, random.Random(split)):
        drawer = first_drawer(events_a)
        assert_alike(a, b, events_a, events_b, [s for s in everyone(a) if s != drawer])
        if drawer is not None:
            break  # placing or discarding it shows it to everyone

"""Leak property: a face-down card nobody has seen, and the card another seat draws,
show nowhere until the rules show them."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.games.cactus.cards import EMPTY
from cardtable.games.cactus.state import LOOK_PHASE, CactusState

from ..engine.twins import assert_alike, ends_round, everyone, lockstep, names_a_slot

MATCHES = settings(max_examples=80, deadline=None)
OPTIONS = st.fixed_dictionaries(
    {
        "self_snap": st.booleans(),
        "memory_aid": st.booleans(),
        "black_king_swap_optional": st.booleans(),
    }
)


def random_point(players: int, seed: int, options: dict, split: int) -> CactusState:
    state = cardtable.make("cactus", players, seed=seed, options=options)
    assert isinstance(state, CactusState)
    rng = random.Random(seed)
    for _ in range(split):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(6, 100))
def test_no_seat_can_tell_two_unseen_cards_apart(players, seed, options, split):
    a = random_point(players, seed, options, split)
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
    b = a.clone()
    b.cards[owner][i], b.cards[owner][j] = b.cards[owner][j], b.cards[owner][i]
    assert_alike(a, b, [], [], everyone(a))

    def unseen_stays_unseen(seat, action):
        return not names_a_slot(seat, action, owner, {i, j}, "slot")

    for _, _, events_a, events_b in lockstep(a, b, rng, unseen_stays_unseen):
        if ends_round(events_a) or ends_round(events_b):
            break  # the round's end shows every card
        assert_alike(a, b, events_a, events_b, everyone(a))


@MATCHES
@given(st.integers(2, 5), st.integers(0, 2**32), OPTIONS, st.integers(0, 80))
def test_a_drawn_card_is_the_drawers_alone(players, seed, options, split):
    a = random_point(players, seed, options, split)
    assume(not a.is_over and len(a.draw_pile) >= 4 and a.draw_pile[0] != a.draw_pile[-1])
    b = a.clone()  # the same match but for the card on top of the draw pile
    b.draw_pile[0], b.draw_pile[-1] = b.draw_pile[-1], b.draw_pile[0]
    assert_alike(a, b, [], [], everyone(a))
    for _, _, events_a, events_b in lockstep(a, b, random.Random(split)):
        takers = {int(e.data["seat"]) for e in events_a if e.type in ("draw", "penalty")}
        if ends_round(events_a):
            break
        assert_alike(a, b, events_a, events_b, [s for s in everyone(a) if s not in takers])
        if takers:
            break  # its drawer shows it by discarding it, or keeps it where nobody sees

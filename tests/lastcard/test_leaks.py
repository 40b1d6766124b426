"""Leak property: a card another seat draws tells no one else anything, not even
whether it could be played (rule 3 asks the drawer after every draw)."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardtable.engine.events import Event, events_for
from cardtable.games.lastcard.actions import KEEP, Play
from cardtable.games.lastcard.cards import BIT
from cardtable.games.lastcard.state import PLAY_DRAWN, LastCardState

from ..engine.twins import (
    assert_alike,
    everyone,
    first_drawer,
    lockstep,
    random_point,
    with_pile_ends_swapped,
)

#: With ``play_drawn`` off a drawer's turn just ends, so whether they can play when the
#: turn next reaches them shows (rule 3), maybe within the same action: the property is
#: about the decision ``play_drawn`` asks for.
OPTIONS = st.fixed_dictionaries(
    {
        "voluntary_draw": st.booleans(),
        "play_drawn": st.just(True),
        "stack_plus_two": st.booleans(),
        "missed_call_penalty": st.integers(0, 2),
    }
)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), OPTIONS, st.integers(0, 120))
def test_no_one_but_the_drawer_learns_anything_from_a_drawn_card(players, seed, options, split):
    a = random_point("lastcard", players, seed, options, split)
    assume(not a.is_over and len(a.draw_pile) >= 8 and a.draw_pile[0] != a.draw_pile[-1])
    b = with_pile_ends_swapped(a)
    assert_alike(a, b, [], [], everyone(a))
    drawer = None
    for _, _, events_a, events_b in lockstep(a, b, random.Random(split)):
        if drawer is None:
            drawer = first_drawer(events_a)
        watchers = [s for s in everyone(a) if s != drawer]
        if drawer is not None:
            cut_a, cut_b = shown_from(events_a, drawer), shown_from(events_b, drawer)
            if cut_a is not None or cut_b is not None:
                for seat in watchers:
                    assert events_for(events_a[:cut_a], seat) == events_for(events_b[:cut_b], seat)
                break
        assert_alike(a, b, events_a, events_b, watchers)
        if drawer is not None and not (a.phase == PLAY_DRAWN and a.current == drawer):
            break  # the drawer has decided: from now on they play another hand


def shown_from(events: list[Event], drawer: int) -> int | None:
    """Where, in ``events``, the rules may start to show something of the drawn card:
    the round's end (all hands are shown), or the drawer's next turn after their draw
    in the same action (a missed call and a Skip), which shows whether they can play."""
    drawn = False
    for i, e in enumerate(events):
        if e.type == "round_end":
            return i
        if e.type == "draw" and e.data["seat"] == drawer:
            drawn = True
        elif drawn and e.type == "turn" and e.data["seat"] == drawer:
            return i
    return None


def test_a_kept_card_that_fits_and_one_that_does_not_look_the_same():
    """The case the property is about, from an explicit deal: seat 1 draws a red 4 in
    one world and a yellow 4 in the other, on a red 9, and keeps it."""
    worlds = []
    for drawn in ("R4", "Y4"):
        state = LastCardState.from_deal(
            [["R9", "R3", "G4"], ["B1", "G2"], ["B2", "G3"]], ["R5"], ["B5", drawn]
        )
        events = state.apply(0, Play("R9", None, False))
        worlds.append((state, events))
    (a, events_a), (b, events_b) = worlds
    assert bool(a.playable & BIT[a.drawn]) != bool(b.playable & BIT[b.drawn])
    assert_alike(a, b, events_a, events_b, [0, 2, None])
    assert_alike(a, b, a.apply(1, KEEP), b.apply(1, KEEP), [0, 2, None])

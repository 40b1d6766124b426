"""Property tests over many seeded random Last Card matches."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.engine import events_for
from cardtable.games.lastcard.actions import Play
from cardtable.games.lastcard.cards import BIT, CODE, DECK, NAMES, PENALTY, POINTS
from cardtable.games.lastcard.state import PLAY_DRAWN, TURN, LastCardState

OPTIONS = st.fixed_dictionaries(
    {
        "target_score": st.integers(1, 300),
        "voluntary_draw": st.booleans(),
        "play_drawn": st.booleans(),
        "stack_plus_two": st.booleans(),
        "stack_plus_four": st.booleans(),
        "plus_four_on_plus_two": st.booleans(),
        "missed_call_penalty": st.integers(0, 3),
    }
)
MATCHES = settings(max_examples=25, deadline=None)


def new_match(players, seed, options):
    state = cardtable.make("lastcard", players, seed=seed, options=options)
    assert isinstance(state, LastCardState)
    return state


def played(players, seed, options, split):
    """A new match after ``split`` random actions (chosen with ``Random(seed)``)."""
    state = new_match(players, seed, options)
    play_on(state, random.Random(seed), split)
    return state


def play_on(state, rng, limit):
    """Apply up to ``limit`` random actions."""
    for _ in steps(state, rng, limit):
        pass


def steps(state, rng, limit):
    """Yield (seat, action, events) for up to ``limit`` random actions."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        yield seat, action, state.apply(seat, action)


def strings(data):
    """Every string inside a JSON value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return set().union(*map(strings, data)) if data else set()
    return set()


def all_cards(state):
    held = [t for counts in state.counts for t in range(54) for _ in range(counts[t])]
    return sorted(held + state.draw_pile + state.discard)


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS)
def test_cards_conserved_and_pending_is_the_stacked_penalty(players, seed, options):
    state = new_match(players, seed, options)
    stacked = 0
    for _, _, events in steps(state, random.Random(seed), 600):
        for e in events:
            if e.type == "play":
                stacked += PENALTY[CODE[e.data["card"]]]
            elif (e.type == "draw" and e.data["reason"] == "penalty") or e.type == "round_start":
                stacked = 0
        assert all_cards(state) == sorted(DECK)
        assert state.card_count() == 108
        assert state.pending == stacked
        if state.pending:
            assert PENALTY[state.discard[-1]]
        assert state.sizes == [len(state.hand(p)) for p in range(players)]


@MATCHES
@given(st.integers(2, 6), st.integers(0, 2**32), OPTIONS)
def test_round_scores_are_the_points_of_the_losing_hands(players, seed, options):
    state = new_match(players, seed, options)
    rounds = 0
    for _, _, events in steps(state, random.Random(seed), 3000):
        for e in events:
            if e.type != "round_end":
                continue
            rounds += 1
            winner, hands, scores = e.data["winner"], e.data["hands"], e.data["scores"]
            assert hands[winner] == []
            assert scores[winner] == sum(POINTS[CODE[c]] for hand in hands for c in hand)
            assert [s for p, s in enumerate(scores) if p != winner] == [0] * (players - 1)
            assert state.round_scores[rounds - 1] == scores
    assert state.totals == [sum(r[p] for r in state.round_scores) for p in range(players)]
    if state.is_over:
        assert max(state.totals) > options["target_score"]
        assert all(state.totals[w] == max(state.totals) for w in state.winners)


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS)
def test_views_and_events_show_other_hands_only_by_size(players, seed, options):
    state = new_match(players, seed, options)
    for _, _, events in steps(state, random.Random(seed), 300):
        for e in events:
            if e.type in ("drawn", "deal"):
                assert e.audience == (e.data["seat"],)
            else:
                assert e.audience is None
        for seat in (*range(players), None):
            view = json.loads(json.dumps(state.view(seat)))
            if seat is None:
                assert view["hand"] is None
            else:
                assert sorted(CODE[c] for c in view["hand"]) == state.hand(seat)
            assert view["hand_sizes"] == state.sizes
            choosing = state.phase == PLAY_DRAWN and seat == state.current
            assert (view["drawn"] is not None) == choosing
            rest = [v for k, v in view.items() if k not in ("hand", "top", "drawn")]
            assert not strings(rest) & set(CODE)
            for e in events_for(events, seat):
                assert e.type not in ("drawn", "deal") or e.data["seat"] == seat


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS, st.integers(0, 200))
def test_clone_and_replay_reproduce_the_state(players, seed, options, split):
    state = played(players, seed, options, split)
    twin = state.clone()
    moves = random.Random(split)
    for seat, action, _ in steps(state, moves, 200):
        twin.apply(seat, action)
        assert twin.to_json() == state.to_json()
    replayed = cardtable.replay(json.loads(json.dumps(state.record())))
    assert replayed.to_json() == state.to_json()
    restored = cardtable.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS, st.integers(0, 300))
def test_determinize_keeps_what_the_seat_knows(players, seed, options, split):
    state = played(players, seed, options, split)
    for seat in range(players):
        guess = state.determinize(seat, random.Random(seat))
        assert guess.view(seat) == state.view(seat)
        assert guess.discard == state.discard
        assert all_cards(guess) == sorted(DECK)
        assert guess.counts[seat] == state.counts[seat]
        if guess.phase == PLAY_DRAWN:  # the drawn card is one the drawer holds
            assert guess.counts[guess.current][guess.drawn]
        play_on(guess, random.Random(seed), 30)


def assert_offers_the_cards_held(state):
    """The player to act is offered exactly the cards they hold that ``playable`` allows."""
    if state.phase != TURN:
        return
    seat = state.current
    offered = {a.card for a in state.legal_actions(seat) if isinstance(a, Play)}
    assert offered == {NAMES[t] for t in state.hand(seat) if BIT[t] & state.playable}


@MATCHES
@given(st.integers(2, 10), st.integers(0, 2**32), OPTIONS, st.integers(0, 300))
def test_copies_restores_and_redeals_offer_the_cards_really_held(players, seed, options, split):
    """What a turn offers is worked out as it begins: every way of making a state keeps it."""
    state = played(players, seed, options, split)
    restored = cardtable.state_from_json(json.loads(json.dumps(state.to_json())))
    guesses = [state.determinize(seat, random.Random(seat)) for seat in range(players)]
    for made in (state.clone(), restored, *guesses):
        assert_offers_the_cards_held(made)
        for _ in steps(made, random.Random(split), 40):
            assert_offers_the_cards_held(made)
        assert all_cards(made) == sorted(DECK)


def test_determinize_depends_only_on_what_the_seat_knows():
    hands = [["R1", "R2"], ["G3", "wild", "Y9"], ["B4", "Rskip", "+4"]]
    pile = ["Y1", "G7", "B8", "R3"]
    state = LastCardState.from_deal(hands, ["R5"], pile)
    moved = LastCardState.from_deal([hands[0], hands[2], pile[:3]], ["R5"], [*hands[1], "R3"])
    a = state.determinize(0, random.Random(5))
    b = moved.determinize(0, random.Random(5))
    assert a.counts == b.counts and a.draw_pile == b.draw_pile
    assert a.counts[0] == state.counts[0]
    dealt = [c for hand in hands for c in hand]
    assert all_cards(a) == sorted(CODE[c] for c in [*dealt, *pile, "R5"])

"""Property tests over many seeded random Skyjo matches."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.games.skyjo.state import DECK, DOWN, GONE, PLACE_DRAWN, SkyjoState

options = st.fixed_dictionaries(
    {},
    optional={
        "initial_reveals": st.integers(0, 4),
        "clear_columns": st.booleans(),
        "clear_rows": st.booleans(),
        "finisher_multiplier": st.integers(1, 3),
        "target_score": st.integers(1, 150),
    },
)
matches = st.tuples(st.integers(2, 8), st.integers(0, 2**32), options)


def random_steps(state, rng):
    """Yield (seat, action, events) for a random playout to the end."""
    while not state.is_over:
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        yield seat, action, state.apply(seat, action)


def all_cards(state: SkyjoState) -> list[int]:
    cards = state.draw_pile + state.discard
    cards += [c for cs, sts in zip(state.cards, state.status, strict=True)
              for c, s in zip(cs, sts, strict=True) if s != GONE]  # fmt: skip
    return cards + ([state.holding] if state.holding is not None else [])


@settings(max_examples=40, deadline=None)
@given(matches)
def test_cards_conserved_and_scores_follow_the_rules(match):
    players, seed, opts = match
    state = cardtable.make("skyjo", players, seed=seed, options=opts)
    multiplier = state.options.finisher_multiplier
    for _seat, _action, events in random_steps(state, random.Random(seed)):
        if not any(e.type == "round_start" for e in events):
            assert Counter(all_cards(state)) == Counter(DECK)
        for e in events:
            if e.type != "round_end":
                continue
            raw = [
                sum(c for c, gone in zip(layout, removed, strict=True) if not gone)
                for layout, removed in zip(e.data["layouts"], e.data["removed"], strict=True)
            ]
            f = e.data["finisher"]
            penalized = raw[f] > 0 and any(raw[p] <= raw[f] for p in range(players) if p != f)
            expected = raw.copy()
            if penalized:
                expected[f] *= multiplier
            assert e.data["scores"] == expected
            assert e.data["finisher_penalized"] == penalized
    assert state.totals == [sum(r[p] for r in state.round_scores) for p in range(players)]
    low = min(state.totals)
    assert max(state.totals) >= state.options.target_score
    assert state.winners == [p for p, t in enumerate(state.totals) if t == low]


@settings(max_examples=25, deadline=None)
@given(matches)
def test_views_and_events_never_show_an_unseen_card(match):
    players, seed, opts = match
    state = cardtable.make("skyjo", players, seed=seed, options=opts)
    for seat, _action, events in random_steps(state, random.Random(seed)):
        for e in events:
            if e.type == "drawn":
                assert e.audience == (seat,)
            else:
                assert e.audience is None
        if state.is_over:
            break
        for viewer in [None, *range(players)]:
            view = state.view(viewer)
            for p in range(players):
                for pos, shown in enumerate(view["layouts"][p]):
                    status = state.status[p][pos]
                    if status == DOWN:
                        assert shown == "hidden"
                    elif status == GONE:
                        assert shown == "empty"
                    else:
                        assert shown == state.cards[p][pos]
            holding = view["holding"]
            if state.phase == PLACE_DRAWN and viewer != state.current:
                assert holding["card"] is None
            assert set(view) >= {"layouts", "discard_top", "draw_size"}
            assert "draw_pile" not in json.dumps(view)


@settings(max_examples=25, deadline=None)
@given(matches, st.integers(0, 300))
def test_clone_and_replay_give_identical_states(match, cut):
    players, seed, opts = match
    state = cardtable.make("skyjo", players, seed=seed, options=opts)
    rng = random.Random(seed)
    for i, _ in enumerate(random_steps(state, rng)):
        if i == cut:
            break
    twin = state.clone()
    assert twin.to_json() == state.to_json()
    for s in (state, twin):
        for _ in random_steps(s, random.Random(seed + 1)):
            pass
    assert twin.to_json() == state.to_json()
    assert cardtable.replay(state.record()).to_json() == state.to_json()


@settings(max_examples=25, deadline=None)
@given(matches, st.integers(0, 200), st.integers(0, 2**32))
def test_determinize_keeps_what_the_seat_knows(match, cut, sample_seed):
    players, seed, opts = match
    state = cardtable.make("skyjo", players, seed=seed, options=opts)
    for i, _ in enumerate(random_steps(state, random.Random(seed))):
        if i == cut or state.is_over:
            break
    if state.is_over:
        return
    for seat in range(players):
        sampled = state.determinize(seat, random.Random(sample_seed))
        assert sampled.view(seat) == state.view(seat)
        assert Counter(all_cards(sampled)) == Counter(all_cards(state))
        assert sampled.rng.getstate() != state.rng.getstate()
        # The sample does not depend on where the hidden cards really are.
        shuffled = state.clone()
        hidden = [(p, pos) for p in range(players) for pos in range(12)
                  if shuffled.status[p][pos] == DOWN]  # fmt: skip
        values = [shuffled.cards[p][pos] for p, pos in hidden] + shuffled.draw_pile
        random.Random(cut).shuffle(values)
        for (p, pos), v in zip(hidden, values, strict=False):
            shuffled.cards[p][pos] = v
        shuffled.draw_pile = values[len(hidden) :]
        again = shuffled.determinize(seat, random.Random(sample_seed))
        assert again.to_json()["state"] == sampled.to_json()["state"]

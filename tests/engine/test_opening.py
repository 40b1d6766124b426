"""The first round's opening events: ``make`` plays the start of round 1 before anyone
acts, and keeps its events where every later round's come from ``apply``."""

import random

import pytest

import cardtable
from cardtable.engine.events import Event

GAMES = [g.name for g in cardtable.games()]


def start_of(events: list[Event]) -> list[tuple[str, tuple[int, ...] | None]]:
    """The round start and the deal, as (type, audience): their shape, whatever the cards."""
    return [(e.type, e.audience) for e in events if e.type in ("round_start", "deal")]


def next_round_start(state, seed: int) -> list[Event]:
    """Play randomly until an action starts a round; the events from that start on."""
    rng = random.Random(seed)
    while True:
        seat = rng.choice(state.to_act)
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        types = [e.type for e in events]
        if "round_start" in types:
            return events[types.index("round_start") :]


@pytest.mark.parametrize("game", GAMES)
def test_round_one_opens_with_the_events_every_later_round_opens_with(game):
    state = cardtable.make(game, 3, seed=11, options={"target_score": 10_000})
    opening = list(state.opening)
    assert opening[0].type == "round_start" and opening[0].data["round"] == 1
    later = next_round_start(state, seed=11)
    assert later[0].data["round"] == 2
    assert start_of(opening) == start_of(later)


@pytest.mark.parametrize("game", GAMES)
def test_replay_rebuilds_the_opening_and_copies_hold_none(game):
    state = cardtable.make(game, 3, seed=5)
    replayed = cardtable.replay(state.record())
    assert [e.to_json() for e in replayed.opening] == [e.to_json() for e in state.opening]
    assert state.clone().opening == ()
    assert cardtable.state_from_json(state.to_json()).opening == ()


def test_last_card_opening_holds_the_starters_automatic_draw():
    """Rule 3: a starter who cannot play draws at once; round 1 must show that draw too."""
    for seed in range(500):
        state = cardtable.make("lastcard", 2, seed=seed)
        types = [e.type for e in state.opening]
        if "draw" in types:
            break
    else:
        raise AssertionError("no seed below 500 makes the starter draw")
    assert types == ["round_start", "deal", "deal", "turn", "draw", "drawn"]
    drawn = state.opening[-1]
    assert drawn.audience == (0,) and drawn.data["seat"] == 0
    dealt = state.opening[1].data["cards"]
    assert sorted([*dealt, *drawn.data["cards"]]) == sorted(state.view(0)["hand"])
    assert state.view(0)["phase"] == "play_drawn"  # asked after every draw

"""Checks every game's state must pass at every point of a match, for the per-game tests.

A state saved to JSON and restored, a clone, and a state moved on by ``apply_legal``
(the path of bots, coaches and playouts) must each be the same match as the original:
the same full JSON, the same view for every seat and the spectator, the same legal
actions, and the same future when the same actions follow. A determinization must
leave the seat everything it knows. Each game's tests walk many matches through these.
"""

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardtable
from cardtable.engine.actions import Action
from cardtable.engine.errors import IllegalActionError
from cardtable.engine.events import Event
from cardtable.engine.state import SYSTEM, State


def walk(state: State, rng: random.Random, limit: int) -> Iterator[tuple[int, Action]]:
    """Yield the ``(seat, action)`` about to be applied, then apply it; up to ``limit``."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        yield seat, action
        state.apply(seat, action)


def random_match(
    state: State,
    rng: random.Random,
    steps: int,
    check: Callable[[State, int], None] | None = None,
    *,
    cards: int,
    close: float,
) -> None:
    """Random moves of the seats to act, and with chance ``close`` (when the server may
    act) the server closing a window; after each step all ``cards`` are in play, every
    seat to act has a move, and ``check(state, step)`` runs."""
    for step in range(steps):
        if state.is_over:
            return
        if state.system_actions() and rng.random() < close:
            state.apply(SYSTEM, state.system_actions()[0])
        else:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.card_count() == cards
        assert all(state.legal_actions(seat) for seat in state.to_act)
        if check is not None:
            check(state, step)


def check_plays_to_the_end(
    state: State, seed: int, steps: int, *, cards: int, close: float
) -> None:
    """``steps`` steps of ``random_match``, then a random playout, both from ``seed``: the
    match ends with all ``cards`` in play, and its record replays to the same result."""
    random_match(state, random.Random(seed), steps, cards=cards, close=close)
    state.random_playout(random.Random(seed))
    assert state.is_over and state.card_count() == cards
    replayed = cardtable.replay(state.record())
    assert replayed.totals == state.totals and replayed.winners == state.winners


def seen_by_all(state: State) -> list[Any]:
    """Everything each seat and the spectator sees now, and what each seat may do."""
    seats: list[int | None] = [*range(state.num_players), None]
    views = [state.view(seat) for seat in seats]
    legal = [[a.to_json() for a in state.legal_actions(p)] for p in range(state.num_players)]
    return [views, legal, list(state.to_act), state.system_actions()]


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


def full_state(state: State) -> dict[str, Any]:
    """``to_json`` with the log's last ten entries in place of the whole log: the checks
    run at every step, and serialising a long log each time would dominate them."""
    return {
        "options": state.options.to_dict(),
        "seed": state.seed,
        "rng": state.rng_state(),
        "log": list(state.log[-10:]),
        "log_length": len(state.log),
        "round": state.round,
        "totals": state.totals,
        "round_scores": state.round_scores,
        "winners": state.winners,
        "is_over": state.is_over,
        "state": state._payload(),
    }


def assert_same_match(a: State, b: State) -> None:
    """``a`` and ``b`` are the same match now: full state, views and legal actions."""
    assert full_state(b) == full_state(a)
    assert seen_by_all(b) == seen_by_all(a)


def assert_same_future(a: State, b: State, rng: random.Random, steps: int) -> None:
    """The same actions give the same events and states in ``a`` and ``b``."""
    for _ in range(steps):
        if a.is_over:
            assert b.is_over
            return
        seat = rng.choice(a.to_act)
        action = rng.choice(a.legal_actions(seat))
        assert events_json(b.apply(seat, action)) == events_json(a.apply(seat, action))
        assert_same_match(a, b)


def restored(state: State) -> State:
    """``state`` written to JSON text and read back."""
    return type(state).from_json(json.loads(json.dumps(state.to_json())))


def check_restore_and_clone(state: State, rng: random.Random) -> None:
    """A restored state and a clone are the match itself, now and for a few moves on."""
    seed = rng.getrandbits(32)
    for copy in (restored(state), state.clone()):
        assert_same_match(state, copy)
        assert_same_future(state.clone(), copy, random.Random(seed), 3)


def check_apply_legal(state: State, rng: random.Random, steps: int) -> None:
    """``apply_legal`` leaves each state exactly as ``apply`` does."""
    by_apply = state.clone()
    by_legal = state.clone()
    for _ in range(steps):
        if by_apply.is_over:
            return
        seat = rng.choice(by_apply.to_act)
        action = rng.choice(by_apply.legal_actions(seat))
        by_apply.apply(seat, action)
        by_legal.apply_legal(seat, action)
        assert_same_match(by_apply, by_legal)


def check_determinize(state: State, seat: int, rng: random.Random) -> State:
    """A determinization shows ``seat`` exactly what ``seat`` sees now, and plays on."""
    world = state.determinize(seat, random.Random(rng.getrandbits(32)))
    assert world.view(seat) == state.view(seat)
    assert world.legal_actions(seat) == state.legal_actions(seat)
    assert world.to_act == state.to_act
    assert world.view(None) == state.view(None)
    # A fresh generator: the real future shuffles stay unknown.
    assert world.rng_state() != state.rng_state()
    world.random_playout(random.Random(rng.getrandbits(32)), until_round_end=True)
    return world


def assert_refused(state: State, seat: int, action: Action, reason: str) -> None:
    """``seat``'s ``action`` is refused with the whole message a person reads, ending in
    ``reason``, and leaves the state exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(seat, action)
    assert str(refused.value) == f"seat {seat} cannot {action}: {reason}"
    assert state.to_json() == before

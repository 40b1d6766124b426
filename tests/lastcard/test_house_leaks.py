"""What the +4 challenge and the 7-0 swaps show, and to whom: the challenged hand to the
challenger alone, a swapped or passed hand to its new holder alone, in views, events,
the server's event history and replays."""

import random

import cardtable
from cardtable.coach.replay import frames
from cardtable.engine.events import events_for
from cardtable.games.lastcard.actions import CHALLENGE, SWAP_WITH, Play
from cardtable.games.lastcard.state import LastCardState
from cardtable.server.history import history_for

from ..engine.twins import assert_alike

PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def challenged_world(hidden):
    """Seat 0 bluffs a +4 (it holds red) beside ``hidden``; seat 1 challenges it."""
    state = LastCardState.from_deal(
        [["+4", "R1", hidden], ["G1", "G2"], ["Y1", "Y2"]],
        ["R5"],
        PILE,
        options={"challenge_plus_four": True},
    )
    events = state.apply(0, Play("+4", "green", False))
    events += state.apply(1, CHALLENGE)
    return state, events


def test_the_challenged_hand_is_shown_to_the_challenger_alone():
    a, events_a = challenged_world("G8")
    b, events_b = challenged_world("Y8")
    assert_alike(a, b, events_a, events_b, [2, None])
    shown = [e for e in events_a if e.type == "challenged_hand"]
    assert [e.data for e in shown] == [{"seat": 0, "cards": ["R1", "G8"]}]
    assert [e for e in events_for(events_a, 1) if e.type == "challenged_hand"] == shown
    assert events_for(events_a, 1) != events_for(events_b, 1)  # the challenger sees it


def swapped_world(hidden):
    """Seat 0 plays a 7 and swaps hands with seat 1, which holds ``hidden``."""
    state = LastCardState.from_deal(
        [["R7", "R1", "R2"], ["R3", hidden], ["Y1", "Y2", "Y3"]],
        ["R5"],
        PILE,
        options={"seven_zero": True},
    )
    events = state.apply(0, Play("R7", None, False))
    events += state.apply(0, SWAP_WITH[1])
    return state, events


def test_a_swapped_hand_is_shown_to_its_new_holder_alone():
    a, events_a = swapped_world("G8")
    b, events_b = swapped_world("Y8")
    assert_alike(a, b, events_a, events_b, [2, None])
    assert a.view(0)["hand"] == ["R3", "G8"] and b.view(0)["hand"] == ["R3", "Y8"]


def passed_world(hidden):
    """Seat 0 plays a 0: seat 1's hand, holding ``hidden``, goes on to seat 2."""
    state = LastCardState.from_deal(
        [["R0", "R1", "R2"], ["R3", hidden], ["Y1", "Y2", "Y3"]],
        ["R5"],
        PILE,
        options={"seven_zero": True},
    )
    return state, state.apply(0, Play("R0", None, False))


def test_a_passed_hand_is_shown_to_its_new_holder_alone():
    a, events_a = passed_world("G8")
    b, events_b = passed_world("Y8")
    assert_alike(a, b, events_a, events_b, [0, None])  # seat 0 held neither hand
    assert a.view(2)["hand"] == ["R3", "G8"]


def finished_match_with(kinds):
    """A seeded random match, played to its end, in which every move of ``kinds`` occurs."""
    options = {"challenge_plus_four": True, "seven_zero": True, "target_score": 0}
    for seed in range(200):
        state = cardtable.make("lastcard", 3, seed=seed, options=options)
        rng = random.Random(seed)
        seen = set()
        while not state.is_over:
            seat = rng.choice(state.to_act)
            action = rng.choice(state.legal_actions(seat))
            seen.add(action.kind)
            state.apply(seat, action)
        if kinds <= seen:
            return state
    raise AssertionError(f"no match of 200 seeds has every move of {kinds}")


def test_replays_and_the_event_history_show_a_hand_only_to_whom_the_rules_do():
    state = finished_match_with({"challenge", "swap_with"})
    record = state.record()
    _, events = cardtable_events(record)
    for viewer in range(3):
        seen = [e for frame in frames(record, viewer) for e in frame["events"]]
        history = history_for(events, viewer)
        for shown in (seen, history):
            for event in shown:
                if event["type"] == "challenged_hand":
                    challenger = next(
                        e["seat"]
                        for e in reversed(shown[: shown.index(event)])
                        if e["type"] == "challenge"
                    )
                    assert challenger == viewer
                if event["type"] in ("hand", "deal", "drawn"):
                    assert event["seat"] == viewer
        assert any(e["type"] == "challenge" for e in seen)
    spectator = history_for(events, None)
    assert not [e for e in spectator if e["type"] in ("challenged_hand", "hand")]
    everyone = {e["type"] for frame in frames(record, "all") for e in frame["events"]}
    assert {"challenged_hand", "hand", "swap"} <= everyone


def cardtable_events(record):
    """The stored match replayed with its events, as the server rebuilds a room's log."""
    state = cardtable.make(record["game"], record["players"], record["seed"], record["options"])
    events = list(state.opening)
    for seat, action in record["log"]:
        events.extend(state.apply(seat, action))
    return state, events

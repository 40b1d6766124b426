"""The house rules for learning agents: their moves after the first 122 action indices,
and the observation blocks that say what a window, a catch or a challenge offers."""

import numpy as np

import cardtable
import cardtable.rl as rl
from cardtable.games.lastcard.actions import CATCH, CHALLENGE, PASS, SWAP_WITH, Play
from cardtable.games.lastcard.state import LastCardState
from cardtable.rl.observer import Observer

HOUSE = {
    "jump_in": True,
    "seven_zero": True,
    "challenge_plus_four": True,
    "catch_missed_call": True,
}


def test_the_house_rules_moves_come_after_the_first_122_indices():
    spec = cardtable.get_game("lastcard")
    assert spec.action_space_size == 135
    new = [CHALLENGE, CATCH, PASS, *SWAP_WITH]
    assert [spec.action_index(a) for a in new] == list(range(122, 135))
    assert [spec.action_from_index(i) for i in range(122, 135)] == new
    assert spec.action_index(Play("R0", None, False)) == 0  # the old indices stay


def blocks(view, players=4):
    observer = Observer("lastcard", players)
    vector = observer.encode(view)
    out, start = {}, 0
    for name, width in observer.blocks:
        out[name] = vector[start : start + width]
        start += width
    return out


def test_the_observation_shows_the_window_the_jump_the_catch_and_the_challenge():
    hands = [["R5", "G1"], ["R2", "B3", "B4"], ["Y6", "Y7", "Y8"], ["R5", "Y1", "Y2"]]
    state = LastCardState.from_deal(hands, ["R9"], ["B6"], options=HOUSE)
    state.apply(0, Play("R5", None, False))  # a missed call, and a window on the R5
    seen = blocks(state.view(3))
    assert list(seen["window"]) == [1, 0, 0, 1]  # seat 3 itself, and seat 2 (2 places on)
    assert np.flatnonzero(seen["jump"]).tolist() == [5]  # R5's type
    assert np.flatnonzero(seen["catch"]).tolist() == [1]  # seat 0, one place after seat 3
    assert not seen["challenge"].any()
    state = LastCardState.from_deal(
        [["+4", "G9", "Y9"], ["G1", "Y2"], ["Y1", "Y3"], ["B1", "B2"]],
        ["R5"],
        ["B6"],
        options=HOUSE,
    )
    state.apply(0, Play("+4", "green", False))
    assert np.flatnonzero(blocks(state.view(1))["challenge"]).tolist() == [3]  # seat 0


def test_an_agent_plays_episodes_under_every_house_rule():
    env = rl.single_agent_env("lastcard", players=3, opponents=["heuristic"], options=HOUSE)
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    taken = set()
    for _ in range(10):
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            taken.add(action)
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        _, info = env.reset()
    assert any(a >= 122 for a in taken)

"""Random Cactus matches under every combination of ``wrong_throw_penalty`` and
``snap_opponent`` (with and without ``self_snap``): the cards are all in play at every
step, a saved, cloned or ``apply_legal`` state is the match itself, a determinization
shows its seat what it sees; the compiled core (which plays neither option) is left to
the Python engine for them, and the bots play the options' moves legally."""

import functools
import itertools
import random

import pytest

import cardtable
from cardtable import coach
from cardtable.bots import make_bot
from cardtable.games.cactus import greedy as greedy_module
from cardtable.games.cactus import state as state_module
from cardtable.games.cactus.cards import RANK
from cardtable.games.cactus.greedy import CactusGreedy

from ..engine import roundtrips
from ..engine.roundtrips import check_apply_legal, check_determinize, check_restore_and_clone

COMBINATIONS = [
    {"wrong_throw_penalty": penalty, "snap_opponent": snap, "self_snap": self_snap}
    for penalty, snap, self_snap in itertools.product((1, 2), (False, True), (False, True))
]
#: How often the server closes a window when it may: one step in ten.
CLOSE = 0.1


#: Random moves (throws as often as passes) and now and then the server closing a window.
random_match = functools.partial(roundtrips.random_match, cards=52, close=CLOSE)


@pytest.mark.parametrize("index", range(len(COMBINATIONS)))
def test_every_combination_keeps_the_cards_and_plays_to_the_end(index):
    options = COMBINATIONS[index] | {"target_score": 40}
    for players in (2, 3, 5):
        state = cardtable.make("cactus", players, seed=index, options=options)
        roundtrips.check_plays_to_the_end(state, index, 600, cards=52, close=CLOSE)


@pytest.mark.parametrize("index", range(len(COMBINATIONS)))
def test_every_position_restores_clones_and_plays_on_the_same(index):
    options = COMBINATIONS[index] | {"target_score": 40}
    for players in (2, 4):
        rng = random.Random(players)
        state = cardtable.make("cactus", players, seed=3, options=options)

        def check(state, step, rng=rng, players=players):
            if step % 5 == 0 and not state.is_over:
                check_restore_and_clone(state, rng)
                check_apply_legal(state, rng, 4)
                check_determinize(state, rng.randrange(players), rng)

        random_match(state, rng, 200, check)


def test_random_matches_reach_the_snap_and_the_give():
    seen = set()
    options = {"snap_opponent": True, "target_score": 60}
    for seed, players in itertools.product(range(3), (3, 5)):
        state = cardtable.make("cactus", players, seed=seed, options=options)
        random_match(state, random.Random(seed), 2000)
        seen |= {action.kind for _, action in state.log}
    assert {"throw_opponent", "give"} <= seen


class Refusing:
    """A compiled core that must not be asked: every playout it is given fails."""

    def __getattr__(self, name):
        def refuse(*args):
            raise AssertionError(f"the compiled core was asked: {name}")

        return refuse


@pytest.mark.parametrize("options", [{"snap_opponent": True}, {"wrong_throw_penalty": 2}])
def test_the_playouts_leave_an_option_state_to_the_python_engine(options, monkeypatch):
    monkeypatch.setattr(state_module, "native", Refusing())
    monkeypatch.setattr(greedy_module, "native", Refusing())
    state = cardtable.make("cactus", 3, seed=5, options=options | {"target_score": 30})
    state.clone().random_playout(random.Random(1))
    CactusGreedy(seed=1).playout(state.clone(), 7)
    plain = cardtable.make("cactus", 3, seed=5, options={"target_score": 30})
    with pytest.raises(AssertionError, match="compiled core was asked"):
        plain.random_playout(random.Random(1))  # the fence is real: the core is asked here
    with pytest.raises(AssertionError, match="compiled core was asked"):
        CactusGreedy(seed=1).playout(plain.clone(), 7)


@pytest.mark.parametrize("spec", ["heuristic", "greedy"])
def test_the_bots_snap_known_matches_and_play_legally(spec):
    options = {"snap_opponent": True, "wrong_throw_penalty": 2, "target_score": 60}
    kinds = set()
    for seed in range(4):
        state = cardtable.make("cactus", 3, seed=seed, options=options)
        bots = [make_bot(spec, "cactus", seed=seed + i) for i in range(3)]
        rng = random.Random(seed)
        for _ in range(20_000):
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            action = bots[seat].act(state, seat)
            assert action in state.legal_actions(seat)
            if action.kind == "throw_opponent":  # only a card it knows to match
                assert state.knows(seat, action.seat, action.slot)
                assert RANK[state.cards[action.seat][action.slot]] == state.window_rank
            kinds.add(action.kind)
            state.apply(seat, action)
        assert state.is_over
    assert {"throw_opponent", "give"} <= kinds


def test_the_search_and_the_coach_play_and_price_the_snap_and_the_give():
    """The search level decides in a snap window and in the give from determinizations
    (legal moves only), and the coach prices every decision of a match with the options."""
    options = {"snap_opponent": True, "wrong_throw_penalty": 2, "rounds": 1}
    state = cardtable.make("cactus", 2, seed=2, options=options)
    bots = [make_bot("ismcts:iterations=24", "cactus", seed=1), make_bot("random", "cactus", 2)]
    rng = random.Random(4)
    asked = set()
    while not state.is_over:
        seat = rng.choice(state.to_act)
        phase = state.view(seat)["phase"]
        snap = any(a.kind == "throw_opponent" for a in state.legal_actions(seat))
        if seat == 0 and (snap or phase == "give"):
            asked.add("give" if phase == "give" else "window")
        action = bots[seat].act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert "window" in asked
    record = state.record()
    analysis = coach.analyse(record, 1, samples=2)
    assert [d.index for d in analysis.decisions] == [i for i, _, _ in coach.decisions_of(record, 1)]

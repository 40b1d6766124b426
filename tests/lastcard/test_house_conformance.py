"""Random Last Card matches under every combination of the house rules: the cards are
all in play at every step, a saved, cloned or ``apply_legal`` state is the match itself,
a determinization shows its seat what it sees; the compiled core (which knows none of
the house rules) is left to the Python engine for them."""

import functools
import itertools
import random

import pytest

import cardtable
from cardtable.games.lastcard import bot as bot_module
from cardtable.games.lastcard import state as state_module
from cardtable.games.lastcard.bot import LastCardHeuristicBot

from ..engine import roundtrips
from ..engine.roundtrips import (
    check_apply_legal,
    check_determinize,
    check_restore_and_clone,
)
from .house import HOUSE

COMBINATIONS = [
    {name: bool(bits >> i & 1) for i, name in enumerate(HOUSE)} for bits in range(1 << len(HOUSE))
]
#: How often the server closes a window when it may: one step in five.
CLOSE = 0.2


#: Random moves of the seats to act, and now and then the server closing a window.
random_match = functools.partial(roundtrips.random_match, cards=108, close=CLOSE)


@pytest.mark.parametrize("bits", range(len(COMBINATIONS)))
def test_every_combination_keeps_the_cards_and_plays_to_the_end(bits):
    options = COMBINATIONS[bits] | {"target_score": 0}
    players = 2 + bits % 5
    state = cardtable.make("lastcard", players, seed=bits, options=options)
    roundtrips.check_plays_to_the_end(state, bits, 400, cards=108, close=CLOSE)


@pytest.mark.parametrize("name", [*HOUSE, "all"])
def test_every_position_restores_clones_and_plays_on_the_same(name):
    options = dict.fromkeys(HOUSE, True) if name == "all" else {name: True}
    for players in (2, 4):
        rng = random.Random(players)
        state = cardtable.make("lastcard", players, seed=3, options=options | {"target_score": 60})

        def check(state, step, rng=rng, players=players):
            if step % 7 == 0:
                check_restore_and_clone(state, rng)
                check_apply_legal(state, rng, 4)
                check_determinize(state, rng.randrange(players), rng)

        random_match(state, rng, 150, check)


class Refusing:
    """A compiled core that must not be asked: every playout it is given fails."""

    def __getattr__(self, name):
        def refuse(*args):
            raise AssertionError(f"the compiled core was asked: {name}")

        return refuse


@pytest.mark.parametrize("name", HOUSE)
def test_the_playouts_leave_a_house_rule_state_to_the_python_engine(name, monkeypatch):
    monkeypatch.setattr(state_module, "native", Refusing())
    monkeypatch.setattr(bot_module, "native", Refusing())
    state = cardtable.make("lastcard", 3, seed=5, options={name: True, "target_score": 0})
    state.clone().random_playout(random.Random(1))
    LastCardHeuristicBot(seed=1).playout(state.clone(), 7)
    plain = cardtable.make("lastcard", 3, seed=5, options={"target_score": 0})
    with pytest.raises(AssertionError, match="compiled core was asked"):
        plain.random_playout(random.Random(1))  # the fence is real: the core is asked here


def test_the_house_rules_reach_every_move_of_theirs():
    """Random matches under all the house rules do meet each of their moves."""
    seen = set()
    options = dict.fromkeys(HOUSE, True) | {"target_score": 200}
    for seed, players in itertools.product(range(3), (3, 4)):
        state = cardtable.make("lastcard", players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            action = rng.choice(state.legal_actions(seat))
            if action.kind == "play" and seat != state.current:
                seen.add("jump_in")
            seen.add(action.kind)
            state.apply(seat, action)
    assert {"jump_in", "swap_with", "challenge", "catch", "pass"} <= seen

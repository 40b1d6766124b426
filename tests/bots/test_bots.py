"""Every bot, in every game: legal choices only, and nothing it may not know."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.bots import bot_names, make_bot
from cardtable.engine import state_from_json
from cardtable.games.skyjo.state import DOWN

GAMES = [g.name for g in cardtable.games()]
#: Search bots get a tiny budget here: the properties do not depend on it.
SPECS = {
    "ismcts": ["ismcts:iterations=4", "ismcts:iterations=4,rollout=heuristic,batch=2,expand=1"],
    # A full search per move: tests/bots/test_levels.py plays it on a few positions.
    "expert": [],
}


def specs(game):
    return [s for name in bot_names(game) for s in SPECS.get(name, [name])]


CASES = [(game, spec) for game in GAMES for spec in specs(game)]


def random_position(game, seed):
    """A match of ``game`` advanced by a random number of random moves (not over)."""
    rng = random.Random(seed)
    spec = cardtable.get_game(game)
    players = rng.randint(spec.min_players, min(spec.max_players, 4))
    state = cardtable.make(game, players, seed=seed)
    for _ in range(rng.randrange(120)):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            return cardtable.make(game, players, seed=seed)
    return state


def test_every_registered_game_has_a_heuristic_and_the_search_bot():
    for game in GAMES:
        assert {"heuristic", "ismcts", "random"} <= set(bot_names(game))


@pytest.mark.parametrize(("game", "spec"), CASES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bots_choose_legal_actions_and_leave_the_state_alone(game, spec, seed):
    state = random_position(game, seed)
    before = json.dumps(state.to_json())
    for seat in state.to_act:
        bot = make_bot(spec, game, seed=seed)
        assert bot.act(state, seat) in state.legal_actions(seat)
    assert json.dumps(state.to_json()) == before


@pytest.mark.parametrize(("game", "spec"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bots_decide_alike_when_only_unseen_cards_differ(game, spec, seed):
    """``determinize`` re-deals exactly the cards a seat cannot know: the same view."""
    state = random_position(game, seed)
    seat = state.to_act[0]
    twin = state.determinize(seat, random.Random(seed + 1))
    assert twin.view(seat) == state.view(seat)
    first = make_bot(spec, game, seed=seed).act(state, seat)
    assert make_bot(spec, game, seed=seed).act(twin, seat) == first


def skyjo_hidden_swapped(state, seat):
    """The same Skyjo position with every card ``seat`` cannot see moved around."""
    data = json.loads(json.dumps(state.to_json()))
    payload = data["state"]
    hidden = [(p, i) for p, row in enumerate(payload["status"]) for i, s in enumerate(row)
              if s == DOWN]  # fmt: skip
    pool = [payload["cards"][p][i] for p, i in hidden] + payload["draw_pile"]
    random.Random(len(pool)).shuffle(pool)
    for (p, i), card in zip(hidden, pool, strict=False):
        payload["cards"][p][i] = card
    payload["draw_pile"] = pool[len(hidden) :]
    data["rng"] = cardtable.make("skyjo", 2, seed=99).to_json()["rng"]
    return state_from_json(data)


@pytest.mark.parametrize("spec", specs("skyjo"))
@pytest.mark.parametrize("seed", range(6))
def test_skyjo_bots_ignore_hidden_cards_moved_by_hand(spec, seed):
    state = random_position("skyjo", seed)
    while state.phase == 0:  # past the setup reveals
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    other = skyjo_hidden_swapped(state, seat)
    assert other.view(seat) == state.view(seat)
    assert other.to_json()["state"] != state.to_json()["state"]
    first = make_bot(spec, "skyjo", seed=seed).act(state, seat)
    assert make_bot(spec, "skyjo", seed=seed).act(other, seat) == first


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_playout_ends_the_round_and_its_luck_decides_it(game):
    """``Bot.playout`` (a search's rollouts): one round, the same for the same luck."""
    for seed in range(3):
        state = random_position(game, seed)
        rounds = len(state.round_scores)
        played = []
        for bot_seed in (seed, seed + 100):  # bots seeded apart, given the same luck
            copy = state.clone()
            make_bot("random", game, seed=bot_seed).playout(copy, luck=seed + 10)
            assert copy.is_over or len(copy.round_scores) == rounds + 1
            played.append(copy.log[len(state.log) :])
        assert played[0] and played[0] == played[1]


PLAYOUT_CASES = [
    (game, name) for game in GAMES for name in bot_names(game) if name not in ("ismcts", "expert")
]


@pytest.mark.parametrize(("game", "name"), PLAYOUT_CASES)
def test_a_playout_does_not_depend_on_the_playouts_before_it(game, name):
    """A search plays all its rollouts with one bot: what a playout does must follow
    from the position and its luck alone, not from what the bot played before (a bot
    counting turns itself would count every earlier playout's turns too)."""
    state = random_position(game, 3)
    bot = make_bot(name, game, seed=1)
    played = []
    for luck in (7, 1, 2, 3, 4, 5, 6, 7):
        copy = state.clone()
        bot.playout(copy, luck=luck)
        played.append(copy.log[len(state.log) :])
    assert played[0] and played[0] == played[-1]

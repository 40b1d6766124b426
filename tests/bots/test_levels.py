"""Named levels, the slipping bot they are built from, and their human-like timing."""

import math
import random
import statistics

import pytest

import cardtable
from cardtable.bots import LEVELS, BotSpecError, SlipBot, bot_choices, make_bot, timing_for
from cardtable.bots.levels import LEVEL_GROUP, GameLevels, level_spec
from cardtable.bots.timing import (
    MAX_SECONDS,
    MIN_SECONDS,
    PUBLIC_CHOICES,
    REACT_SPREAD,
    HumanTiming,
)
from cardtable.engine.plugins import plugin_table

from .test_bots import random_position

GAMES = [g.name for g in cardtable.games()]


def test_every_game_offers_the_four_levels_weakest_first():
    for game in GAMES:
        choices = bot_choices(game)
        assert [c.spec for c in choices] == ["easy", "normal", "hard", "expert"]
        for choice in choices:
            assert choice.plays_as == level_spec(choice.spec, game)
            assert choice.summary
            assert set(choice.to_json()) == {"spec", "title", "summary", "plays_as"}
    assert bot_choices("no-such-game") == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_levels_resolve_to_bots_that_choose_legal_actions(game, level):
    bot = make_bot(level, game, seed=3)
    assert type(bot) is type(make_bot(level_spec(level, game), game, seed=3))
    for seed in range(2 if level == "expert" else 12):
        state = random_position(game, seed)
        for seat in state.to_act:
            assert make_bot(level, game, seed=seed).act(state, seat) in state.legal_actions(seat)


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_decides_alike_when_only_unseen_cards_differ(game):
    state = random_position(game, 5)
    seat = state.to_act[0]
    twin = state.determinize(seat, random.Random(6))
    assert twin.view(seat) == state.view(seat)
    assert make_bot("expert", game, 1).act(twin, seat) == make_bot("expert", game, 1).act(
        state, seat
    )


def test_the_expert_searches_on_an_iteration_budget_so_its_play_follows_its_seed():
    for game, levels in plugin_table(LEVEL_GROUP, GameLevels).items():
        bot = make_bot(levels.expert, game)
        assert bot.iterations is not None and bot.seconds is None, game


def test_levels_take_no_parameters():
    with pytest.raises(BotSpecError, match="its parameters: none"):
        make_bot("easy:rate=0.5", "skyjo")


def play_along(game, bot, seed, moves=200):
    """Every (state, seat, chosen action) of a random match until ``moves`` or its end,
    ``bot`` choosing for seat 0 and random play for the rest."""
    rng = random.Random(seed)
    state = cardtable.make(game, 2, seed=seed)
    for _ in range(moves):
        if state.is_over:
            return
        seat = rng.choice(state.to_act)
        if seat == 0:
            action = bot.act(state, 0)
            yield state.clone(), action
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)


def base_twin(game, slip_seed):
    """The base bot a ``SlipBot`` seeded ``slip_seed`` builds (it seeds its base with its
    first draw): asked about the same positions in turn, it chooses what the base did."""
    return make_bot("heuristic", game, seed=random.Random(slip_seed).getrandbits(63))


@pytest.mark.parametrize("game", GAMES)
def test_a_slip_bot_that_never_slips_plays_its_base_move(game):
    """(Unbounded: a game's bound may overrule the base, tests/bots/test_slip_bounds.py.)"""
    bot = SlipBot(seed=1, base="heuristic", rate=0.0, miss=0.0, bounded=False)
    base = base_twin(game, 1)
    decisions = list(play_along(game, bot, seed=4))
    assert decisions
    for state, action in decisions:
        assert action == base.act(state, 0)


@pytest.mark.parametrize("game", GAMES)
def test_a_slip_bot_that_always_slips_never_plays_its_base_move_when_it_has_another(game):
    """(Unbounded: a game's bound may leave it no other move.)"""
    bot = SlipBot(seed=1, base="heuristic", rate=1.0, miss=0.0, bounded=False)
    base = base_twin(game, 1)
    departures = 0
    for state, action in play_along(game, bot, seed=5):
        legal = state.legal_actions(0)
        expected = base.act(state, 0)
        if any(a != expected and not a.is_pass for a in legal):
            assert action != expected and not action.is_pass
            departures += 1
        else:
            assert action == expected
    assert departures


def test_a_slip_bot_that_always_misses_passes_up_every_cactus_quick_discard():
    """Cactus offers a quick discard with a pass beside it: a bot that always misses
    the chance passes whenever its base would throw."""
    chances = 0
    for seed in range(30):
        bot = SlipBot(seed=1, base="heuristic", rate=0.0, miss=1.0)
        base = base_twin("cactus", 1)
        for state, action in play_along("cactus", bot, seed=seed):
            expected = base.act(state, 0)
            if any(a.is_pass for a in state.legal_actions(0)) and not expected.is_pass:
                assert action.is_pass
                chances += 1
    assert chances


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"rate": 1.5}, "rate must be between 0 and 1"),
        ({"miss": -0.1}, "miss must be between 0 and 1"),
        ({"rate": "often"}, "rate must be a number"),
        ({"base": "slip"}, "slip base must name another bot"),
    ],
)
def test_a_slip_bot_refuses_bad_parameters(params, message):
    with pytest.raises(BotSpecError, match=message):
        SlipBot(seed=1, **params)


def test_a_slip_bot_with_an_unknown_base_says_so_when_it_plays():
    state = cardtable.make("skyjo", 2, seed=1)
    with pytest.raises(BotSpecError, match="slip base 'nobody'"):
        make_bot("slip:base=nobody", "skyjo", 1).act(state, state.to_act[0])


def test_a_slip_bot_costs_what_its_base_costs_so_a_server_can_bound_it():
    assert make_bot("slip:base=ismcts:iterations=99", "skyjo").budget().iterations == 99
    assert make_bot("slip:base=ismcts:ms=50", "cactus").budget().seconds == 0.05
    assert not make_bot("easy", "lastcard").budget().searches
    assert make_bot("expert", "lastcard").budget().searches
    with pytest.raises(BotSpecError, match="slip base 'nobody'"):
        make_bot("slip:base=nobody", "skyjo").check_parts("skyjo")


# ------------------------------------------------------------------ timing
def test_every_level_has_a_timing_and_other_bots_none():
    for level in LEVELS:
        assert timing_for(level) is not None
    assert timing_for("heuristic") is None
    assert timing_for("ismcts:iterations=10") is None


def test_slower_levels_think_and_react_longer():
    timings = [timing_for(level) for level in LEVELS]
    assert [t.think for t in timings] == sorted((t.think for t in timings), reverse=True)
    assert [t.react for t in timings] == sorted((t.react for t in timings), reverse=True)


def test_thinking_times_follow_the_documented_medians():
    """The median grows with the choices as ``think * log2(choices + 1) / 2``."""
    timing = HumanTiming(think=2.0, react=1.0)
    rng = random.Random(7)
    for choices, median in ((1, 1.0), (3, 2.0), (15, 4.0)):
        draws = [timing.think_seconds(rng, choices) for _ in range(4000)]
        assert statistics.median(draws) == pytest.approx(median, rel=0.06)
        assert min(draws) >= MIN_SECONDS and max(draws) <= MAX_SECONDS


def test_reaction_times_are_log_normal_around_the_level_median():
    timing = HumanTiming(think=2.0, react=1.0)
    rng = random.Random(8)
    logs = [math.log(timing.react_seconds(rng)) for _ in range(4000)]
    assert statistics.median(logs) == pytest.approx(0.0, abs=0.03)
    assert statistics.stdev(logs) == pytest.approx(REACT_SPREAD, rel=0.06)


def test_a_timed_window_draws_a_reaction_time_and_a_turn_a_thinking_time():
    timing = HumanTiming(think=8.0, react=0.5)
    for seed in range(40):
        state = random_position("cactus", seed)
        pause = timing.pause(state, state.to_act[0], random.Random(seed))
        if state.system_actions():  # a quick-discard window
            assert pause < 2.0
        else:
            # over the same number of choices whatever the hand: no timing tell
            assert pause == timing.think_seconds(random.Random(seed), PUBLIC_CHOICES)


def test_timing_draws_are_reproducible_from_their_seed():
    timing = timing_for("normal")
    state = random_position("skyjo", 2)
    seat = state.to_act[0]
    first = [timing.pause(state, seat, random.Random(s)) for s in range(5)]
    assert first == [timing.pause(state, seat, random.Random(s)) for s in range(5)]
    assert len(set(first)) == 5

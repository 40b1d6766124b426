"""The search bot: its reward, its budget, its parameters and a search it must win."""

import random

import pytest

import cardtable
from cardtable.bots import BotSpecError, make_bot
from cardtable.bots.ismcts import WIN_WEIGHT, _Search, _split, round_rewards
from cardtable.games.skyjo.actions import DRAW, REPLACE
from cardtable.games.skyjo.state import SkyjoState


def test_rewards_follow_the_direction_of_the_scores():
    low_wins = round_rewards([10, 25, 40], lower_wins=True)
    assert low_wins[0] > low_wins[1] > low_wins[2]
    high_wins = round_rewards([10, 25, 40], lower_wins=False)
    assert high_wins[2] > high_wins[1] > high_wins[0]
    assert all(0.0 <= r <= 1.0 for r in low_wins + high_wins)


def test_a_shared_win_is_split_and_a_bigger_margin_is_worth_more():
    tied = round_rewards([5, 5, 30], lower_wins=True)
    assert tied[0] == tied[1]
    assert tied[0] == pytest.approx(WIN_WEIGHT / 2 + (1 - WIN_WEIGHT) / 2)
    close, far = round_rewards([9, 10], True), round_rewards([0, 10], True)
    assert far[0] > close[0] > WIN_WEIGHT
    assert far[1] < close[1] < 1 - WIN_WEIGHT


def last_turn_position():
    """Seat 1 finished; seat 0 plays the round's last turn and has drawn a -2.

    Seat 0 shows a 12 at position 0 and lower cards elsewhere: only putting the -2 on
    the 12 can bring it (to 14) under seat 1's 16, so that is the one winning move.
    """
    mine = [12, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1]
    theirs = [1, 1, 3, 3, 0, 0, 2, 2, 2, 0, 0, 2]
    state = SkyjoState.from_deal(
        [mine, theirs],
        [7],
        [5] * 10 + [-2],
        face_up=[range(12), range(12)],
        setup=False,
        current=0,
        options={"target_score": 1},
    )
    state.finisher, state.turns_left = 1, 1
    state.apply(0, DRAW)
    return state


@pytest.mark.parametrize("params", ["rollout=random", "rollout=heuristic", "workers=2"])
def test_search_finds_the_winning_last_move(params):
    state = last_turn_position()
    bot = make_bot(f"ismcts:iterations=60,expand=1,{params}", "skyjo", seed=3)
    assert bot.act(state, 0) == REPLACE[0]


def test_worker_processes_share_the_budget_and_decide_as_seeded(monkeypatch):
    """With ``workers=2`` a helper process searches part of the iterations; the root
    statistics it sends back count, and the decision still follows the seed alone."""
    searched = []
    decide = _Search.decision

    def recording(search):
        searched.append(sum(edge.visits for edge in search.root.edges.values()))
        return decide(search)

    monkeypatch.setattr(_Search, "decision", recording)
    state = cardtable.make("lastcard", 2, seed=3)
    seat = state.to_act[0]
    while len(state.legal_actions(seat)) < 3:
        state.apply(seat, state.legal_actions(seat)[0])
        seat = state.to_act[0]
    spec = "ismcts:iterations=41,rollout=heuristic,workers=2"
    picks = [make_bot(spec, "lastcard", seed=5).act(state, seat) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in state.legal_actions(seat)
    assert searched == [41, 41]


def test_a_budget_is_split_between_workers():
    assert _split(41, 2) == [21, 20]
    assert _split(2, 3) == [1, 1]  # a worker with nothing to do is not asked
    assert _split(None, 2) == [None, None]  # a time budget: all search until the deadline


def test_a_time_budget_gives_a_legal_move():
    state = cardtable.make("skyjo", 3, seed=4)
    rng = random.Random(1)
    for _ in range(20):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    assert make_bot("ismcts:ms=20", "skyjo", seed=1).act(state, seat) in state.legal_actions(seat)


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:iterations=2.5", "iterations"),
        ("ismcts:ms=-5", "ms"),
        ("ismcts:rollout=ismcts", "rollout"),
        ("ismcts:base=random", "base"),
        ("ismcts:c=-1", "c"),
        ("ismcts:z=fast", "z"),
        ("ismcts:batch=0", "batch"),
        ("ismcts:expand=true", "expand"),
        ("ismcts:depth=0", "depth"),
        ("ismcts:belief=exact", "belief"),
        ("ismcts:workers=0", "workers"),
        ("ismcts:width=3", "width"),
    ],
)
def test_bad_parameters_are_named(spec, named):
    with pytest.raises(BotSpecError, match=named):
        make_bot(spec, "skyjo")


def test_the_tree_grows_only_as_deep_as_asked():
    state = cardtable.make("lastcard", 2, seed=3)
    seat = state.to_act[0]
    for depth, grows in ((1, False), (3, True)):
        bot = make_bot(f"ismcts:iterations=200,expand=2,depth={depth}", "lastcard", seed=1)
        search = _Search(bot, state, seat)
        while search.iterations < 200:
            search.batch(state.determinize(seat, bot.rng), bot.rng.getrandbits(63), 200)
        assert bool(search.root.children) == grows


@pytest.mark.parametrize("role", ["rollout", "base"])
def test_a_bot_the_game_lacks_is_named_when_the_search_starts(role):
    state = cardtable.make("lastcard", 2, seed=1)
    bot = make_bot(f"ismcts:iterations=4,{role}=greedy", "lastcard", seed=1)
    with pytest.raises(BotSpecError, match=rf"{role} 'greedy'.*unknown bot 'greedy' for lastcard"):
        bot.act(state, state.to_act[0])


def test_the_base_bot_names_the_move_played_unless_another_is_clearly_better():
    """A fast rollout policy can serve a stronger bot's moves: with a margin no
    search can clear (``z=100``), the search plays its base bot's move."""
    bot = make_bot("ismcts:iterations=40,rollout=greedy,base=heuristic,z=100", "skyjo", seed=2)
    assert type(bot.policy("skyjo")).__name__ == "SkyjoGreedy"
    assert type(bot.base_policy("skyjo")).__name__ == "SkyjoHeuristic"
    state = cardtable.make("skyjo", 2, seed=6, options={"target_score": 1})
    moves = 0
    while not state.is_over:
        seat = state.to_act[0]
        action = bot.act(state, seat)
        if len(state.legal_actions(seat)) > 1:  # the heuristic breaks ties at random
            assert action in {make_bot("heuristic", "skyjo", k).act(state, seat) for k in range(8)}
            moves += 1
        state.apply(seat, action)
    assert moves > 10


def test_same_seed_same_decisions():
    state = cardtable.make("lastcard", 3, seed=8)
    seat = state.to_act[0]
    decide = [make_bot("ismcts:iterations=30", "lastcard", seed=5).act(state, seat)
              for _ in range(2)]  # fmt: skip
    assert decide[0] == decide[1]


@pytest.mark.parametrize("game", [g.name for g in cardtable.games()])
def test_each_game_says_which_way_its_scores_go(game):
    """``lower_score_wins`` must agree with who wins a match: the search relies on it."""
    spec = cardtable.get_game(game)
    best = min if spec.lower_score_wins else max
    for seed in range(5):
        state = cardtable.make(game, 3, seed=seed)
        state.random_playout(random.Random(seed))
        assert state.winners == [p for p, t in enumerate(state.totals) if t == best(state.totals)]


@pytest.mark.parametrize("belief", ["informed", "uniform"])
def test_the_search_reasons_from_the_re_deal_it_is_given(belief, monkeypatch):
    """``belief`` picks the determinization every iteration samples."""
    asked = []
    determinize = SkyjoState.determinize

    def spy(self, seat, rng, informed=False):
        asked.append(informed)
        return determinize(self, seat, rng, informed)

    monkeypatch.setattr(SkyjoState, "determinize", spy)
    state = cardtable.make("skyjo", 2, seed=5, options={"target_score": 1})
    while len(state.legal_actions(state.to_act[0])) < 2:
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    make_bot(f"ismcts:iterations=12,belief={belief}", "skyjo", seed=1).act(state, state.to_act[0])
    assert asked and set(asked) == {belief == "informed"}


@pytest.mark.parametrize(
    ("game", "spec", "rollout", "base"),
    [
        ("skyjo", "ismcts", "SkyjoGreedy", "SkyjoHeuristic"),
        ("cactus", "ismcts", "CactusGreedy", "CactusHeuristic"),
        ("lastcard", "ismcts", "LastCardHeuristicBot", "LastCardHeuristicBot"),
        ("cactus", "ismcts:base=greedy", "CactusGreedy", "CactusGreedy"),
        ("skyjo", "ismcts:rollout=heuristic", "SkyjoHeuristic", "SkyjoHeuristic"),
    ],
)
def test_by_default_the_game_s_own_bots_roll_out_and_choose_the_base_move(
    game, spec, rollout, base
):
    """``rollout=auto``: a game's greedy bot rolls out for its heuristic, or the
    heuristic does both; an explicit ``base`` or ``rollout`` is kept."""
    bot = make_bot(spec, game, seed=1)
    assert type(bot.policy(game)).__name__ == rollout
    assert type(bot.base_policy(game)).__name__ == base


def test_random_rollouts_have_no_base_move():
    bot = make_bot("ismcts:rollout=random", "lastcard", seed=1)
    assert bot.policy("lastcard") is None and bot.base_policy("lastcard") is None

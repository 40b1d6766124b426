"""The Cactus heuristic bot (and, where they agree, the greedy one), and the random bot's
pass rate in quick-discard windows."""

import random

import pytest

import cardtable
from cardtable.bots import BotSpecError, make_bot
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    DISCARD,
    DRAW,
    KEEP,
    PASS,
    PEEK_OWN,
    TAKE_DISCARD,
    ChooseOpponent,
    PeekOpponent,
    PeekOwn,
    Replace,
    Swap,
    Throw,
)
from cardtable.games.cactus.bot import Estimate

from .deals import P0, P1, P2, deal, play


def heuristic():
    return make_bot("heuristic", "cactus", seed=0)


@pytest.mark.parametrize("name", ["heuristic", "greedy"])
def test_throws_only_a_card_it_knows_to_match(name):
    state = deal([P0, P1], ["4c"])
    play(state, (0, DRAW), (0, DISCARD))
    assert make_bot(name, "cactus", seed=0).act(state, 1) == Throw(1)  # knows its 4d
    state = deal([P0, P1], ["6c"])
    play(state, (0, DRAW), (0, DISCARD))
    assert make_bot(name, "cactus", seed=0).act(state, 1) == PASS  # 6s in unseen slot 3


def test_heuristic_keeps_a_low_card_in_place_of_its_worst_known_card():
    state = deal([["10c", "Qd", "3h", "3s"], P1], ["Ah"], known=[[0, 1], [0]])
    state.apply(0, DRAW)
    assert heuristic().act(state, 0) in (Replace(0), Replace(1))


def test_heuristic_peeks_at_an_unknown_own_card():
    state = deal([P0, P1], ["7c"])
    play(state, (0, DRAW), (0, DISCARD))
    assert heuristic().act(state, 0) in (PeekOwn(2), PeekOwn(3))


def test_heuristic_swaps_its_high_card_for_a_known_low_card():
    state = deal([["Kc", "Qd", "7h", "8s"], P1], ["Jc", "4h", "9c"], known=[[0, 1], [0, 1]])
    play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 0)), (1, PASS))
    play(state, (1, DRAW), (1, DISCARD), (0, PASS), (0, DRAW), (0, DISCARD))
    bot = heuristic()
    choice = bot.act(state, 0)
    assert choice == ChooseOpponent(1, 0)  # the 3c it looked at
    state.apply(0, choice)
    assert bot.act(state, 0) == Swap(0)  # gives its black king


def test_heuristic_throws_its_most_valuable_matching_card():
    # It knows a red king (0 points) in slot 0 and a black king (15) in slot 2.
    state = deal([P0, ["Kh", "5d", "Ks", "6s"]], ["Kd"], known=[[0, 1], [0, 2]])
    play(state, (0, DRAW), (0, DISCARD))
    assert heuristic().act(state, 1) == Throw(2)


def test_a_swap_is_scored_on_both_sides():
    state = deal([["Qc", "2d", "3h", "4s"], P1], known=[[0, 1, 2, 3], []])
    est = Estimate(state, 0)
    assert est.others == ((0, 4),)
    hand, others = est.exchanged(0, 1, 2, None)  # the queen for an unknown card
    assert hand == est.own_hand(0, None) == (9, 1, 4)
    assert others == ((10, 3),)  # the queen now counts in the opponent's total
    assert est.win_chance(9, 1, others) > est.win_chance(9, 1)


def test_heuristic_black_king_looks_at_a_known_low_card_and_takes_it():
    state = deal(
        [["Qc", "Jd", "7h", "8s"], ["5c", "2h", "6d", "4s"]],
        ["Kc", "4h", "9c"],
        known=[[0, 1], [0, 1]],
    )
    play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 1)), (1, PASS))
    play(state, (1, DRAW), (1, DISCARD), (0, PASS), (0, DRAW), (0, DISCARD))
    bot = heuristic()
    choice = bot.act(state, 0)
    assert choice == PeekOpponent(1, 1)  # the 2h it looked at with the 9
    state.apply(0, choice)
    assert bot.act(state, 0) in (Swap(0), Swap(1))  # gives a 10-point card


@pytest.mark.parametrize(
    ("drawn", "target"), [("Jc", ChooseOpponent), ("Qd", ChooseOpponent), ("Kc", PeekOpponent)]
)
def test_heuristic_swap_goes_for_a_card_its_owner_has_looked_at_and_kept(drawn, target):
    # Every opponent card is unknown to seat 0; the opponent looked at slots 0 and 1 at
    # the deal and kept them, so they are the likelier low ones.
    state = deal([["Qc", "Jd", "7h", "8s"], P1], [drawn], known=[[0, 1], [0, 1]])
    play(state, (0, DRAW), (0, DISCARD))
    assert heuristic().act(state, 0) in (target(1, 0), target(1, 1))


@pytest.mark.parametrize("name", ["heuristic", "greedy"])
def test_black_king_keeps_its_cards_when_the_swap_is_optional_and_bad(name):
    layouts = [["Ac", "2d", "Kh", "3s"], ["Qc", "9d", "8h", "7s"]]
    for optional, expected in ((True, KEEP), (False, Swap(3))):
        state = deal(
            layouts,
            ["Ks"],
            known=[[0, 1, 2, 3], []],
            options={"black_king_swap_optional": optional},
        )
        play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 0)))
        bot = make_bot(name, "cactus", seed=0)
        assert bot.act(state, 0) == expected  # forced: gives its highest card, 3s


def test_heuristic_calls_when_clearly_lowest_and_not_otherwise():
    low = deal([["Ac", "2d", "Kh"], P1], ["9c"], known=[[0, 1, 2], []])
    assert heuristic().act(low, 0) == CALL_CACTUS
    high = deal([["Qc", "Jd", "10h"], P1], ["9c"], known=[[0, 1, 2], []])
    assert heuristic().act(high, 0) != CALL_CACTUS


def test_heuristic_calls_sooner_for_the_turns_playing_on_leaves_the_other_player():
    """13 points in three known cards against four unseen ones: one more draw would
    help if the other player stood still, but playing on gives it turns to improve."""
    state = deal([["2d", "5c", "6d"], P1], ["9c"], known=[[0, 1, 2], []])
    assert heuristic().act(state, 0) == CALL_CACTUS
    assert make_bot("heuristic:play_on_gain=0", "cactus", seed=0).act(state, 0) == DRAW


def test_opponent_gain_lowers_a_layout_whose_cards_are_all_unknown():
    """The gain comes off the opponent's whole total, so it counts even when the seat
    knows none of the opponent's cards (their known total is 0)."""
    state = deal([["2d", "5c", "6d"], P1], known=[[0, 1, 2], []])
    still, gaining = Estimate(state, 0), Estimate(state, 0, opponent_gain=2)
    for total in range(1, 30):  # (at 0 a tie is also with the totals cut up to 0)
        # Beating a total lowered by 2 is beating the same total with 2 points more.
        assert gaining.win_chance(total, 0) == pytest.approx(still.win_chance(total + 2, 0))
    assert gaining.win_chance(13, 0) < still.win_chance(13, 0)


def test_heuristic_counts_its_turns_from_the_state_it_is_shown():
    """Patience is counted from the round's turns, so a bot that never saw the earlier
    turns (a search's playout, a game reloaded) is as impatient as one that did."""
    high = deal([["Qc", "Jd", "10h"], P1], ["9c", "8c", "7c"], known=[[0, 1, 2], []])
    impatient = "heuristic:patience=1"
    assert make_bot(impatient, "cactus", seed=0).act(high, 0) != CALL_CACTUS
    play(high, (0, DRAW), (0, DISCARD), (0, PEEK_OWN[0]), (1, PASS))  # a 7: a look
    play(high, (1, DRAW), (1, DISCARD), (1, PEEK_OWN[0]), (0, PASS))  # an 8
    assert high.current == 0 and high.turn_number == 3
    assert make_bot(impatient, "cactus", seed=0).act(high, 0) == CALL_CACTUS
    assert make_bot("heuristic", "cactus", seed=0).act(high, 0) != CALL_CACTUS


def test_win_chance_counts_ties_half_and_unknown_cards_as_unseen_ones():
    def chance(mine):
        state = deal([mine, [None, "5c"]], known=[[0], []])
        return Estimate(state, 0).win_chance(*Estimate(state, 0).own_hand()[:2])

    assert chance(["Kh"]) == pytest.approx(1 - 0.5 / 51)  # only the Kd would tie
    assert chance(["5d"]) < chance(["2d"]) < chance(["Kh"])
    state = deal([["Kh"], [None, "Ad"]], ["9c"], known=[[0], []])
    play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 1)), (1, PASS))
    known = Estimate(state, 0)  # it has seen the opponent's ace: no unknown card left
    assert [known.win_chance(total, 0) for total in (0, 1, 2)] == [1.0, 0.5, 0.0]


def test_win_chance_against_several_opponents_shares_the_own_total():
    state = deal([["8c"], P1, P2], known=[[], [], []])
    est = Estimate(state, 0)
    # One unknown card against two known totals of 5: below 5 is 18 of the 52 cards
    # (A-4 and the red kings); a 5 (4 cards) ties both, which counts half twice.
    assert est.win_chance(0, 1, ((5, 0), (5, 0))) == pytest.approx(18 / 52 + 4 / 52 / 4)


def test_heuristic_on_its_last_turn_takes_a_known_low_discard_for_its_worst_card():
    state = deal([["Qc", "Jd", "3h", "3s"], P1], ["9c"], ["Ah"], known=[[0, 1], [0, 1]], caller=1)
    bot = heuristic()
    assert bot.act(state, 0) == TAKE_DISCARD
    state.apply(0, TAKE_DISCARD)
    assert bot.act(state, 0) in (Replace(0), Replace(1))


def test_heuristic_on_its_last_turn_keeps_a_drawn_eight_rather_than_peek():
    state = deal([["Qc", "Jd", "3h", "3s"], P1], ["8c"], known=[[0, 1], [0, 1]], caller=1)
    state.apply(0, DRAW)
    assert heuristic().act(state, 0) in (Replace(0), Replace(1))


@pytest.mark.parametrize("seed", range(6))
def test_heuristic_decides_the_same_in_every_world_it_cannot_tell_apart(seed):
    state = cardtable.make("cactus", 3, seed=seed)
    rng = random.Random(seed)
    bots = [make_bot("random", "cactus", seed=seed)] * 3
    for _ in range(300):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        world = state.determinize(seat, random.Random(seed))
        assert heuristic().act(world, seat) == heuristic().act(state, seat)
        state.apply(seat, bots[seat].act(state, seat))


def test_random_bot_pass_rate_in_windows():
    def window():
        state = deal([P0, P1], ["4c"])
        play(state, (0, DRAW), (0, DISCARD))
        return state

    always = make_bot("random:pass_rate=1", "cactus", seed=3)
    assert all(always.act(window(), 1) == PASS for _ in range(50))
    never = make_bot("random:pass_rate=0", "cactus", seed=3)
    picks = [never.act(window(), 1) for _ in range(200)]
    assert {type(a) for a in picks} == {Throw, type(PASS)}
    assert picks.count(PASS) < 80  # uniform over four throws and a pass
    with pytest.raises(BotSpecError, match="pass_rate"):
        make_bot("random:pass_rate=1.5", "cactus")


def test_random_bot_is_uniform_where_no_pass_is_offered():
    state = cardtable.make("skyjo", 2, seed=1)
    bot = make_bot("random", "skyjo", seed=9)
    twin = random.Random(9)
    for _ in range(100):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bot.act(state, seat)
        assert action == twin.choice(legal)
        state.apply(seat, action)

"""Scenario tests: each numbered rule of the Cactus rules page
(src/cardtable/web/rules/cactus.md) and each option, from explicit deals."""

import pytest

import cardtable
from cardtable.engine import SYSTEM, IllegalActionError, OptionError, StateFormatError, events_for
from cardtable.games.cactus.actions import (
    CALL_CACTUS,
    CLOSE_WINDOW,
    DISCARD,
    DRAW,
    KEEP,
    LOOK,
    PASS,
    TAKE_DISCARD,
    ChooseOpponent,
    PeekOpponent,
    PeekOwn,
    Replace,
    Swap,
    Throw,
)
from cardtable.games.cactus.cards import EMPTY, VALUES, card, name
from cardtable.games.cactus.state import WINDOW, CactusState

from .deals import P0, P1, P2, deal, play


def types(events):
    return [e.type for e in events]


def see_events(events, seat):
    """The (owner, slot, card) that ``seat`` was shown privately."""
    return [
        (e.data["seat"], e.data["slot"], e.data["card"])
        for e in events_for(events, seat)
        if e.type == "see"
    ]


# ------------------------------------------------------------------ rule 1: deal and look
@pytest.mark.parametrize("players", [2, 5, 8])
def test_rule1_deal_four_each_discard_empty_then_everyone_looks(players):
    state = cardtable.make("cactus", players, seed=players)
    assert [len(row) for row in state.cards] == [4] * players
    assert state.discard == [] and len(state.draw_pile) == 52 - 4 * players
    assert state.to_act == tuple(range(players))
    assert all(state.known_cards(p) == {} for p in range(players))
    events = state.apply(1, LOOK)
    assert see_events(events, 1) == [
        (1, 0, name(state.cards[1][0])),
        (1, 1, name(state.cards[1][1])),
    ]
    assert see_events(events, 0) == [] and events_for(events, None) == []
    assert set(state.known_cards(1)) == {(1, 0), (1, 1)}
    with pytest.raises(IllegalActionError, match="already looked"):
        state.apply(1, LOOK)
    for seat in range(players):
        if seat != 1:
            events = state.apply(seat, LOOK)
    assert types(events)[-1] == "turn" and state.to_act == (0,)


def finish_round(state):
    """Play the current round out: the current player calls, everyone else discards."""
    start = state.round
    while state.round == start and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        for choice in (LOOK, CALL_CACTUS, PASS, DRAW, DISCARD):
            if choice in legal:
                state.apply(seat, choice)
                break
        else:
            state.apply(seat, legal[0])


def test_rule1_starter_rotates_each_round():
    state = cardtable.make("cactus", 3, seed=1, options={"rounds": 4})
    starters = []
    for _ in range(4):
        starters.append(state.starter)
        finish_round(state)
    assert starters == [0, 1, 2, 0]
    assert state.is_over


# ------------------------------------------------------------------ rule 2: the turn
def test_rule2_drawn_card_is_seen_only_by_the_drawer():
    state = deal([P0, P1])
    assert state.legal_actions(0) == [CALL_CACTUS, DRAW]  # the discard pile is empty
    events = state.apply(0, DRAW)
    assert [(e.type, e.audience) for e in events] == [("draw", None), ("drawn", (0,))]
    assert events[1].data["card"] == "7h"
    assert state.view(0)["holding"]["card"] == "7h"
    assert state.view(1)["holding"] == {"seat": 0, "source": "draw", "card": None}
    assert state.view(None)["holding"]["card"] is None


def test_rule2b_replace_puts_the_drawn_card_face_down_and_discards_the_old_one():
    state = deal([P0, P1])
    events = play(state, (0, DRAW), (0, Replace(2)))
    replace = next(e for e in events if e.type == "replace")
    assert replace.audience is None and replace.data["card"] == "Jh"
    assert replace.data["source"] == "draw"
    assert "7h" not in str(replace.to_json())
    assert state.cards[0][2] == card("7h") and state.discard == [card("Jh")]
    assert state.known_cards(0)[(0, 2)] == card("7h")
    assert (0, 2) not in state.known_cards(1)
    assert state.phase == WINDOW and state.to_act == (1,)  # a window for seat 1; no effect


def test_rule2a_discarding_a_card_without_effect_opens_the_window():
    state = deal([P0, P1], draw=["4c"])
    events = play(state, (0, DRAW), (0, DISCARD))
    assert types(events)[-2:] == ["discard", "window_open"]
    assert events[-2].data == {"seat": 0, "card": "4c", "effect": None}


def test_rule2_take_the_top_discard_is_seen_by_everyone():
    state = deal([P0, P1])
    assert TAKE_DISCARD not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="discard pile is empty"):
        state.apply(0, TAKE_DISCARD)
    state = deal([P0, P1], discard=["Kd"])
    events = play(state, (0, TAKE_DISCARD))
    assert events[0].data == {"seat": 0, "card": "Kd"}
    assert state.legal_actions(0) == [Replace(i) for i in range(4)]  # no discarding it
    with pytest.raises(IllegalActionError, match="replace one of your cards"):
        state.apply(0, DISCARD)
    events = play(state, (0, Replace(3)))
    assert events[0].type == "replace" and events[0].data["source"] == "discard"
    for seat in (0, 1):
        assert state.known_cards(seat)[(0, 3)] == card("Kd")
    assert state.discard == [card("5s")]


def test_rule2_the_top_discard_is_taken_only_to_replace_a_card_of_your_own():
    state = deal([[None, None], P1], discard=["Kd"])
    assert TAKE_DISCARD not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match=r"take_discard\(\): you have no card to replace$"):
        state.apply(0, TAKE_DISCARD)


def test_rule2_replace_must_name_a_card_of_your_own():
    state = deal([[None, "9d", "Jh", "5s"], P1])
    state.apply(0, DRAW)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="slot 0 is empty"):
        state.apply(0, Replace(0))
    with pytest.raises(IllegalActionError, match="no slot 7"):
        state.apply(0, Replace(7))
    assert state.to_json() == before


def test_rule2_calling_ends_the_turn_without_a_window():
    state = deal([P0, P1])
    events = state.apply(0, CALL_CACTUS)
    assert types(events) == ["cactus", "turn"]
    assert state.to_act == (1,) and state.caller == 0
    assert CALL_CACTUS not in state.legal_actions(1)


def test_reshuffle_when_the_draw_pile_is_empty():
    state = deal([P0, P1], draw=[], discard=["7c", "7d", "Ks"])
    events = state.apply(0, DRAW)
    assert types(events)[0] == "reshuffle" and events[0].data == {"size": 2}
    assert state.discard == [card("Ks")]
    assert state.holding in (card("7c"), card("7d"))
    assert state.card_count() == 11 and len(state.draw_pile) == 1


def test_no_draw_possible_offers_only_what_remains_and_skips_after_a_call():
    state = deal([P0, P1], draw=[], discard=["Ks"])
    assert state.legal_actions(0) == [CALL_CACTUS, TAKE_DISCARD]
    with pytest.raises(IllegalActionError, match="no card is left to draw"):
        state.apply(0, DRAW)
    # Seat 1 has no card to replace and nothing can be drawn: its turn is skipped.
    state = deal([P0, [None, None]], draw=[], discard=["Ks"], options={"rounds": 1})
    events = state.apply(0, CALL_CACTUS)
    assert types(events) == ["cactus", "turn_skipped", "round_end", "match_end"]


# ------------------------------------------------------------------ rule 3: effects
def test_rule3_seven_and_eight_look_at_an_own_card():
    for drawn in ("7s", "8d"):
        state = deal([P0, P1], draw=[drawn])
        events = play(state, (0, DRAW), (0, DISCARD))
        assert events[-1].data["effect"] == "peek_own"
        assert state.legal_actions(0) == [PeekOwn(i) for i in range(4)]
        events = state.apply(0, PeekOwn(3))
        assert see_events(events, 0) == [(0, 3, "5s")] and see_events(events, 1) == []
        assert state.known_cards(0)[(0, 3)] == card("5s")
        assert types(events)[-1] == "window_open"


def test_rule3_nine_and_ten_look_at_an_opponents_card():
    for drawn in ("9s", "10h"):
        state = deal([P0, P1], draw=[drawn])
        play(state, (0, DRAW), (0, DISCARD))
        assert state.legal_actions(0) == [PeekOpponent(1, i) for i in range(4)]
        with pytest.raises(IllegalActionError, match="another player"):
            state.apply(0, PeekOpponent(0, 1))
        events = state.apply(0, PeekOpponent(1, 2))
        assert see_events(events, 0) == [(1, 2, "5h")] and see_events(events, 1) == []
        public = next(e for e in events if e.type == "peek")
        assert public.audience is None and "card" not in public.data
        assert state.known_cards(0)[(1, 2)] == card("5h")


def test_rule3_jack_and_queen_swap_blind_and_each_seat_follows_the_card_it_knew():
    for drawn in ("Js", "Qd"):
        state = deal([P0, P1], draw=[drawn])
        play(state, (0, DRAW), (0, DISCARD))
        events = play(state, (0, ChooseOpponent(1, 0)), (0, Swap(1)))
        swap = next(e for e in events if e.type == "swap")
        assert swap.data == {
            "seat": 0,
            "slot": 1,
            "target_seat": 1,
            "target_slot": 0,
            "looked": False,
        }
        assert all(e.type != "see" for e in events)
        assert state.cards[0][1] == card("3c") and state.cards[1][0] == card("9d")
        assert (0, 1) not in state.known_cards(0)  # it came unseen
        assert (1, 0) not in state.known_cards(1)
        # Each watched its own card go to the other's slot, and still knows it there.
        assert state.known_cards(0)[(1, 0)] == card("9d")
        assert state.known_cards(1)[(0, 1)] == card("3c")


def test_rule3_black_king_looks_then_swaps():
    state = deal([P0, P1], draw=["Kc"])
    play(state, (0, DRAW), (0, DISCARD))
    events = state.apply(0, PeekOpponent(1, 3))
    assert see_events(events, 0) == [(1, 3, "6s")]
    assert state.view(0)["effect"]["looking_at"] == "6s"
    assert state.view(1)["effect"]["looking_at"] is None
    assert KEEP not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="part of its effect"):
        state.apply(0, KEEP)
    events = state.apply(0, Swap(2))
    assert state.cards[0][2] == card("6s") and state.cards[1][3] == card("Jh")
    assert state.known_cards(0)[(0, 2)] == card("6s")  # seen by the king's user
    assert (1, 3) not in state.known_cards(0) and (1, 3) not in state.known_cards(1)


def test_option_black_king_swap_optional_allows_keeping():
    state = deal([P0, P1], draw=["Ks"], options={"black_king_swap_optional": True})
    play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 0)))
    assert KEEP in state.legal_actions(0)
    events = state.apply(0, KEEP)
    assert types(events) == ["keep", "window_open"]
    assert events[0].data == {"seat": 0} and events[0].audience is None
    assert state.cards[0] == [card(c) for c in P0] and state.cards[1][0] == card("3c")


def test_rule3_red_kings_have_no_effect():
    state = deal([P0, P1], draw=["Kh"])
    events = play(state, (0, DRAW), (0, DISCARD))
    assert events[-2].data["effect"] is None and types(events)[-1] == "window_open"


def test_rule3_an_effect_without_target_is_skipped():
    state = deal([[None, None], P1], draw=["8c"])
    assert state.legal_actions(0) == [CALL_CACTUS, DRAW]
    events = play(state, (0, DRAW))
    assert state.legal_actions(0) == [DISCARD]  # nothing to replace
    events = state.apply(0, DISCARD)
    assert types(events) == ["discard", "effect_skipped", "window_open"]


def test_rule5_effects_on_the_callers_locked_cards():
    # Seat 2 called; seat 0 plays its last turn with seat 1 and seat 2 as opponents.
    for drawn, locked in (("Qc", True), ("Qc", False)):
        state = deal([P0, P1, P2], draw=[drawn], caller=2, options={"lock_caller": locked})
        play(state, (0, DRAW), (0, DISCARD))
        targets = {(a.seat, a.slot) for a in state.legal_actions(0)}
        assert ((2, 0) in targets) is not locked and (1, 0) in targets
        if locked:
            with pytest.raises(IllegalActionError, match="locked"):
                state.apply(0, ChooseOpponent(2, 0))
            assert state.view(0)["locked"] == [2]
    # Looking is allowed; a black king's swap with a locked card is not offered.
    state = deal([P0, P1, P2], draw=["Ks"], caller=2)
    play(state, (0, DRAW), (0, DISCARD))
    assert PeekOpponent(2, 1) in state.legal_actions(0)
    events = state.apply(0, PeekOpponent(2, 1))
    assert see_events(events, 0) == [(2, 1, "5d")]
    assert types(events)[-1] == "window_open"
    assert state.cards[2] == [card(c) for c in P2]
    # With only the locked caller as opponent, a swap effect has no target.
    state = deal([P0, P1], draw=["Jc"], caller=1)
    events = play(state, (0, DRAW), (0, DISCARD))
    assert "effect_skipped" in types(events)


# ------------------------------------------------------------------ rule 4: quick discard
def test_rule4_right_throw_empties_the_slot_and_closes_the_window():
    state = deal([P0, P1, P2], draw=["5c"])
    events = play(state, (0, DRAW), (0, DISCARD))
    assert events[-1].data == {"rank": "5", "seats": [1, 2]}
    assert state.to_act == (1, 2) and state.legal_actions(1)[-1] == PASS
    assert state.system_actions() == [CLOSE_WINDOW]
    events = state.apply(2, Throw(1))
    assert types(events) == ["throw", "window_closed", "turn"]
    assert events[0].data == {"seat": 2, "slot": 1, "card": "5d", "right": True}
    assert state.cards[2] == [card("Ac"), EMPTY, card("8h"), card("8s")]
    assert state.view(0)["layouts"][2] == ["hidden", "empty", "hidden", "hidden"]
    assert state.discard[-1] == card("5d") and state.to_act == (1,)


def test_rule4_two_throws_in_one_window_the_second_is_too_late():
    state = deal([P0, P1, P2], draw=["5c"])
    play(state, (0, DRAW), (0, DISCARD), (1, Throw(2)))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="too late: the quick-discard window has closed"):
        state.apply(2, Throw(1))
    # Seat 1's turn has begun: its own late throw is refused the same way.
    with pytest.raises(IllegalActionError, match="too late"):
        state.apply(1, Throw(0))
    assert state.to_json() == before


def test_rule4_wrong_throw_returns_the_card_and_deals_a_penalty():
    state = deal([P0, P1, P2], draw=["9c", "5c"])
    play(state, (0, DRAW), (0, DISCARD))
    events = state.apply(1, Throw(0))
    assert types(events) == ["throw", "penalty"]
    assert events[0].data == {"seat": 1, "slot": 0, "card": "3c", "right": False}
    assert events[1].data == {"seat": 1, "slot": 4}
    assert all("9c" not in str(e.to_json()) for e in events)
    assert state.cards[1] == [card(c) for c in P1] + [card("9c")]
    for seat in (0, 1, 2):  # everyone saw the wrong card; nobody saw the penalty card
        assert state.known_cards(seat)[(1, 0)] == card("3c")
        assert (1, 4) not in state.known_cards(seat)
    assert state.to_act == (2,)  # still open for the others
    with pytest.raises(IllegalActionError, match="already thrown or passed"):
        state.apply(1, Throw(2))
    events = state.apply(2, Throw(1))
    assert events[0].data["right"] is True


def test_rule4_window_closes_when_everyone_passed():
    state = deal([P0, P1, P2], draw=["4c"])
    play(state, (0, DRAW), (0, DISCARD), (2, PASS))
    with pytest.raises(IllegalActionError, match="may not take part"):
        state.apply(0, Throw(0))
    events = state.apply(1, PASS)
    assert types(events) == ["pass", "window_closed", "turn"]
    assert events[1].data == {"reason": "all_acted"} and state.to_act == (1,)


def test_rule4_system_closes_a_window_whose_time_ran_out():
    state = deal([P0, P1], draw=["4c"])
    play(state, (0, DRAW), (0, DISCARD))
    with pytest.raises(IllegalActionError, match="only the server"):
        state.apply(1, CLOSE_WINDOW)
    events = state.apply(SYSTEM, CLOSE_WINDOW)
    assert types(events) == ["window_closed", "turn"] and events[0].data == {"reason": "time"}
    assert state.system_actions() == []
    with pytest.raises(IllegalActionError, match="not a system action"):
        state.apply(SYSTEM, CLOSE_WINDOW)
    with pytest.raises(IllegalActionError, match="too late"):
        state.apply(1, PASS)
    assert state.log[-1] == (SYSTEM, CLOSE_WINDOW)


def test_rule4_taken_discard_replacement_opens_a_window_and_penalty_reshuffles():
    state = deal([P0, P1], draw=[], discard=["Kh", "7d", "As"])
    play(state, (0, TAKE_DISCARD), (0, Replace(0)))  # the 2c lands on the pile
    assert state.window_rank == 1 and state.to_act == (1,)
    events = state.apply(1, Throw(0))  # 3c: wrong, the penalty needs a reshuffle
    assert types(events) == ["throw", "reshuffle", "penalty", "window_closed", "turn"]
    assert state.discard == [card("2c")] and len(state.cards[1]) == 5


def test_option_self_snap_lets_the_current_player_throw():
    state = deal([["5d", "9d", "Jh", "5s"], P1], draw=["5c"], options={"self_snap": True})
    play(state, (0, DRAW), (0, DISCARD))
    assert state.to_act == (0, 1)
    events = state.apply(0, Throw(3))
    assert events[0].data["right"] is True and state.cards[0][3] == EMPTY


def test_a_full_layout_cannot_throw():
    full = [f"{r}{s}" for r in ("3", "4", "6", "7", "8", "10", "Q", "K") for s in "dh"]
    state = deal([P0, full], draw=["Ac"])
    play(state, (0, DRAW), (0, DISCARD))
    assert state.phase != WINDOW and state.to_act == (1,)  # no window: nobody may throw


# ------------------------------------------------------------------ rule 5: the call
def test_rule5_after_a_call_everyone_else_plays_once_more():
    state = deal([P0, P1, P2], draw=["4c", "4s", "4h"], current=1, options={"rounds": 1})
    state.apply(1, CALL_CACTUS)
    assert state.to_act == (2,)
    play(state, (2, DRAW), (2, DISCARD), (0, PASS), (1, PASS))
    assert state.to_act == (0,) and not state.is_over
    with pytest.raises(IllegalActionError, match="already called"):
        state.apply(0, CALL_CACTUS)
    events = play(state, (0, DRAW), (0, DISCARD), (1, PASS))
    assert "round_end" not in types(events)  # seat 2 still in the window
    events = state.apply(2, PASS)
    assert types(events)[-2:] == ["round_end", "match_end"]
    assert events[-2].data["caller"] == 1


# ------------------------------------------------------------------ rule 6: scores
def test_rule6_scores_are_the_card_values_and_an_empty_layout_scores_zero():
    expected = {
        "Ah": 1,
        "2c": 2,
        "10d": 10,
        "Js": 10,
        "Qh": 10,
        "Kc": 15,
        "Ks": 15,
        "Kh": 0,
        "Kd": 0,
    }
    assert {c: VALUES[card(c)] for c in expected} == expected
    state = deal(
        [["Kc", "Kh", None, "Qd"], [None]], draw=["4c"], current=1, caller=0, options={"rounds": 1}
    )
    events = play(state, (1, DRAW), (1, DISCARD), (0, PASS))
    assert events[-2].data["scores"] == [25, 0]
    assert events[-2].data["layouts"] == [["Kc", "Kh", None, "Qd"], [None]]
    assert state.totals == [25, 0] and state.winners == [1]


@pytest.mark.parametrize(
    ("caller_hand", "other_hand", "penalized"),
    [(["2c"], ["3c"], False), (["3c"], ["3d"], True), (["9c"], ["3c"], True)],
)
def test_option_caller_penalty_unless_strictly_lowest(caller_hand, other_hand, penalized):
    state = deal(
        [caller_hand, other_hand],
        draw=["4s"],
        current=1,
        caller=0,
        options={"caller_penalty": 10, "rounds": 1},
    )
    events = play(state, (1, DRAW), (1, DISCARD), (0, PASS))
    end = next(e for e in events if e.type == "round_end")
    raw = VALUES[card(caller_hand[0])]
    assert end.data["caller_penalized"] is penalized
    assert end.data["scores"][0] == raw + (10 if penalized else 0)


# ------------------------------------------------------------------ rule 7: match end
def test_rule7_match_ends_when_a_total_reaches_the_target():
    def last_turn(**kw):
        state = deal([["Qc"], ["2c"]], draw=["4c"], current=1, caller=0, **kw)
        return state, play(state, (1, DRAW), (1, DISCARD), (0, PASS))

    state, events = last_turn(totals=[85, 30])
    assert types(events)[-1] == "round_start" and not state.is_over  # 95: play on
    assert state.totals == [95, 32] and state.round == 2
    state, events = last_turn(totals=[90, 30])
    assert types(events)[-1] == "match_end"
    assert state.is_over and state.totals == [100, 32] and state.winners == [1]
    state, _ = last_turn(options={"target_score": 10})
    assert state.is_over and state.winners == [1]


def test_rule7_equal_lowest_totals_share_the_win():
    state = deal([["5c"], ["5d"]], draw=["4c"], current=1, caller=0, options={"rounds": 1})
    play(state, (1, DRAW), (1, DISCARD), (0, PASS))
    assert state.winners == [0, 1]


def test_option_rounds_ends_after_that_many_rounds_whatever_the_totals():
    state = cardtable.make("cactus", 2, seed=3, options={"rounds": 2, "target_score": 1})
    finish_round(state)
    assert not state.is_over and state.round == 2
    finish_round(state)
    assert state.is_over and len(state.round_scores) == 2


# ------------------------------------------------------------------ rule 8: memory
def test_rule8_memory_aid_shows_known_cards_only_with_the_option():
    for aid in (False, True):
        state = deal([P0, P1], draw=["9c"], options={"memory_aid": aid})
        play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 2)))
        mine, theirs = state.view(0)["layouts"]
        if aid:
            assert mine == ["2c", "9d", "hidden", "hidden"]
            assert theirs == ["hidden", "hidden", "5h", "hidden"]
        else:
            assert mine == theirs == ["hidden"] * 4
        assert state.view(None)["layouts"] == [["hidden"] * 4] * 2
        assert state.view(1)["layouts"][0] == ["hidden"] * 4


def test_rule8_the_memory_aid_shows_a_black_kings_card_in_its_new_slot():
    """The card a black king showed and its player swapped into their own row stays
    shown there: they moved it themselves. The card they gave away is not shown to
    the other player, who never saw it."""
    state = deal([P0, P1], draw=["Kc"], options={"memory_aid": True})
    play(state, (0, DRAW), (0, DISCARD), (0, PeekOpponent(1, 3)), (0, Swap(2)))
    assert state.view(0)["layouts"] == [["2c", "9d", "6s", "hidden"], ["hidden"] * 4]
    assert state.view(1)["layouts"] == [["hidden"] * 4, ["3c", "4d", "hidden", "hidden"]]


def test_rule8_a_blind_swap_removes_the_cards_from_the_memory_aid():
    state = deal([P0, P1], draw=["Qc"], options={"memory_aid": True})
    play(state, (0, DRAW), (0, DISCARD), (0, ChooseOpponent(1, 1)), (0, Swap(0)))
    assert state.view(0)["layouts"] == [["hidden", "9d", "hidden", "hidden"], ["hidden"] * 4]
    assert state.view(1)["layouts"] == [["hidden"] * 4, ["3c", "hidden", "hidden", "hidden"]]
    # The aid shows cards that have not moved since they were seen; the seats still
    # know where their swapped cards went.
    assert state.known_cards(0)[(1, 1)] == card("2c")
    assert state.known_cards(1)[(0, 0)] == card("4d")
    restored = CactusState.from_json(state.to_json())
    assert restored.view(1)["layouts"] == state.view(1)["layouts"]
    assert restored.known_cards(1) == state.known_cards(1)


def test_a_state_saved_without_followed_cards_loads_and_plays_on():
    # Saved before the record of followed cards existed: its swaps had cleared what
    # anyone knew of the cards, so nothing is followed.
    state = deal([P0, P1], draw=["Qc", "4c"], options={"memory_aid": True})
    play(state, (0, DRAW), (0, Replace(2)), (1, PASS))
    saved = state.to_json()
    del saved["state"]["followed"]
    old = CactusState.from_json(saved)
    assert old.to_json() == state.to_json()
    for twin in (state, old):
        play(twin, (1, DRAW), (1, DISCARD), (1, ChooseOpponent(0, 2)), (1, Swap(0)))
    assert old.to_json() == state.to_json()
    assert old.view(0)["layouts"][0][2] == "hidden" and old.known_cards(0)[(1, 0)] == card("4c")


# ------------------------------------------------------------------ options and deals
@pytest.mark.parametrize(
    "bad",
    [
        {"rounds": 0},
        {"caller_penalty": -1},
        {"quick_discard_seconds": 0},
        {"target_score": 0},
        {"lock_caller": "yes"},
        {"memory_aid": 1},
    ],
)
def test_bad_option_values_are_named(bad):
    with pytest.raises(OptionError, match=next(iter(bad))):
        cardtable.make("cactus", 2, options=bad)


def test_options_defaults_match_the_rules():
    defaults = {o["name"]: o["default"] for o in cardtable.get_game("cactus").describe()["options"]}
    assert defaults == {
        "lock_caller": True,
        "black_king_swap_optional": False,
        "self_snap": False,
        "caller_penalty": 0,
        "target_score": 100,
        "rounds": None,
        "memory_aid": False,
        "wrong_throw_penalty": 1,
        "snap_opponent": False,
        "quick_discard_seconds": 3,
    }


def test_explicit_deals_are_checked():
    with pytest.raises(StateFormatError, match="dealt twice: 2c"):
        deal([P0, ["2c"]])
    with pytest.raises(StateFormatError, match="'11h' is not a card name"):
        deal([P0, ["11h"]])
    with pytest.raises(StateFormatError, match="2 to 8 players"):
        deal([P0])
    with pytest.raises(StateFormatError, match="caller does not play"):
        deal([P0, P1], caller=0)
    with pytest.raises(StateFormatError, match="seat 1 has no card in slot 5"):
        deal([P0, P1], known=[[0], [5]])
    state = deal([P0, P1], known=[[2, 3], []])
    assert state.known_cards(0) == {(0, 2): card("Jh"), (0, 3): card("5s")}
    assert state.known_cards(1) == {}


def test_illegal_actions_name_the_phase_and_change_nothing():
    state = deal([P0, P1])
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="call Cactus, draw, or take"):
        state.apply(0, PeekOwn(0))
    with pytest.raises(IllegalActionError, match="not seat 1's move"):
        state.apply(1, DRAW)
    assert state.to_json() == before

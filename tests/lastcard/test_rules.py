"""Scenario tests: each numbered rule of the Last Card rules page
(src/cardtable/web/rules/lastcard.md) and each option, from explicit deals."""

import json
import random
from collections import Counter

import pytest

import cardtable
from cardtable.engine import IllegalActionError, OptionError, StateFormatError
from cardtable.engine.events import events_for
from cardtable.games.lastcard.actions import DRAW, KEEP, Play
from cardtable.games.lastcard.cards import CODE, DECK, KIND, NUMBER, POINTS
from cardtable.games.lastcard.state import PLAY_DRAWN, TURN, LastCardState, turn_start_card

#: Cards nobody can play on a red or green top in these scenarios (bottom to top).
BLUE_PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def deal(hands, discard=("R5",), draw_pile=BLUE_PILE, **kw):
    return LastCardState.from_deal(hands, list(discard), list(draw_pile), **kw)


def play(card, color=None, call=False):
    return Play(card, color, call)


def types(events):
    return [e.type for e in events]


def snapshot(state):
    return json.dumps(state.to_json())


def assert_illegal(state, seat, action, match):
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=match):
        state.apply(seat, action)
    assert snapshot(state) == before


# ------------------------------------------------------------------ rule 1: deal, start
def next_round_events(state, seed):
    """Play randomly until a round starts; return that action's events."""
    rng = random.Random(seed)
    while True:
        seat = state.to_act[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if "round_start" in types(events):
            return events


def test_rule1_deal_seven_each_and_a_number_card_on_top():
    for n in (2, 5, 10):
        state = cardtable.make("lastcard", n, seed=n, options={"target_score": 10_000})
        assert len(state.discard) == 1 and KIND[state.discard[0]] == NUMBER
        events = next_round_events(state, seed=n)
        start = events[types(events).index("round_start") :]
        deals = [e for e in start if e.type == "deal"]
        assert [(e.audience, len(e.data["cards"])) for e in deals] == [((p,), 7) for p in range(n)]
        assert KIND[CODE[start[0].data["top"]]] == NUMBER
        cards = [t for c in state.counts for t in range(54) for _ in range(c[t])]
        assert sorted(cards + state.draw_pile + state.discard) == sorted(DECK)


def test_rule1_start_card_puts_other_cards_back_into_the_pile():
    pile = [CODE[c] for c in ("G4", "R7", "Rskip", "wild", "+4")]
    rng = random.Random(3)
    top = turn_start_card(pile, rng)
    assert KIND[top] == NUMBER
    assert sorted([*pile, top]) == sorted(CODE[c] for c in ("G4", "R7", "Rskip", "wild", "+4"))


def test_rule1_seat0_starts_then_the_next_seat_each_round():
    state = cardtable.make("lastcard", 3, seed=4, options={"target_score": 10_000})
    assert state.starter == 0
    rng = random.Random(0)
    starters = [state.starter]
    while state.round < 4:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.starter != starters[-1]:
            starters.append(state.starter)
    assert starters == [0, 1, 2, 0]


def test_rule1_the_starter_who_cannot_play_draws_first():
    state = deal([["B6", "G2"], ["R1", "R2"]], draw_pile=["B9"])
    assert state.sizes == [3, 2]  # seat 0 could not play and drew the blue 9
    assert state.legal_actions(0) == [KEEP]  # which does not fit either


# ------------------------------------------------------------------ rule 2: matching
def test_rule2_match_color_or_rank():
    state = deal([["R9", "G5", "B3", "wild"], ["R1", "R2"]])
    legal = state.legal_actions(0)
    cards = {a.card for a in legal}
    assert cards == {"R9", "G5", "wild"}
    assert DRAW not in legal
    assert_illegal(state, 0, play("B3"), "matches neither")
    assert_illegal(state, 0, play("Y7"), "do not hold")
    assert_illegal(state, 1, play("R1"), "not seat 1's move")


def test_rule2_wild_names_the_color_to_follow():
    state = deal([["wild", "G5", "B3"], ["B1", "R2", "Y4"]])
    assert_illegal(state, 0, play("wild"), "must name a colour")
    assert_illegal(state, 0, Play("wild", "purple", False), "must name a colour")
    assert_illegal(state, 0, Play("G5", "green", False), "only a Wild or \\+4 names")
    events = state.apply(0, play("wild", "blue"))
    assert events[0].data == {"seat": 0, "card": "wild", "color": "blue", "call": False}
    assert state.view(1)["color"] == "blue"
    assert {a.card for a in state.legal_actions(1)} == {"B1"}


def test_rule2_all_four_colors_are_offered_for_a_wild():
    state = deal([["+4", "G5", "B3"], ["B1", "R2"]], discard=["G1"])
    colors = {a.color for a in state.legal_actions(0) if a.card == "+4"}
    assert colors == {"red", "green", "blue", "yellow"}


# ------------------------------------------------------------------ rule 3: drawing
def test_rule3_must_play_when_able():
    state = deal([["R9", "B3"], ["R1", "R2"]])
    assert_illegal(state, 0, DRAW, "must play")


def test_rule3_cannot_play_draws_and_may_play_the_drawn_card():
    state = deal([["R9", "B3", "G4"], ["B1", "G2"]], draw_pile=["B5", "R4"])
    events = state.apply(0, play("R9"))
    assert types(events) == ["play", "turn", "draw", "drawn"]
    assert events[3].audience == (1,) and events[3].data["cards"] == ["R4"]
    assert events[2].data == {"seat": 1, "count": 1, "reason": "draw"}
    assert state.phase == PLAY_DRAWN and state.to_act == (1,)
    assert set(state.legal_actions(1)) == {play("R4"), KEEP}
    assert_illegal(state, 1, play("B1"), "only the card just drawn")
    assert_illegal(state, 1, DRAW, "you have drawn")
    state.apply(1, play("R4"))
    assert state.discard[-1] == CODE["R4"] and state.current == 0


def test_rule3_keep_ends_the_turn():
    state = deal([["R9", "R3", "B3"], ["B1", "G2"]], draw_pile=["B5", "R4"])
    state.apply(0, play("R9"))
    events = state.apply(1, KEEP)
    assert types(events)[:2] == ["keep", "turn"]
    assert state.sizes[1] == 3 and state.current == 0 and state.phase == TURN
    assert_illegal(state, 0, KEEP, "no card just drawn")


def test_rule3_unplayable_drawn_card_is_kept_by_a_decision_too():
    """Rule 3: the drawer decides after every draw, so the table cannot tell a playable
    card from an unplayable one; "keep" is then the only choice."""
    state = deal([["R9", "R3", "G4"], ["B1", "G2"]], draw_pile=["B5", "Y4"])
    events = state.apply(0, play("R9"))
    assert types(events) == ["play", "turn", "draw", "drawn"]
    assert state.phase == PLAY_DRAWN and state.to_act == (1,) and state.drawn == CODE["Y4"]
    assert state.legal_actions(1) == [KEEP]
    assert_illegal(state, 1, play("Y4"), "matches neither the colour red nor R9: keep it")
    assert_illegal(state, 1, DRAW, "you have drawn")
    events = state.apply(1, KEEP)
    assert types(events) == ["keep", "turn"]
    assert state.current == 0 and state.sizes[1] == 3 and state.phase == TURN


def test_rule3_playable_or_not_the_table_sees_the_same_draw():
    """Everything but the drawer's own view and private events is the same whether the
    drawn card fits or not, until the drawer decides."""

    def after_draw(card):
        state = deal([["R9", "R3", "G4"], ["B1", "G2"]], draw_pile=["B5", card])
        events = state.apply(0, play("R9"))
        return state, events

    fits, fits_events = after_draw("R4")
    misses, misses_events = after_draw("Y4")
    for seat in (0, None):
        assert fits.view(seat) == misses.view(seat)
        assert [e.to_json() for e in events_for(fits_events, seat)] == [
            e.to_json() for e in events_for(misses_events, seat)
        ]
    assert [e.to_json() for e in fits.apply(1, KEEP)] == [
        e.to_json() for e in misses.apply(1, KEEP)
    ]
    assert fits.view(0) == misses.view(0)


def test_option_voluntary_draw():
    state = deal([["R9", "B3", "G4"], ["B1", "R2"]], options={"voluntary_draw": True})
    assert DRAW in state.legal_actions(0)
    state.apply(0, DRAW)
    assert state.sizes[0] == 4 and state.phase == PLAY_DRAWN  # the blue 9 drawn does not fit
    assert state.legal_actions(0) == [KEEP]
    state.apply(0, KEEP)
    assert state.current == 1


def test_option_voluntary_draw_then_play_the_drawn_card():
    state = deal(
        [["R9", "B3", "G4"], ["B1", "R2"]], draw_pile=["R8"], options={"voluntary_draw": True}
    )
    state.apply(0, DRAW)
    assert state.phase == PLAY_DRAWN and state.drawn == CODE["R8"]


def test_option_play_drawn_off():
    state = deal(
        [["R9", "R3", "G4"], ["B1", "G2"]], draw_pile=["B5", "R4"], options={"play_drawn": False}
    )
    state.apply(0, play("R9"))
    assert state.phase == TURN and state.current == 0 and state.sizes[1] == 3


# ------------------------------------------------------------------ rule 4: skip, reverse
def test_rule4_skip():
    state = deal([["Rskip", "B3", "G4"], ["R1", "R2"], ["R3", "R4"]])
    events = state.apply(0, play("Rskip"))
    assert state.current == 2
    assert events[-1].data == {"seat": 2}


def test_rule4_reverse_flips_the_direction():
    state = deal([["Rreverse", "B3", "G4"], ["R1", "R2"], ["R3", "R4"]])
    state.apply(0, play("Rreverse"))
    assert state.direction == -1 and state.current == 2
    state.apply(2, play("R3", call=True))
    assert state.current == 1


def test_rule4_reverse_with_two_players_is_a_skip():
    state = deal([["Rreverse", "R3", "B3"], ["R1", "R2"]])
    state.apply(0, play("Rreverse"))
    assert state.current == 0


# ------------------------------------------------------------------ rule 5: +2 and +4
def test_rule5_plus_two_stacks_and_the_whole_amount_is_drawn():
    state = deal([["R+2", "B3", "G4"], ["G+2", "R1", "wild"], ["R3", "B4", "Y5"]])
    state.apply(0, play("R+2"))
    assert state.pending == 2
    legal = state.legal_actions(1)
    assert {a.kind for a in legal} == {"play", "draw"}
    assert {a.card for a in legal if a.kind == "play"} == {"G+2"}
    assert_illegal(state, 1, Play("wild", "red", False), "pending")
    assert_illegal(state, 1, play("R1"), "pending")
    state.apply(1, play("G+2"))
    assert state.pending == 4 and state.current == 2
    assert state.legal_actions(2) == [DRAW]
    events = state.apply(2, DRAW)
    assert events[0].data == {"seat": 2, "count": 4, "reason": "penalty"}
    assert state.pending == 0 and state.sizes[2] == 7 and state.current == 0


def test_rule5_plus_four_stacks_only_with_plus_four():
    state = deal([["+4", "B3", "G4"], ["+4", "R+2", "R1"], ["R3", "B4"]])
    state.apply(0, Play("+4", "green", False))
    assert state.pending == 4
    assert {a.card for a in state.legal_actions(1) if a.kind == "play"} == {"+4"}
    state.apply(1, Play("+4", "yellow", False))
    assert state.pending == 8 and state.view(2)["color"] == "yellow"


def test_rule5_after_the_draw_the_top_plays_normally():
    state = deal([["G+2", "G3", "Y+2", "B3"], ["R1", "B2"]], discard=["G5"])
    state.apply(0, play("G+2"))
    state.apply(1, DRAW)
    assert state.current == 0 and state.pending == 0
    assert {a.card for a in state.legal_actions(0)} == {"G3", "Y+2"}


def test_rule5_plus_four_not_on_a_plus_two():
    state = deal([["+4", "R3", "G3"], ["R1", "B2"]], discard=["R+2"])
    assert {a.card for a in state.legal_actions(0)} == {"R3"}
    assert_illegal(state, 0, Play("+4", "red", False), "may not be played on R\\+2")
    state = deal([["+4", "wild", "G3"], ["R1", "B2"]], discard=["R+2"])
    assert {a.card for a in state.legal_actions(0)} == {"wild"}


def test_option_plus_four_on_plus_two():
    opts = {"plus_four_on_plus_two": True}
    state = deal([["+4", "G3", "B3"], ["R1", "B2"]], discard=["R+2"], options=opts)
    state.apply(0, Play("+4", "blue", False))
    assert state.pending == 4
    state = deal([["R+2", "G3", "B3"], ["+4", "B2", "G1"], ["R4", "R6"]], options=opts)
    state.apply(0, play("R+2"))
    state.apply(1, Play("+4", "blue", False))
    assert state.pending == 6 and state.current == 2


def test_option_stack_plus_two_off_draws_at_once():
    state = deal(
        [["R+2", "B3", "G4"], ["G+2", "R1"], ["R3", "B4"]], options={"stack_plus_two": False}
    )
    events = state.apply(0, play("R+2"))
    assert types(events)[:4] == ["play", "turn", "draw", "drawn"]
    assert events[2].data == {"seat": 1, "count": 2, "reason": "penalty"}
    assert state.sizes[1] == 4 and state.pending == 0 and state.current == 2


def test_option_stack_plus_four_off_draws_at_once():
    state = deal(
        [["+4", "B3", "G4"], ["+4", "R1"], ["R3", "B4"]], options={"stack_plus_four": False}
    )
    state.apply(0, Play("+4", "red", False))
    assert state.sizes[1] == 6 and state.pending == 0 and state.current == 2


# ------------------------------------------------------------------ rule 6: Last Card call
def test_rule6_second_to_last_card_offers_both_calls():
    state = deal([["R9", "B3"], ["R1", "R2", "R3"]])
    assert set(state.legal_actions(0)) == {play("R9"), play("R9", call=True)}
    state.apply(0, play("R9", call=True))
    assert state.sizes[0] == 1


def test_rule6_missed_call_draws_two_right_after_the_play():
    state = deal([["R+2", "B3"], ["R1", "R2", "R3"]], draw_pile=BLUE_PILE)
    events = state.apply(0, play("R+2"))
    assert types(events)[:3] == ["play", "draw", "drawn"]
    assert events[1].data == {"seat": 0, "count": 2, "reason": "missed_call"}
    assert state.sizes[0] == 3 and state.pending == 2 and state.current == 1


def test_rule6_call_only_on_the_second_to_last_card():
    state = deal([["R9", "B3", "G4"], ["R1", "R2"]])
    assert all(not a.call for a in state.legal_actions(0))
    assert_illegal(state, 0, play("R9", call=True), "second-to-last")


def test_rule6_call_with_a_drawn_card():
    state = deal([["R9", "B3"], ["G1"]], draw_pile=["R4"])
    state.apply(0, play("R9", call=True))
    assert state.phase == PLAY_DRAWN
    assert set(state.legal_actions(1)) == {play("R4"), play("R4", call=True), KEEP}


def test_option_missed_call_penalty():
    state = deal([["R9", "B3"], ["R1", "R2"]], options={"missed_call_penalty": 3})
    state.apply(0, play("R9"))
    assert state.sizes[0] == 4
    state = deal([["R9", "B3"], ["R1", "R2"]], options={"missed_call_penalty": 0})
    assert play("R9", call=True) in state.legal_actions(0)
    state.apply(0, play("R9"))
    assert state.sizes[0] == 1


# ------------------------------------------------------------------ rule 7: round end
def test_rule7_empty_hand_ends_the_round_and_scores_the_other_hands():
    hands = [["R9"], ["R1", "Gskip", "wild"], ["Y7", "+4"]]
    state = deal(hands, totals=[0, 0, 0], starter=0)
    events = state.apply(0, play("R9"))
    end = next(e for e in events if e.type == "round_end")
    expected = 1 + 20 + 50 + 7 + 50
    assert end.data["scores"] == [expected, 0, 0]
    assert end.data["hands"] == [[], ["R1", "Gskip", "wild"], ["Y7", "+4"]]
    assert state.round_scores == [[expected, 0, 0]] and state.totals == [expected, 0, 0]
    assert state.round == 2 and state.starter == 1


def test_rule7_a_winning_plus_two_is_still_drawn():
    state = deal(
        [["G+2", "B3", "G4"], ["R+2"], ["R1", "R2"]],
        discard=["G5"],
        draw_pile=["Y1", "Y2", "G7", "G8"],
    )
    state.apply(0, play("G+2"))
    events = state.apply(1, play("R+2"))
    penalty = [e for e in events if e.type == "draw"]
    assert penalty[0].data == {"seat": 2, "count": 4, "reason": "penalty"}
    end = next(e for e in events if e.type == "round_end")
    drawn_points = sum(POINTS[CODE[c]] for c in ("Y1", "Y2", "G7", "G8"))
    assert end.data["winner"] == 1
    assert end.data["scores"][1] == 3 + 4 + 1 + 2 + drawn_points


def test_rule7_points_of_every_card_type():
    assert [POINTS[CODE[c]] for c in ("R0", "G7", "B9", "Yskip", "Rreverse", "G+2")] == [
        0,
        7,
        9,
        20,
        20,
        20,
    ]
    assert POINTS[CODE["wild"]] == POINTS[CODE["+4"]] == 50


# ------------------------------------------------------------------ rule 8: match end
def test_rule8_match_ends_above_target_highest_wins():
    state = deal([["R9"], ["wild", "B1"]], totals=[460, 499], options={"target_score": 500})
    events = state.apply(0, play("R9"))
    assert state.is_over and state.totals == [511, 499] and state.winners == [0]
    assert types(events)[-1] == "match_end" and state.to_act == ()
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(0, play("R1"))


def test_rule8_reaching_the_target_exactly_does_not_end():
    state = deal([["R9"], ["wild", "B1"]], totals=[449, 0], options={"target_score": 500})
    state.apply(0, play("R9"))
    assert state.totals == [500, 0] and not state.is_over and state.round == 2


def test_rule8_highest_total_wins_even_if_another_player_passed_the_target():
    state = deal([["R9"], ["wild", "B1"]], totals=[0, 600], options={"target_score": 500})
    state.apply(0, play("R9"))
    assert state.is_over and state.winners == [1]


def test_rule8_equal_highest_totals_share_the_win():
    state = deal([["R9"], ["wild", "B1"]], totals=[549, 600], options={"target_score": 500})
    state.apply(0, play("R9"))
    assert state.winners == [0, 1]


def test_option_target_score_validation():
    with pytest.raises(OptionError, match="target_score"):
        cardtable.make("lastcard", 2, options={"target_score": -1})
    with pytest.raises(OptionError, match="missed_call_penalty"):
        cardtable.make("lastcard", 2, options={"missed_call_penalty": -1})


# ------------------------------------------------------------------ piles
def test_empty_draw_pile_reshuffles_the_discard_pile_but_its_top():
    state = deal([["R9", "R3", "G4"], ["B1", "G2"]], discard=["Y3", "G6", "R5"], draw_pile=[])
    events = state.apply(0, play("R9"))
    assert "reshuffle" in types(events)
    assert state.discard == [CODE["R9"]]
    assert state.sizes[1] == 3 and len(state.draw_pile) == 2


def test_no_card_to_draw_skips_the_draw():
    state = deal([["B3", "G4"], ["B1", "R2"]], discard=["R5"], draw_pile=[])
    assert state.current == 0 and state.legal_actions(0) == [DRAW]
    events = state.apply(0, DRAW)
    assert events[0].data == {"seat": 0, "count": 0, "reason": "draw"}
    assert "drawn" not in types(events)
    assert state.sizes[0] == 2 and state.current == 1


def test_penalty_is_drawn_as_far_as_the_cards_go():
    state = deal([["B1", "G2"], ["R3", "B3"]], discard=["R+2"], draw_pile=["Y1"], pending=4)
    events = state.apply(0, DRAW)
    assert events[0].data == {"seat": 0, "count": 1, "reason": "penalty"}
    assert state.pending == 0 and state.sizes[0] == 3 and state.current == 1


# ------------------------------------------------------------------ explicit deals
def test_from_deal_rejects_bad_deals():
    with pytest.raises(StateFormatError, match="not a Last Card card"):
        deal([["R10"], ["R1"]])
    with pytest.raises(StateFormatError, match="deck has 1 R0"):
        deal([["R0", "R0"], ["R1"]])
    with pytest.raises(StateFormatError, match="named colour"):
        deal([["R1"], ["R2"]], discard=["wild"])
    with pytest.raises(StateFormatError, match="pending"):
        deal([["R1"], ["R2"]], pending=2)
    with pytest.raises(StateFormatError, match="2 to 10"):
        deal([["R1"]])
    with pytest.raises(StateFormatError, match="at least one card"):
        deal([["R1"], []])


def test_state_json_with_an_unknown_direction_is_rejected():
    data = json.loads(snapshot(deal([["R1", "G2"], ["R3"]])))
    data["state"]["direction"] = 2
    with pytest.raises(StateFormatError, match="direction"):
        cardtable.state_from_json(data)


def test_rule1_a_card_turned_back_goes_to_any_place_in_the_pile_alike():
    """The wild card turned first goes back at a random place: over 300 seeds it ends
    at each of the three places below the number card turned next, about as often."""
    places = Counter()
    for seed in range(300):
        pile = [CODE[c] for c in ("G4", "R7", "B1", "wild")]
        turn_start_card(pile, random.Random(seed))
        places[pile.index(CODE["wild"])] += 1
    assert sorted(places) == [0, 1, 2]
    assert all(60 <= count <= 140 for count in places.values())


def test_rule3_with_the_draw_pile_empty_one_discard_under_the_top_is_shuffled_and_drawn():
    """No card to play and none in the draw pile: the discard under the top card becomes
    the draw pile, and the player draws it at once, as from any draw pile."""
    state = LastCardState.from_deal([["B2", "G4"], ["Y5", "G7"]], ["Y4", "R5"], [])
    assert [(e.type, e.data) for e in state.opening] == [
        ("turn", {"seat": 0}),
        ("reshuffle", {"size": 1}),
        ("draw", {"seat": 0, "count": 1, "reason": "draw"}),
        ("drawn", {"seat": 0, "cards": ["Y4"]}),
    ]
    assert (state.view(0)["drawn"], state.legal_actions(0)) == ("Y4", [KEEP])

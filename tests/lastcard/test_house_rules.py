"""The house rules (src/cardtable/web/rules/lastcard.md, "House rules"), each on and off,
from explicit deals: jump-in, 7-0, draw until playable, the +4 challenge, catching a
missed call, the strict +4 and the forced play of a drawn card."""

import pytest

from cardtable.engine import IllegalActionError
from cardtable.engine.state import SYSTEM
from cardtable.games.lastcard.actions import (
    CATCH,
    CHALLENGE,
    CLOSE_WINDOW,
    DRAW,
    KEEP,
    PASS,
    SWAP_WITH,
    Play,
)
from cardtable.games.lastcard.state import PLAY_DRAWN, SWAP, TURN, LastCardState

BLUE_PILE = ["B1", "B2", "B3", "B4", "B6", "B7", "B8", "B9"]


def deal(hands, discard=("R5",), draw_pile=BLUE_PILE, **options):
    return LastCardState.from_deal(hands, list(discard), list(draw_pile), options=options)


def play(card, color=None, call=False):
    return Play(card, color, call)


# ------------------------------------------------------------------ jump-in


def jump_deal(**options):
    """Seat 0 plays R5; seat 3 holds the other R5; seat 1 plays next."""
    hands = [["R5", "G1", "G2"], ["R2", "B3", "B4"], ["Y6", "Y7", "Y8"], ["R5", "Y1", "Y2"]]
    return deal(hands, discard=["R9"], **options)


def test_jump_in_an_identical_card_is_played_out_of_turn_and_play_goes_on_from_it():
    state = jump_deal(jump_in=True)
    events = state.apply(0, play("R5"))
    assert state.to_act == (1, 2, 3) and state.window == (2, 3)
    assert [e.type for e in events][-1] == "window_open"
    assert state.legal_actions(3) == [play("R5"), PASS]
    assert state.legal_actions(2) == [PASS]
    state.apply(3, play("R5"))
    assert (state.current, state.sizes[3], state.discard[-2:]) == (0, 2, [5, 5])
    assert state.view(None)["jump"] == "R5"  # a new window, on the new R5


def test_without_jump_in_nobody_plays_out_of_turn():
    state = jump_deal()
    state.apply(0, play("R5"))
    assert state.to_act == (1,) and state.legal_actions(3) == []
    with pytest.raises(IllegalActionError):
        state.apply(3, play("R5"))


def test_the_next_players_move_closes_the_jump_in_window():
    state = jump_deal(jump_in=True)
    state.apply(0, play("R5"))
    state.apply(1, play("R2"))
    assert state.legal_actions(3) == [PASS]  # the window is now the R2's
    with pytest.raises(IllegalActionError, match="R2"):
        state.apply(3, play("R5"))


def test_the_window_closes_when_every_seat_in_it_passes_or_its_time_runs_out():
    state = jump_deal(jump_in=True)
    state.apply(0, play("R5"))
    assert state.system_actions() == [CLOSE_WINDOW]
    with pytest.raises(IllegalActionError, match="server"):
        state.apply(2, CLOSE_WINDOW)
    state.apply(SYSTEM, CLOSE_WINDOW)
    assert state.to_act == (1,) and state.legal_actions(3) == []
    state = jump_deal(jump_in=True)
    state.apply(0, play("R5"))
    state.apply(2, PASS)
    assert state.to_act == (1, 3)
    state.apply(3, PASS)
    assert state.to_act == (1,) and state.system_actions() == []


def test_a_window_opens_for_every_colored_card_with_a_twin_whoever_holds_it():
    """Nobody learns from the window who holds the card: the seats without it are asked
    too, and a 0 (one copy) or a wild opens none."""
    state = deal([["G5", "G0", "G1"], ["R2", "B3"], ["R6", "Y7"]], discard=["G9"], jump_in=True)
    state.apply(0, play("G5"))
    assert state.window == (2,) and state.legal_actions(2) == [PASS]
    state = deal([["G0", "G1"], ["R2", "B3"], ["R6", "Y7"]], discard=["G9"], jump_in=True)
    state.apply(0, play("G0"))
    assert state.window == () and state.to_act == (1,)


# ------------------------------------------------------------------ 7-0


def test_a_seven_swaps_hands_with_the_chosen_player():
    state = deal([["R7", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3", "Y4"]], seven_zero=True)
    state.apply(0, play("R7"))
    assert (state.phase, state.current, state.to_act) == (SWAP, 0, (0,))
    assert state.legal_actions(0) == [SWAP_WITH[1], SWAP_WITH[2]]
    assert state.view(None)["phase"] == "swap"
    state.apply(0, SWAP_WITH[1])
    assert state.view(0)["hand"] == ["B1", "B2"] and state.view(1)["hand"] == ["R1", "R2"]
    assert (state.phase, state.current) == (TURN, 1)


def test_a_zero_passes_every_hand_on_in_the_direction_of_play():
    hands = [["R0", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3"]]
    state = deal(hands, seven_zero=True)
    state.apply(0, play("R0"))
    assert [state.view(p)["hand"] for p in range(3)] == [
        ["Y1", "Y2", "Y3"],
        ["R1", "R2"],
        ["B1", "B2"],
    ]
    assert state.current == 1
    backwards = LastCardState.from_deal(
        hands, ["R5"], BLUE_PILE, options={"seven_zero": True}, direction=-1
    )
    backwards.apply(0, play("R0"))
    assert [backwards.view(p)["hand"] for p in range(3)] == [
        ["B1", "B2"],
        ["Y1", "Y2", "Y3"],
        ["R1", "R2"],
    ]
    assert backwards.current == 2


def test_without_seven_zero_a_seven_and_a_zero_are_plain_numbers():
    state = deal([["R7", "R0", "G2"], ["R1", "B2"], ["Y1", "Y2", "Y3"]])
    state.apply(0, play("R7"))
    assert (state.phase, state.current, state.sizes) == (TURN, 1, [2, 2, 3])


def test_a_seven_that_empties_the_hand_wins_the_round_without_a_swap():
    state = deal([["R7"], ["B1", "B2"]], seven_zero=True, target_score=0)
    state.apply(0, play("R7"))
    assert state.is_over and state.winners == [0]


# ------------------------------------------------------------------ draw until playable


def test_draw_until_playable_draws_until_a_card_fits():
    pile = ["B1", "R8", "Y2", "G3"]  # drawn from the end: G3, Y2, then R8 fits on R5
    state = deal([["B2", "G4"], ["Y5", "G7"]], draw_pile=pile, draw_until_playable=True)
    assert (state.phase, state.drawn, state.sizes[0]) == (PLAY_DRAWN, 8, 5)
    assert state.view(0)["drawn"] == "R8"
    assert [e.data["count"] for e in state.opening if e.type == "draw"] == [1, 1, 1]
    plain = deal([["B2", "G4"], ["Y5", "G7"]], draw_pile=pile)
    assert (plain.view(0)["drawn"], plain.sizes[0]) == ("G3", 3)


def test_draw_until_playable_stops_when_nothing_is_left_to_draw():
    state = deal([["B2", "G4"], ["Y5", "G7"]], draw_pile=["Y1"], draw_until_playable=True)
    assert (state.current, state.sizes) == (1, [3, 2])


# ------------------------------------------------------------------ challenge a +4


def plus_four_deal(held, **options):
    """Seat 0 plays a +4 on a red 5 holding ``held`` besides; seat 1 faces it."""
    return deal(
        [["+4", *held], ["G1", "G2"], ["Y1", "Y2"]],
        draw_pile=BLUE_PILE,
        challenge_plus_four=True,
        **options,
    )


def test_a_bluffed_plus_four_challenged_costs_its_player_the_draw():
    state = plus_four_deal(["R1", "G9"])  # holds red: a bluff
    state.apply(0, play("+4", "green"))
    assert CHALLENGE in state.legal_actions(1)
    events = state.apply(1, CHALLENGE)
    assert next(e for e in events if e.type == "challenge").data["guilty"] is True
    assert (state.sizes[0], state.sizes[1], state.current, state.pending) == (6, 2, 1, 0)
    state.apply(1, play("G1"))


def test_an_honest_plus_four_challenged_costs_the_challenger_six_and_the_turn():
    state = plus_four_deal(["B1", "G9"])  # no red: honest
    state.apply(0, play("+4", "green"))
    state.apply(1, CHALLENGE)
    assert (state.sizes[0], state.sizes[1], state.current) == (2, 8, 2)


def test_a_plus_four_is_challenged_even_with_stacking_off_and_may_be_drawn_instead():
    state = plus_four_deal(["R1"], stack_plus_four=False)
    state.apply(0, play("+4", "green"))
    assert state.legal_actions(1) == [DRAW, CHALLENGE]
    state.apply(1, DRAW)
    assert (state.sizes[1], state.current) == (6, 2)


def test_only_a_plus_four_may_be_challenged_not_a_plus_two():
    state = deal([["R+2", "R1", "G9"], ["G1", "G2"], ["Y1", "Y2"]], challenge_plus_four=True)
    state.apply(0, play("R+2"))
    assert state.pending == 2
    assert CHALLENGE not in state.legal_actions(1)
    assert state.view(1)["challenge"] is None


@pytest.mark.parametrize("rule", ["jump_in", "catch_missed_call", "seven_zero"])
def test_under_other_house_rules_without_the_challenge_option_a_plus_four_stands(rule):
    state = deal([["+4", "R1", "G9"], ["G1", "G2"], ["Y1", "Y2"]], **{rule: True})
    state.apply(0, play("+4", "green"))
    assert state.legal_actions(1) == [DRAW]
    assert state.view(1)["challenge"] is None


def test_without_the_challenge_option_there_is_nothing_to_challenge():
    state = deal([["+4", "R1", "G9"], ["G1", "G2"], ["Y1", "Y2"]])
    state.apply(0, play("+4", "green"))
    assert CHALLENGE not in state.legal_actions(1)
    with pytest.raises(IllegalActionError):
        state.apply(1, CHALLENGE)


# ------------------------------------------------------------------ catch a missed call


def catch_deal(**options):
    """Seat 0 plays R3, its second-to-last card, without the call; seat 1 plays next."""
    state = deal(
        [["R3", "G4"], ["Y1", "R2", "Y4"], ["Y2", "Y3"]], catch_missed_call=True, **options
    )
    state.apply(0, play("R3"))
    return state


def test_a_missed_call_costs_nothing_until_someone_catches_it():
    state = catch_deal()
    assert state.sizes[0] == 1 and state.to_act == (1, 2)
    assert CATCH in state.legal_actions(1) and CATCH in state.legal_actions(2)
    state.apply(2, CATCH)
    assert state.sizes[0] == 3 and CATCH not in state.legal_actions(1)
    assert state.to_act == (1,)


def test_the_next_player_may_catch_and_then_play_on():
    state = catch_deal()
    state.apply(1, CATCH)
    assert (state.sizes[0], state.current) == (3, 1)
    state.apply(1, play("R2"))


def test_once_the_next_player_acts_a_missed_call_can_no_longer_be_caught():
    state = catch_deal()
    state.apply(1, play("R2"))
    assert state.sizes[0] == 1 and CATCH not in state.legal_actions(2)
    with pytest.raises(IllegalActionError):
        state.apply(2, CATCH)


def test_without_catching_the_missed_call_costs_the_penalty_at_once():
    state = deal([["R3", "G4"], ["Y1", "R2"], ["Y2", "Y3"]])
    state.apply(0, play("R3"))
    assert state.sizes[0] == 3 and state.legal_actions(2) == []


# ------------------------------------------------------------------ strict +4


def test_a_strict_plus_four_needs_no_card_of_the_color_to_follow():
    state = deal([["+4", "R1"], ["G1", "G2"]], strict_plus_four=True)
    assert {a.card for a in state.legal_actions(0)} == {"R1"}
    with pytest.raises(IllegalActionError, match="you hold a red card"):
        state.apply(0, play("+4", "green"))
    allowed = deal([["+4", "G1"], ["G2", "G3"]], strict_plus_four=True)
    assert {a.card for a in allowed.legal_actions(0)} == {"+4"}
    bluff = deal([["+4", "R1"], ["G1", "G2"]])
    assert {a.card for a in bluff.legal_actions(0)} == {"+4", "R1"}


def test_a_strict_plus_four_just_drawn_while_holding_the_color_is_kept():
    hands = [["R1", "G4"], ["Y3", "Y4"]]
    state = deal(hands, draw_pile=["+4"], strict_plus_four=True, voluntary_draw=True)
    state.apply(0, DRAW)
    assert state.legal_actions(0) == [KEEP] and state.view(0)["drawn_playable"] is False
    free = deal(hands, draw_pile=["+4"], voluntary_draw=True)
    free.apply(0, DRAW)
    assert len(free.legal_actions(0)) == 5


# ------------------------------------------------------------------ forced play of a drawn card


def test_a_playable_card_just_drawn_must_be_played_with_forced_play():
    state = deal([["B2", "G4"], ["Y5", "G7"]], draw_pile=["R8"], forced_play_drawn=True)
    assert state.legal_actions(0) == [play("R8")]
    with pytest.raises(IllegalActionError, match="must be played"):
        state.apply(0, KEEP)
    free = deal([["B2", "G4"], ["Y5", "G7"]], draw_pile=["R8"])
    assert free.legal_actions(0) == [play("R8"), KEEP]


def test_forced_play_still_keeps_a_card_that_does_not_fit():
    state = deal([["B2", "G4"], ["Y5", "G7"]], draw_pile=["B8"], forced_play_drawn=True)
    assert state.legal_actions(0) == [KEEP]


def test_a_late_jump_in_or_catch_is_refused_as_too_late():
    state = jump_deal(jump_in=True)
    state.apply(0, play("R5"))
    state.apply(1, play("R2"))
    state.apply(SYSTEM, CLOSE_WINDOW)
    with pytest.raises(IllegalActionError, match="too late"):
        state.apply(3, play("R5"))
    late = catch_deal()
    late.apply(1, play("R2"))
    with pytest.raises(IllegalActionError, match="too late"):
        late.apply(2, CATCH)


def test_a_jump_in_ends_the_chance_to_catch_a_missed_call():
    hands = [["R5", "G1"], ["R2", "B3", "B4"], ["Y6", "Y7", "Y8"], ["R5", "Y1", "Y2"]]
    state = deal(hands, discard=["R9"], jump_in=True, catch_missed_call=True)
    state.apply(0, play("R5"))
    assert CATCH in state.legal_actions(2)
    state.apply(3, play("R5"))
    assert state.view(None)["catch"] is None
    assert not any(CATCH in state.legal_actions(p) for p in range(4))


@pytest.mark.parametrize("rule", ["jump_in", "catch_missed_call", "challenge_plus_four"])
def test_under_other_house_rules_without_seven_zero_a_zero_passes_no_hands(rule):
    hands = [["R0", "G2", "G3"], ["R1", "B2"], ["Y1", "Y2", "Y3"]]
    state = deal(hands, **{rule: True})
    state.apply(0, play("R0"))
    assert [state.view(p)["hand"] for p in range(3)] == [["G2", "G3"], ["R1", "B2"], hands[2]]
    assert (state.phase, state.current) == (TURN, 1)


@pytest.mark.parametrize(
    ("rule", "choices"),
    [("draw_until_playable", [play("R8"), KEEP]), ("forced_play_drawn", [play("R8")])],
)
def test_drawing_until_playable_and_forced_play_offer_the_drawn_card_with_play_drawn_off(
    rule, choices
):
    """Both rules are about the card just drawn, so it waits for its player's choice even
    where ``play_drawn`` is off."""
    state = deal(
        [["B2", "G4"], ["Y5", "G7"]], draw_pile=["B1", "R8"], play_drawn=False, **{rule: True}
    )
    assert (state.phase, state.view(0)["drawn"]) == (PLAY_DRAWN, "R8")
    assert state.legal_actions(0) == choices

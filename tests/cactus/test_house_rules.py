"""Scenario tests for the options ``wrong_throw_penalty`` and ``snap_opponent``, on and
off, from explicit deals (src/cardtable/web/rules/cactus.md, rule 4)."""

import pytest

import cardtable
from cardtable.engine import IllegalActionError, OptionError
from cardtable.games.cactus.actions import (
    ACTION_SPACE_SIZE,
    CORE_ACTION_COUNT,
    DISCARD,
    DRAW,
    PASS,
    Give,
    Throw,
    ThrowOpponent,
    action_from_index,
    action_index,
)
from cardtable.games.cactus.cards import EMPTY, card
from cardtable.games.cactus.state import CactusState
from cardtable.rl.observer import Observer
from tests.rules_pages import RULES_DIR

from .deals import P0, P1, P2, deal, play


def types(events):
    return [e.type for e in events]


# ------------------------------------------------------------------ wrong_throw_penalty
def test_a_wrong_throw_costs_one_card_by_default():
    state = deal([P0, P1, P2], draw=["9c", "10c", "5c"])
    play(state, (0, DRAW), (0, DISCARD))
    events = state.apply(1, Throw(0))
    assert types(events) == ["throw", "penalty"]
    assert len(state.cards[1]) == 5


def test_a_wrong_throw_costs_two_cards_with_the_option():
    state = deal([P0, P1, P2], draw=["9c", "10c", "5c"], options={"wrong_throw_penalty": 2})
    play(state, (0, DRAW), (0, DISCARD))
    events = state.apply(1, Throw(0))
    assert types(events) == ["throw", "penalty", "penalty"]
    assert [e.data for e in events[1:]] == [{"seat": 1, "slot": 4}, {"seat": 1, "slot": 5}]
    assert state.cards[1][4:] == [card("10c"), card("9c")]
    for seat in (0, 1, 2):  # nobody sees a penalty card
        assert (1, 4) not in state.known_cards(seat) and (1, 5) not in state.known_cards(seat)
    assert state.to_act == (2,)  # the window stays open for the others


def test_with_two_penalty_cards_a_row_of_15_slots_takes_no_part():
    rows = [P0, [*P1, "2d", "2h", "2s", "3d", "3h", "3s", "4c", "4h", "4s", "6c", "6d"], P2]
    assert len(rows[1]) == 15
    one = deal(rows, draw=["5c"])
    two = deal(rows, draw=["5c"], options={"wrong_throw_penalty": 2})
    for state in (one, two):
        play(state, (0, DRAW), (0, DISCARD))
    assert one.to_act == (1, 2) and two.to_act == (2,)


@pytest.mark.parametrize("value", [0, 3])
def test_the_penalty_is_one_or_two_cards(value):
    with pytest.raises(OptionError):
        cardtable.make("cactus", 2, seed=1, options={"wrong_throw_penalty": value})


# ------------------------------------------------------------------ snap_opponent
def snap_table(**options):
    """Seat 0 discards a 5; seat 1 knows seat 2's 5d (it peeked at it)."""
    state = deal([P0, P1, P2], draw=["8c", "7c", "5c"], options=options)
    state.seen[2][1] |= 1 << 1
    play(state, (0, DRAW), (0, DISCARD))
    return state


def test_without_the_option_no_card_of_another_player_can_be_thrown():
    state = snap_table()
    assert not any(isinstance(a, ThrowOpponent) for a in state.legal_actions(1))
    with pytest.raises(IllegalActionError, match="no snaps of others' cards"):
        state.apply(1, ThrowOpponent(2, 1))


def test_a_right_snap_takes_the_card_and_its_thrower_gives_one_in_its_place():
    state = snap_table(snap_opponent=True)
    assert ThrowOpponent(2, 1) in state.legal_actions(1)
    assert ThrowOpponent(1, 0) not in state.legal_actions(1)  # one's own: a plain throw
    events = state.apply(1, ThrowOpponent(2, 1))
    assert types(events) == ["throw_opponent", "window_closed"]
    assert events[0].data == {"seat": 1, "target_seat": 2, "slot": 1, "card": "5d", "right": True}
    assert state.discard[-1] == card("5d") and state.cards[2][1] == EMPTY
    # Only the thrower acts now: they give one of their own cards, face down.
    assert state.to_act == (1,) and state.view(0)["phase"] == "give"
    assert state.view(0)["giving"] == {"seat": 1, "target": [2, 1]}
    assert state.legal_actions(1) == [Give(0), Give(1), Give(2), Give(3)]
    assert state.legal_actions(2) == []
    with pytest.raises(IllegalActionError, match="too late"):
        state.apply(2, Throw(1))
    events = state.apply(1, Give(0))  # the 3c, which seat 1 knows from the deal
    assert types(events) == ["give", "turn"]
    assert events[0].data == {"seat": 1, "slot": 0, "target_seat": 2, "target_slot": 1}
    assert state.cards[1][0] == EMPTY and state.cards[2][1] == card("3c")
    # The giver follows the card it knew; the receiver does not see it.
    assert state.known_cards(1)[(2, 1)] == card("3c")
    assert (2, 1) not in state.known_cards(2) and (2, 1) not in state.known_cards(0)
    assert all("3c" not in str(e.to_json()) for e in events)
    assert state.current == 1 and state.to_act == (1,)


def test_a_give_never_shows_the_card_in_a_view_not_even_with_the_memory_aid():
    state = snap_table(snap_opponent=True, memory_aid=True)
    play(state, (1, ThrowOpponent(2, 1)), (1, Give(0)))
    assert state.view(2)["layouts"][2][1] == "hidden"
    assert state.view(1)["layouts"][2][1] == "hidden"  # moved: the giver remembers it


def test_a_wrong_snap_shows_the_card_to_all_and_costs_the_thrower_the_penalty():
    state = snap_table(snap_opponent=True, wrong_throw_penalty=2)
    state.cards[0].append(card("Qs"))
    state.seen[0].append(0)
    state.followed[0].append(0)
    events = state.apply(1, ThrowOpponent(0, 4))
    assert types(events) == ["throw_opponent", "penalty", "penalty"]
    assert events[0].data["right"] is False and events[0].data["card"] == "Qs"
    assert state.cards[0][4] == card("Qs") and len(state.cards[1]) == 6
    for seat in (0, 1, 2):
        assert state.known_cards(seat)[(0, 4)] == card("Qs")
    assert state.to_act == (2,)  # the window stays open for the others
    with pytest.raises(IllegalActionError, match="already thrown or passed"):
        state.apply(1, ThrowOpponent(2, 1))


def test_the_callers_locked_cards_cannot_be_snapped():
    state = deal([P0, P1, P2], draw=["7c", "5c"], caller=2, options={"snap_opponent": True})
    play(state, (0, DRAW), (0, DISCARD))
    assert not any(isinstance(a, ThrowOpponent) and a.seat == 2 for a in state.legal_actions(1))
    with pytest.raises(IllegalActionError, match="locked"):
        state.apply(1, ThrowOpponent(2, 1))
    unlocked = deal(
        [P0, P1, P2],
        draw=["7c", "5c"],
        caller=2,
        options={"snap_opponent": True, "lock_caller": False},
    )
    play(unlocked, (0, DRAW), (0, DISCARD))
    assert ThrowOpponent(2, 1) in unlocked.legal_actions(1)


def test_a_snap_and_a_throw_race_in_the_same_window_the_first_applied_wins():
    state = snap_table(snap_opponent=True)
    state.apply(2, Throw(1))  # seat 2 throws its own 5d first
    with pytest.raises(IllegalActionError, match="too late"):
        state.apply(1, ThrowOpponent(2, 1))


def test_a_snap_saved_mid_give_restores_and_plays_on_the_same():
    state = snap_table(snap_opponent=True)
    state.apply(1, ThrowOpponent(2, 1))
    restored = CactusState.from_json(state.to_json())
    assert restored.to_act == (1,) and restored.view(1) == state.view(1)
    restored.apply(1, Give(2))
    state.apply(1, Give(2))
    assert restored.to_json() == state.to_json()


def test_passing_leaves_the_snap_unused():
    state = snap_table(snap_opponent=True)
    events = play(state, (1, PASS), (2, PASS))
    assert "window_closed" in types(events) and state.cards[2][1] == card("5d")


# ------------------------------------------------------------------ RL index space
def test_the_options_actions_follow_the_standard_ones_in_the_index_space():
    assert ACTION_SPACE_SIZE == 472 and CORE_ACTION_COUNT == 328
    assert action_index(ThrowOpponent(0, 0)) == 328
    assert action_index(ThrowOpponent(7, 15)) == 328 + 127
    assert action_index(Give(0)) == 456 and action_index(Give(15)) == 471
    standard = {action_from_index(i).kind for i in range(CORE_ACTION_COUNT)}
    assert not standard & {"throw_opponent", "give"}


def test_the_observation_shows_the_slot_a_snap_emptied_to_the_giver():
    state = snap_table(snap_opponent=True)
    observer = Observer("cactus", 3)
    blocks = dict(observer.blocks)
    assert blocks["phase"] == 13 and blocks["giving.target_slot"] == 16

    def block(vector, name):
        start = 0
        for block_name, width in observer.blocks:
            if block_name == name:
                return list(vector[start : start + width])
            start += width
        raise KeyError(name)

    assert not any(block(observer.encode(state.view(1)), "giving.target_seat"))
    state.apply(1, ThrowOpponent(2, 1))
    seen = observer.encode(state.view(1))
    assert block(seen, "giving.target_seat") == [0.0, 1.0, 0.0]  # one seat after the giver
    assert block(seen, "giving.target_slot")[1] == 1.0


# ------------------------------------------------------------------ the rules pages


@pytest.mark.parametrize("page", ["cactus.md", "fr/cactus.md", "de/cactus.md", "es/cactus.md"])
def test_every_rules_page_tells_the_options(page):
    text = (RULES_DIR / page).read_text()
    assert "`wrong_throw_penalty`" in text and "`snap_opponent`" in text
    assert "150 ms" in text  # how the race of a window is judged
    assert "amikaze" in text  # and why that variant is left out


def test_the_english_page_cites_its_sources_for_the_variants():
    text = (RULES_DIR / "cactus.md").read_text()
    assert "Kamikaze is not offered" in text
    assert "https://en.wikipedia.org/wiki/Cabo_(game)" in text
    assert "https://gist.github.com/dxlbnl/54fe34c9d61c89f7c3b0c224ba17a4e5" in text

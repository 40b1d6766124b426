"""The engine contract, checked on every registered game."""

import json
import random

import pytest

import cardtable
from cardtable.engine import (
    ActionFormatError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    SeatError,
    StateFormatError,
    UnknownGameError,
    replay,
    state_from_json,
)

GAMES = [g.name for g in cardtable.games()]


def random_playout(state, seed, limit=100_000):
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return state
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("match did not end")


def test_games_lists_player_ranges_and_options():
    for spec in cardtable.games():
        info = spec.describe()
        assert info["min_players"] >= 2
        assert info["max_players"] >= info["min_players"]
        assert all({"name", "type", "default", "help"} <= set(o) for o in info["options"])


def test_unknown_game_is_named():
    with pytest.raises(UnknownGameError, match="'poker'"):
        cardtable.make("poker", 2)


@pytest.mark.parametrize("game", GAMES)
def test_player_count_out_of_range(game):
    spec = cardtable.get_game(game)
    for n in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(PlayerCountError, match=str(n)):
            cardtable.make(game, n)


@pytest.mark.parametrize("game", GAMES)
def test_unknown_and_mistyped_options_are_errors(game):
    with pytest.raises(OptionError, match="no_such_option"):
        cardtable.make(game, 2, options={"no_such_option": 1})
    first = cardtable.get_game(game).options_type.describe()[0]
    bad = "text" if first["type"] != "str" else 12345
    with pytest.raises(OptionError, match=first["name"]):
        cardtable.make(game, 2, options={first["name"]: bad})


@pytest.mark.parametrize("game", GAMES)
def test_actions_round_trip_through_json(game):
    state = cardtable.make(game, 3, seed=5)
    rng = random.Random(1)
    spec = cardtable.get_game(game)
    for _ in range(300):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        for action in state.legal_actions(seat):
            encoded = json.loads(json.dumps(action.to_json()))
            assert state.codec.decode(encoded) == action
            assert spec.action_from_index(spec.action_index(action)) == action
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", GAMES)
def test_illegal_actions_raise_and_change_nothing(game):
    state = cardtable.make(game, 3, seed=9)
    rng = random.Random(2)
    for _ in range(200):
        if state.is_over:
            break
        before = json.dumps(state.to_json())
        waiting = [s for s in range(3) if s not in state.to_act]
        if waiting:
            with pytest.raises(IllegalActionError, match="not seat"):
                state.apply(waiting[0], state.legal_actions(state.to_act[0])[0])
        seat = state.to_act[0]
        legal = set(state.legal_actions(seat))
        spec = cardtable.get_game(game)
        illegal = [
            a
            for i in range(spec.action_space_size)
            if (a := spec.action_from_index(i)) not in legal
        ]
        for action in illegal[:5]:
            with pytest.raises(IllegalActionError):
                state.apply(seat, action)
        with pytest.raises(IllegalActionError, match="does not exist"):
            state.apply(7, state.legal_actions(seat)[0])
        assert json.dumps(state.to_json()) == before
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", GAMES)
def test_malformed_action_json_is_named(game):
    state = cardtable.make(game, 2, seed=1)
    seat = state.to_act[0]
    with pytest.raises(ActionFormatError, match="unknown action type"):
        state.apply(seat, {"type": "teleport"})
    with pytest.raises(ActionFormatError, match="JSON object"):
        state.apply(seat, ["draw"])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [2, -1, True, "0", None])
def test_a_seat_that_does_not_exist_is_named_for_views_and_determinizations(game, seat):
    state = cardtable.make(game, 2, seed=1)
    if seat is not None:
        with pytest.raises(SeatError, match=f"seat {seat!r} does not exist"):
            state.view(seat)
    with pytest.raises(SeatError, match=f"seat {seat!r} does not exist"):
        state.determinize(seat, random.Random(1))


@pytest.mark.parametrize("game", GAMES)
def test_bad_match_records_and_seeds_are_named(game):
    state = random_playout(cardtable.make(game, 2, seed=5), seed=6)
    record = json.loads(json.dumps(state.record()))
    with pytest.raises(StateFormatError, match="JSON object, got str"):
        replay("a record")  # type: ignore[arg-type]
    with pytest.raises(StateFormatError, match="has no seed, log"):
        replay({k: v for k, v in record.items() if k not in ("seed", "log")})
    with pytest.raises(StateFormatError, match="log entry 1 must be"):
        replay({**record, "log": [record["log"][0], [0]]})
    stranger = [[7, record["log"][0][1]]]
    with pytest.raises(StateFormatError, match="log entry 0 does not replay: seat 7 does not"):
        replay({**record, "log": stranger})
    with pytest.raises(StateFormatError, match="a state must be a JSON object"):
        state_from_json([])  # type: ignore[arg-type]
    with pytest.raises(StateFormatError, match="a seed must be a whole number, got '7'"):
        cardtable.make(game, 2, seed="7")  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_full_state_json_round_trip_and_replay(game):
    state = random_playout(cardtable.make(game, 3, seed=11), seed=3)
    restored = state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()
    assert replay(json.loads(json.dumps(state.record()))).to_json() == state.to_json()


def mid_match(game):
    """A 2-player match of ``game`` twelve random moves in."""
    state = cardtable.make(game, 2, seed=4)
    rng = random.Random(8)
    for _ in range(12):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_mid_match_json_round_trip_continues_identically(game):
    a = mid_match(game)
    b = state_from_json(json.loads(json.dumps(a.to_json())))
    random_playout(a, seed=77)
    random_playout(b, seed=77)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_unseeded_match_records_its_seed(game):
    state = random_playout(cardtable.make(game, 2), seed=5)
    assert replay(state.record()).to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_goes_on_as_its_original_and_a_seeded_clone_as_its_seed(game):
    state = mid_match(game)
    twin = state.clone()
    seeded = [state.clone(seed=5), state.clone(seed=5)]
    for copy in seeded:
        assert copy.view(None) == state.view(None) and copy.log == state.log
        assert copy.rng.getstate() == random.Random(5).getstate()
    for copy in (state, twin, *seeded):
        random_playout(copy, seed=77)
    assert twin.to_json() == state.to_json()
    assert seeded[0].to_json() == seeded[1].to_json()

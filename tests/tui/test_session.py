"""The terminal's match driver: seats, bots, who acts next, what the player is told."""

import random
import re

import pytest

from cardtable.bots import RandomBot
from cardtable.bots import base as bot_registry
from cardtable.bots.base import default_bot, split_specs
from cardtable.engine.errors import IllegalActionError
from cardtable.games.skyjo.actions import DRAW, REPLACE
from cardtable.tui.session import Session, SessionError, bot_seats


def test_one_bot_spec_fills_every_other_seat() -> None:
    assert bot_seats(4, 2, ["random"]) == {0: "random", 1: "random", 3: "random"}


def test_one_spec_per_bot_seat_in_seat_order() -> None:
    assert bot_seats(3, 1, ["a", "b"]) == {0: "a", 2: "b"}


@pytest.mark.parametrize(
    ("players", "you", "specs", "message"),
    [
        (3, 3, ["random"], "seat 3 does not exist"),
        (3, -1, ["random"], "seat -1 does not exist"),
        (4, 0, ["a", "b"], "one per bot seat (3), not 2"),
    ],
)
def test_bad_seats_or_bot_counts_are_named(players, you, specs, message) -> None:
    with pytest.raises(SessionError, match=re.escape(message)):
        bot_seats(players, you, specs)


def test_bot_specs_keep_their_own_parameters() -> None:
    assert split_specs("ismcts:iterations=400,c=1.4,random") == [
        "ismcts:iterations=400,c=1.4",
        "random",
    ]
    assert split_specs("heuristic, random,") == ["heuristic", "random"]


def test_default_bot_is_the_heuristic_when_the_game_has_one(monkeypatch) -> None:
    monkeypatch.setitem(bot_registry._BOTS, ("heuristic", "skyjo"), RandomBot)
    assert default_bot("skyjo") == ("heuristic", None)


def test_default_bot_falls_back_to_random_with_a_note(monkeypatch) -> None:
    bots = {k: v for k, v in bot_registry._BOTS.items() if k[0] != "heuristic"}
    monkeypatch.setattr(bot_registry, "_BOTS", bots)
    spec, note = default_bot("skyjo")
    assert spec == "random"
    assert note is not None and "Skyjo has no heuristic bot" in note


def test_once_the_draw_falls_on_the_player_it_stays_theirs() -> None:
    """Skyjo's setup lets every seat reveal; bots go until the draw picks the player."""
    picked_among_others = 0
    for seed in range(10):
        session = Session.start("skyjo", 4, 0, ["random"], seed=seed)
        while session.next_actor() != 0:
            session.bot_move()
        picked_among_others += len(session.state.to_act) > 1
        for _ in range(3):
            assert session.next_actor() == 0
        assert session.moves() == session.state.legal_actions(0)
        with pytest.raises(SessionError, match="no bot acts next"):
            session.bot_move()
    assert picked_among_others


def test_the_player_is_told_only_what_their_seat_may_see() -> None:
    session = Session.start("skyjo", 3, 1, ["random"], seed=4)
    rng = random.Random(4)
    told = []
    while session.next_actor() is not None:
        if session.next_actor() == 1:
            told += session.play(rng.choice(session.moves()))
        else:
            told += session.bot_move()
    assert told and all(event.visible_to(1) for event in told)
    assert {"draw", "drawn"} <= {event.type for event in told}
    drawn_by = {event.data["seat"] for event in told if event.type == "drawn"}
    assert drawn_by == {1}


def test_the_same_seed_and_moves_replay_the_same_match() -> None:
    def play(seed: int) -> list:
        session = Session.start("skyjo", 3, 0, ["random"], seed=seed)
        rng = random.Random(0)
        for _ in range(60):
            if session.next_actor() == 0:
                session.play(rng.choice(session.moves()))
            else:
                session.bot_move()
        return session.state.log

    assert play(9) == play(9)
    assert play(9) != play(10)


def until_actor(session: Session, wanted: int) -> None:
    """Play random moves for the player and let bots move until ``wanted`` acts alone."""
    rng = random.Random(0)
    while session.state.to_act != (wanted,):
        if session.next_actor() == session.you:
            session.play(rng.choice(session.moves()))
        else:
            session.bot_move()


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    session = Session.start("skyjo", 2, 0, ["random"], seed=5)
    until_actor(session, 0)
    before = session.state.to_json()
    with pytest.raises(IllegalActionError, match="first draw or take"):
        session.play(REPLACE[0])
    assert session.state.to_json() == before


def test_playing_out_of_turn_is_refused_and_changes_nothing() -> None:
    session = Session.start("skyjo", 2, 0, ["random"], seed=6)
    until_actor(session, 1)
    before = session.state.to_json()
    with pytest.raises(SessionError, match="not your move"):
        session.play(DRAW)
    assert session.moves() == []
    assert session.state.to_json() == before

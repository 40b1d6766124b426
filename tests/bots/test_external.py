"""Bots of other libraries as bot specs: OpenSpiel's IS-MCTS and RLCard's UNO rule agent."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

import numpy as np
import pytest

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.base import BotSpecError
from cardtable.extras import MissingExtraError
from cardtable.games.lastcard.actions import DRAW, Play
from cardtable.games.lastcard.rlcard_uno import rlcard_card, rlcard_legal
from cardtable.sim.runner import play_match

SINGLE_ROUND = {
    "cactus": {"rounds": 1},
    "skyjo": {"target_score": 1},
    "lastcard": {"target_score": 1},
}


@pytest.mark.parametrize("game", ["cactus", "skyjo", "lastcard"])
def test_openspiel_ismcts_plays_a_match_against_ours(game: str) -> None:
    state = cardtable.make(game, 2, seed=4, options=SINGLE_ROUND[game])
    bots = [
        make_bot("openspiel-ismcts:iterations=30", game, seed=1),
        make_bot("ismcts:iterations=30", game, seed=2),
    ]
    _, _, decisions = play_match(state, bots, random.Random(0))
    assert state.is_over and decisions[0] > 0
    assert cardtable.replay(state.record()).totals == state.totals


def test_openspiel_ismcts_acts_for_the_seat_asked_in_a_simultaneous_phase() -> None:
    state = cardtable.make("skyjo", 3, seed=0)
    bot = make_bot("openspiel-ismcts:iterations=10", "skyjo", seed=0)
    assert state.to_act == (0, 1, 2)
    action = bot.act(state, 2)
    assert action in state.legal_actions(2)
    state.apply(2, action)


def test_openspiel_ismcts_with_an_iteration_budget_replays_from_its_seed() -> None:
    def first_moves(seed: int) -> list[object]:
        state = cardtable.make("lastcard", 2, seed=8)
        bot = make_bot("openspiel-ismcts:iterations=40", "lastcard", seed=seed)
        moves = []
        for _ in range(6):
            seat = state.to_act[0]
            moves.append(bot.act(state, seat))
            state.apply(seat, moves[-1])
        return moves

    assert first_moves(1) == first_moves(1)


def test_openspiel_ismcts_parameters_are_checked() -> None:
    with pytest.raises(BotSpecError, match="belief must be one of informed, uniform"):
        make_bot("openspiel-ismcts:belief=psychic", "skyjo")
    with pytest.raises(BotSpecError, match="ms must be positive"):
        make_bot("openspiel-ismcts:ms=0", "skyjo")
    with pytest.raises(BotSpecError, match="has no parameter 'depth'"):
        make_bot("openspiel-ismcts:depth=2", "skyjo")


def test_rlcard_card_names() -> None:
    assert rlcard_card("R7") == "r-7"
    assert rlcard_card("Gskip") == "g-skip"
    assert rlcard_card("Breverse") == "b-reverse"
    assert rlcard_card("Y+2") == "y-draw_2"
    assert rlcard_card("wild", "blue") == "b-wild"
    assert rlcard_card("+4", "green") == "g-wild_draw_4"


def test_rlcard_legal_actions_follow_rlcard_uno() -> None:
    four = [Play("+4", color, False) for color in ("red", "green", "blue", "yellow")]
    assert list(rlcard_legal([Play("R5", None, False), *four, DRAW])) == ["r-5"]
    assert sorted(rlcard_legal([*four, DRAW])) == sorted(f"{c}-wild_draw_4" for c in "rgby")
    assert list(rlcard_legal([DRAW])) == ["draw"]
    called = rlcard_legal([Play("R5", None, False), Play("R5", None, True)])
    assert called == {"r-5": Play("R5", None, True)}


def test_rlcard_uno_rule_plays_last_card_reproducibly() -> None:
    options = {
        "target_score": 1,
        "play_drawn": False,
        "stack_plus_two": False,
        "stack_plus_four": False,
        "missed_call_penalty": 0,
    }

    def play(seed: int) -> list[list[object]]:
        state = cardtable.make("lastcard", 2, seed=3, options=options)
        bots = [make_bot("rlcard-uno-rule", "lastcard", seed), make_bot("heuristic", "lastcard", 1)]
        play_match(state, bots, random.Random(0))
        return state.record()["log"]

    np.random.seed(0)
    outside = np.random.random()
    np.random.seed(0)
    log = play(5)
    assert np.random.random() == outside  # the agent's draws leave NumPy's own alone
    assert play(5) == log
    assert any(seat == 0 for seat, _ in log)


def test_rlcard_uno_rule_is_for_last_card_only() -> None:
    with pytest.raises(BotSpecError, match="unknown bot 'rlcard-uno-rule' for skyjo"):
        make_bot("rlcard-uno-rule", "skyjo")


@pytest.mark.parametrize(
    ("spec", "game", "extra", "library"),
    [
        ("openspiel-ismcts:ms=200", "cactus", "openspiel", "pyspiel"),
        ("rlcard-uno-rule", "lastcard", "rlcard", "rlcard"),
    ],
)
def test_a_missing_library_names_its_extra(
    monkeypatch: pytest.MonkeyPatch, spec: str, game: str, extra: str, library: str
) -> None:
    real = importlib.import_module

    def without(name: str, package: str | None = None) -> ModuleType:
        if name == library:
            raise ImportError(f"No module named {library!r}")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without)
    with pytest.raises(
        MissingExtraError, match=rf"optional extra \[{extra}\].*cardtable\[{extra}\]"
    ):
        make_bot(spec, game)

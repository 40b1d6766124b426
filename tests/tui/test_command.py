"""``cardtable play``: its arguments, and the clear errors for bad ones."""

import pytest

from cardtable.bots import RandomBot
from cardtable.bots import base as bot_registry
from cardtable.cli import main
from cardtable.tui.renderer import NoRendererError, renderer_for

from .pilot import app_for


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch"], "unknown game 'nosuch'"),
        (["skyjo", "--seat", "2"], "seat 2 does not exist"),
        (["skyjo", "--players", "9"], "Skyjo is for 2 to 8 players, not 9"),
        (["skyjo", "--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["skyjo", "--players", "3", "--bots", "random,random,random"], "not 3"),
        (["skyjo", "--option", "target_score=0"], "target_score must be at least 1"),
        (["skyjo", "--delay", "-1"], "--delay must not be negative"),
    ],
)
def test_bad_arguments_are_named_before_the_screen_opens(argv, message, capsys) -> None:
    assert main(["play", *argv]) == 2
    assert message in capsys.readouterr().err


def test_arguments_set_up_the_match() -> None:
    app = app_for("skyjo", "--players", "3", "--seat", "1", "--bots", "random", "--seed", "5")
    session = app.session
    assert (session.game, session.seed, session.you) == ("skyjo", 5, 1)
    assert session.specs == {0: "random", 2: "random"}
    assert session.state.options.target_score == 100


def test_options_reach_the_rules() -> None:
    app = app_for("skyjo", "--option", "target_score=50", "--option", "clear_rows=true")
    assert app.session.state.options.target_score == 50
    assert app.session.state.options.clear_rows is True


def test_without_bots_named_the_heuristic_plays(monkeypatch) -> None:
    monkeypatch.setitem(bot_registry._BOTS, ("heuristic", "skyjo"), RandomBot)
    app = app_for("skyjo", "--players", "3")
    assert app.session.specs == {1: "heuristic", 2: "heuristic"}
    assert app.notes == []


def test_without_a_heuristic_the_bots_play_at_random_and_say_so(monkeypatch) -> None:
    bots = {k: v for k, v in bot_registry._BOTS.items() if k[0] != "heuristic"}
    monkeypatch.setattr(bot_registry, "_BOTS", bots)
    app = app_for("skyjo")
    assert app.session.specs == {1: "random"}
    assert len(app.notes) == 1 and "at random" in app.notes[0]


def test_a_game_without_a_renderer_is_a_clear_error() -> None:
    with pytest.raises(NoRendererError, match="nosuch cannot be played in the terminal"):
        renderer_for("nosuch")

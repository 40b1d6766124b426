"""The ``cardtable`` command's help: every command documents itself without failing."""

from __future__ import annotations

import argparse
import json
import sys

import pytest

from cardtable.cli import build_parser, main


def _commands() -> list[str]:
    """The subcommands as the parser has them (argparse has no public listing)."""
    actions = build_parser()._actions
    return sorted(next(a for a in actions if isinstance(a, argparse._SubParsersAction)).choices)


def test_the_command_lists_every_subcommand_in_its_help(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for command in ("games", "simulate", "tournament", "play", "serve"):
        assert command in out


@pytest.mark.parametrize("command", _commands())
def test_every_subcommand_prints_its_help(command: str, capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    assert f"usage: cardtable {command}" in capsys.readouterr().out


def _refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command, which must refuse with exit status 2; what it wrote to stderr."""
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse refuses a bad value before any work
        status = exit_.code
    assert status == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["simulate", "skyjo", "--games", "0"], "number of matches must be a whole number from 1"),
        (["simulate", "skyjo", "--workers", "0"], "--workers: must be a whole number from 1"),
        (
            ["tournament", "skyjo", "--bots", "random", "--games", "-1"],
            "matches must be a whole number from 1, got -1",
        ),
        (["serve", "--port", "70000"], "--port: must be a whole number from 0 to 65535"),
        (["simulate", "skyjo", "--bots", ","], "needs at least one bot"),
        (["simulate", "skyjo", "--bots", "random,random,random"], "3 bots for 2 seats"),
        (
            ["simulate", "cactus", "--bots", "ismcts:foo=1,bar=2"],
            "bot 'ismcts' has no parameters 'foo', 'bar' (its parameters: iterations, ms,",
        ),
        (["simulate", "cactus", "--bots", "heuristic:patience=x"], "bad parameters for bot"),
        (["serve", "--bot-delay", "-1"], "the bot delay must be 0 or more seconds"),
        (["serve", "--rate", "0"], "the message rate must be above 0"),
        (["serve", "--bot-workers", "-2"], "bot workers must be 0 or more"),
    ],
)
def test_bad_values_are_refused_naming_the_problem(
    argv: list[str], problem: str, capsys: pytest.CaptureFixture[str], monkeypatch
):
    monkeypatch.setattr("cardtable.server.cli.serve", _must_not_start)
    assert problem in _refusal(argv, capsys)


def _must_not_start(*args: object) -> int:
    raise AssertionError("the server started despite a bad setting")


def test_bad_files_are_refused_before_any_work(
    tmp_path, capsys: pytest.CaptureFixture[str], monkeypatch
):
    monkeypatch.setattr("cardtable.server.cli.serve", _must_not_start)
    missing = tmp_path / "missing"
    tournament = ["tournament", "skyjo", "--bots", "random", "--games", "2", "--plot"]
    assert "no directory" in _refusal([*tournament, str(missing / "x.png")], capsys)
    assert "must end in .png, .svg, .pdf" in _refusal([*tournament, str(tmp_path / "x")], capsys)
    assert not list(tmp_path.iterdir())

    assert "no directory" in _refusal(["serve", "--db", str(missing / "x.db")], capsys)
    assert "does not exist" in _refusal(["serve", "--web", str(missing)], capsys)
    text = tmp_path / "notes.db"
    text.write_text("not a database")
    err = _refusal(["serve", "--db", str(text)], capsys)
    assert f"cannot open the database {text}: file is not a database" in err
    assert text.read_text() == "not a database"


def test_simulate_keeps_the_commas_of_bot_parameters(capsys: pytest.CaptureFixture[str]):
    argv = ["simulate", "cactus", "--games", "1", "--bots", "ismcts:iterations=5,z=1,random"]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["bots"] == ["ismcts:iterations=5,z=1", "random"]


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    actions = build_parser()._actions
    return next(a for a in actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("command", _commands())
def test_every_option_says_what_it_does_and_its_default(command: str):
    """Each option has a help text; one with a value by default shows that value."""
    parser = _subparsers()[command]
    helped = parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        name = action.option_strings[0] if action.option_strings else action.dest
        assert action.help, f"{command} {name} has no help text"
        if action.option_strings and action.default not in (None, False, []):
            entry = helped[helped.index(f"  {name}") :].split("\n  -")[0]
            assert "default" in entry, f"{command} {name} does not show its default"


def test_simulate_and_play_seat_the_same_bots_by_default(capsys: pytest.CaptureFixture[str]):
    from cardtable.tui.command import build_app

    assert main(["simulate", "skyjo", "--games", "1", "--players", "3", "--json"]) == 0
    simulated = json.loads(capsys.readouterr().out)["bots"]
    args = _subparsers()["play"].parse_args(["skyjo", "--players", "3", "--seed", "1"])
    played = build_app(args).session.specs
    assert simulated == ["heuristic"] * 3
    assert played == {1: "heuristic", 2: "heuristic"}


def test_serve_refuses_uvloop_where_it_is_not_installed(
    capsys: pytest.CaptureFixture[str], monkeypatch
):
    monkeypatch.setattr("cardtable.server.cli.serve", _must_not_start)
    monkeypatch.setitem(sys.modules, "uvloop", None)  # as if not installed
    assert "--loop uvloop needs uvloop" in _refusal(["serve", "--loop", "uvloop"], capsys)

"""The ``cardtable`` command's help: every command documents itself without failing."""

from __future__ import annotations

import argparse

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

"""The progress bar of long runs: drawn for a person at a terminal, silent otherwise."""

from __future__ import annotations

import io

import pytest

from cardtable.cli import main
from cardtable.sim.progress import match_progress


class Terminal(io.StringIO):
    """A text stream that says it is a terminal, as stderr is when a person watches."""

    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_bar_count_the_matches():
    screen = Terminal()
    with match_progress(4, "Skyjo matches", stream=screen) as advance:
        advance(1)
        advance(3)
    drawn = screen.getvalue()
    assert "Skyjo matches" in drawn
    assert "4/4" in drawn


@pytest.mark.parametrize(
    ("stream", "quiet"),
    [(Terminal(), True), (io.StringIO(), False)],
    ids=["json-on-a-terminal", "pipe"],
)
def test_no_bar_when_quiet_or_nobody_watches(stream: io.StringIO, quiet: bool):
    with match_progress(3, "Skyjo matches", quiet=quiet, stream=stream) as advance:
        advance(3)
    assert stream.getvalue() == ""


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_json_runs_on_a_terminal_write_no_bar(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    """With ``--json`` stderr stays free of the bar even when it is a terminal."""
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    argv = [command, "skyjo", "--games", "2", "--bots", "random", "--workers", "1", "--json"]
    assert main(argv) == 0
    assert "Skyjo matches" not in screen.getvalue()
    assert capsys.readouterr().out.startswith("{")


def test_simulate_on_a_terminal_draws_the_bar(monkeypatch: pytest.MonkeyPatch):
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    assert main(["simulate", "skyjo", "--games", "3", "--bots", "random"]) == 0
    assert "Skyjo matches" in screen.getvalue()

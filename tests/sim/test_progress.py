"""The progress bar of long runs: drawn for a person at a terminal, silent otherwise."""

from __future__ import annotations

import io
import re

import pytest

from cardtable.cli import main
from cardtable.sim.progress import match_progress, time_left


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


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def last_frame(drawn: str) -> list[str]:
    """The words of the bar's last frame, without the terminal's control codes."""
    frames = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", drawn).split("\r")
    return [frame for frame in frames if "/" in frame][-1].split()


def test_the_time_left_is_the_runs_rate_over_the_matches_still_to_play():
    """Workers hand matches back in batches, in order: a batch that waited behind a
    slower one arrives a moment after it. 150 of 400 matches took 80 s, so 250 take
    about 133 s more, however the last two batches happened to land (a rate over the
    last seconds made that 0 s)."""
    clock = Clock()
    screen = Terminal()
    with match_progress(400, "Cactus ladder", stream=screen, clock=clock) as advance:
        clock.now = 40.0
        advance(50)
        clock.now = 80.0
        advance(50)
        clock.now = 80.001
        advance(50)
    words = last_frame(screen.getvalue())
    assert words[-3:] == ["150/400", "0:01:20", "0:02:14"]


def test_no_time_left_is_promised_before_the_first_match_ends():
    assert time_left(0, 400, 30.0) is None
    assert time_left(400, 400, 30.0) == 0.0


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

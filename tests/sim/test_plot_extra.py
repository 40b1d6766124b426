"""``--plot`` without matplotlib: one line naming the ``[plot]`` extra, before any match."""

import sys

import pytest

from cardtable.cli import main


@pytest.mark.parametrize("command", ["tournament", "ladder"])
def test_plot_without_matplotlib_names_the_extra_before_playing(
    command, tmp_path, capsys, monkeypatch
):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it fails
    chart = tmp_path / "scores.png"
    argv = [command, "skyjo", "--bots", "random,greedy", "--games", "2", "--plot", str(chart)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no match was played
    (line,) = captured.err.strip().splitlines()
    assert "--plot needs the optional extra [plot]" in line
    assert "pip install 'cardtable[plot]'" in line
    assert not chart.exists()

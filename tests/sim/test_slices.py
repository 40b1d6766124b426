"""Slices of a run (``--start``/``--count``) and ``cardtable merge``: slices merged are
the whole run, counted once, and slices of different runs or sharing matches are refused.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.sim import ladder, tournament
from cardtable.sim.slices import SliceError, join_ranges

#: Each command with a small run of it: (arguments, total matches of the run).
RUNS = {
    "simulate": (["simulate", "skyjo", "--players", "3", "--games", "30", "--seed", "4"], 30),
    "tournament": (
        ["tournament", "lastcard", "--players", "2", "--bots", "random,heuristic", "--games", "24"],
        24,
    ),
    "ladder": (
        ["ladder", "skyjo", "--players", "2", "--bots", "random,greedy,heuristic", "--games", "18"],
        18,
    ),
}
FAST = ["--option", "target_score=1", "--workers", "1", "--json"]
#: What measures time, not play: it differs between runs of one seed.
TIMING = {*tournament.TIMING_FIELDS, *ladder.TIMING_FIELDS}


def without_timing(summary: dict) -> dict:
    """A summary less its timings (a simulation's bots are names, with none)."""
    bots = [
        {k: v for k, v in b.items() if k not in TIMING} if isinstance(b, dict) else b
        for b in summary["bots"]
    ]
    return {**summary, "bots": bots}


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def merge_json(paths: list[Path], capsys: pytest.CaptureFixture[str]) -> dict:
    return run_json(["merge", *map(str, paths), "--json"], capsys)


def save(tmp_path: Path, name: str, summary: dict) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(summary))
    return path


@pytest.mark.parametrize("command", sorted(RUNS))
def test_slices_merged_are_the_whole_run(command, tmp_path, capsys):
    argv, total = RUNS[command]
    argv = argv + FAST
    whole = run_json(argv, capsys)
    assert "slice" not in whole
    # Cut in three, the cuts inside a table's rotations on one deal, given out of order.
    cuts = [(0, 5), (5, 11), (11, total)]
    paths = []
    for number, (start, end) in enumerate(reversed(cuts)):
        part = run_json([*argv, "--start", str(start), "--count", str(end - start)], capsys)
        assert part["matches"] == end - start
        assert part["slice"]["ranges"] == [[start, end]]
        assert part["slice"]["run"]["matches"] == total
        paths.append(save(tmp_path, f"{number}.json", part))
    merged = merge_json(paths, capsys)
    assert "slice" not in merged
    assert without_timing(merged) == without_timing(whole)


def test_merged_slices_that_leave_a_gap_are_a_slice_that_merges_again(tmp_path, capsys):
    argv = RUNS["ladder"][0] + FAST
    whole = run_json(argv, capsys)
    first = save(tmp_path, "a.json", run_json([*argv, "--count", "4"], capsys))
    last = save(tmp_path, "c.json", run_json([*argv, "--start", "12"], capsys))
    middle = save(tmp_path, "b.json", run_json([*argv, "--start", "4", "--count", "8"], capsys))
    ends = merge_json([first, last], capsys)
    assert ends["slice"]["ranges"] == [[0, 4], [12, 18]]
    assert ends["matches"] == 10
    merged = merge_json([save(tmp_path, "ends.json", ends), middle], capsys)
    assert without_timing(merged) == without_timing(whole)


def test_the_ladder_of_merged_slices_fits_the_ratings_of_one_run(tmp_path, capsys):
    argv = RUNS["ladder"][0] + FAST
    whole = run_json(argv, capsys)
    halves = [
        save(tmp_path, "1.json", run_json([*argv, "--count", "9"], capsys)),
        save(tmp_path, "2.json", run_json([*argv, "--start", "9"], capsys)),
    ]
    merged = merge_json(halves, capsys)
    for field in ("rating", "ci95", "lead", "lead_ci95", "pair_score"):
        assert [b[field] for b in merged["bots"]] == [b[field] for b in whole["bots"]]
    assert merged["deals"] == whole["deals"] == 3


def test_a_slice_prints_its_table_saying_which_matches_it_holds(capsys):
    argv = RUNS["simulate"][0] + ["--option", "target_score=1", "--start", "10", "--count", "5"]
    assert main(argv) == 0
    assert "matches 10..14 of 30 (a slice" in capsys.readouterr().out


def refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    return capsys.readouterr().err


def test_overlapping_slices_are_refused(tmp_path, capsys):
    argv = RUNS["simulate"][0] + FAST
    a = save(tmp_path, "a.json", run_json([*argv, "--count", "12"], capsys))
    b = save(tmp_path, "b.json", run_json([*argv, "--start", "10", "--count", "5"], capsys))
    assert "slices overlap: matches 10..11" in refusal(["merge", str(a), str(b)], capsys)
    assert "slices overlap" in refusal(["merge", str(a), str(a)], capsys)


def test_slices_of_different_runs_are_refused(tmp_path, capsys):
    argv = RUNS["simulate"][0] + FAST
    a = save(tmp_path, "a.json", run_json([*argv, "--count", "10"], capsys))
    other = [*argv, "--seed", "5", "--start", "10"]
    b = save(tmp_path, "b.json", run_json(other, capsys))
    assert "different runs: their seed differ" in refusal(["merge", str(a), str(b)], capsys)
    tour = RUNS["tournament"][0] + FAST
    c = save(tmp_path, "c.json", run_json([*tour, "--start", "10"], capsys))
    assert "command" in refusal(["merge", str(a), str(c)], capsys)


def test_a_whole_run_or_a_bad_file_is_not_a_slice(tmp_path, capsys):
    whole = save(tmp_path, "w.json", run_json(RUNS["simulate"][0] + FAST, capsys))
    assert "is not a slice" in refusal(["merge", str(whole)], capsys)
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert f"cannot read {bad}" in refusal(["merge", str(bad)], capsys)


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        (["--start", "30"], "matches 30..29 are not all in the run: it has 30"),
        (["--start", "25", "--count", "6"], "matches 25..30 are not all in the run"),
    ],
)
def test_a_slice_outside_the_run_is_refused(extra, problem, capsys):
    assert problem in refusal(RUNS["simulate"][0] + FAST + extra, capsys)


def test_ranges_join_when_they_touch_and_refuse_to_overlap():
    assert join_ranges([[(5, 9)], [(0, 5), (12, 14)]]) == [(0, 9), (12, 14)]
    with pytest.raises(SliceError, match=r"matches 8\.\.8 are in two"):
        join_ranges([[(0, 9)], [(8, 10)]])


def test_without_ray_asked_for_ray_is_not_imported():
    code = (
        "import sys\n"
        "from cardtable.cli import main\n"
        "main(['simulate', 'skyjo', '--games', '4', '--option', 'target_score=1', '--json'])\n"
        "main(['ladder', 'skyjo', '--bots', 'random,greedy', '--games', '4',"
        " '--option', 'target_score=1', '--workers', '2', '--json'])\n"
        "assert 'ray' not in sys.modules, 'ray was imported'\n"
        "print('no ray')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("no ray")


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("127.0.0.1:1", "cannot join the Ray cluster at 127.0.0.1:1: "),
        ("nowhere", "give auto, host:port or ray://host:port"),
    ],
)
def test_a_cluster_that_does_not_answer_is_refused_at_once(address, problem, capsys):
    assert main([*RUNS["simulate"][0], *FAST, "--ray", address]) == 2
    out = capsys.readouterr()
    assert problem in out.err
    assert out.out == ""  # no summary of matches never played

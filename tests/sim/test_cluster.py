"""simulate, tournament and ladder on a local Ray cluster of two one-CPU nodes: the
same results as a local run of the same seed, a node lost mid-run included, progress
counted once per match, and slices played on the cluster merging into the whole run.
"""

from __future__ import annotations

import pytest

from cardtable.sim.cluster import chunk_size
from cardtable.sim.simulate import simulate
from cardtable.sim.tournament import run_tournament

from .test_slices import merge_json, run_json, save, without_timing

pytestmark = pytest.mark.slow

#: A few hundred quick matches per command (one round each).
RUNS = {
    "simulate": ["simulate", "skyjo", "--players", "4", "--games", "300", "--seed", "11"],
    "tournament": [
        "tournament", "lastcard", "--players", "3", "--bots", "random,heuristic,easy",
        "--games", "240", "--seed", "12",
    ],
    "ladder": [
        "ladder", "skyjo", "--players", "2", "--bots", "random,greedy,heuristic",
        "--games", "240", "--seed", "13",
    ],
}  # fmt: skip
FAST = ["--option", "target_score=1", "--workers", "1", "--json"]


@pytest.mark.parametrize("command", sorted(RUNS))
def test_a_run_on_the_cluster_prints_what_the_local_run_prints(command, cluster, capsys):
    argv = RUNS[command] + FAST
    local = run_json(argv, capsys)
    on_ray = run_json([*argv, "--ray", cluster.address], capsys)
    assert without_timing(on_ray) == without_timing(local)
    assert on_ray["matches"] == local["matches"] >= 240


def test_progress_counts_every_match_once_as_chunks_come_back(cluster):
    advances: list[int] = []
    args = ("lastcard", 2, ["random", "heuristic"], 200, 3, {"target_score": 1})
    summary, _ = run_tournament(*args, progress=advances.append, ray=cluster.address)
    assert sum(advances) == summary["matches"] == 200
    # One advance per chunk, the chunks sized for the cluster's two CPUs.
    assert len(advances) == -(-200 // chunk_size(200, 2)) > 1


def test_a_node_lost_mid_run_changes_nothing(cluster):
    options = {"target_score": 1}
    local = simulate("skyjo", 4, 300, 21, ["heuristic"], options)
    worker = cluster.nodes[-1]
    lost: list[int] = []

    def lose_the_node_once(done: int) -> None:
        """After the first chunk, kill the worker node with its chunks in flight."""
        lost.append(done)
        if len(lost) == 1:
            cluster.kill_node(worker)

    try:
        on_ray = simulate(
            "skyjo", 4, 300, 21, ["heuristic"], options,
            progress=lose_the_node_once, ray=cluster.address,
        )  # fmt: skip
    finally:
        if worker.poll() is not None:
            cluster.add_node()
    assert worker.returncode is not None  # the node was lost during the run
    assert on_ray.to_json() == local.to_json()
    assert sum(lost) == 300


def test_slices_played_on_the_cluster_merge_into_the_local_whole_run(cluster, tmp_path, capsys):
    argv = RUNS["ladder"] + FAST
    whole = run_json(argv, capsys)
    slices = [
        run_json([*argv, "--count", "101", "--ray", cluster.address], capsys),
        run_json([*argv, "--start", "101"], capsys),
    ]
    paths = [save(tmp_path, f"{i}.json", part) for i, part in enumerate(slices)]
    merged = merge_json(paths, capsys)
    assert without_timing(merged) == without_timing(whole)

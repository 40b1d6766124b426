"""Matches per second of ``cardtable simulate``: one local worker, two local workers,
and Ray on a local cluster of two one-CPU nodes that this script starts and stops.

    python bench/sim_scale.py [--matches 20000] [--players 4] [--game skyjo] [--seed 1]

Each way plays the same run (same seed), and the script checks that the three give
the same summary. It then measures the cost of one Ray task apart from its matches:
tasks of no match, one after another (the latency a chunk adds) and all at once on
the two CPUs (the throughput cost), and prints what that costs per match at the chunk
size ``--ray`` picks. Joining the cluster and starting its worker processes are done
before the timed run and timed apart, as a long run pays them once (the local pool's
forks, a few milliseconds, are in its time). docs/research/scale.md has the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.sim.ray_cluster import LocalCluster

from cardtable.bots.base import default_bot
from cardtable.sim.cluster import chunk_size
from cardtable.sim.runner import MatchPlan, run_chunk
from cardtable.sim.simulate import SimulationSummary, simulate

#: Empty tasks timed for the per-chunk overhead.
EMPTY_TASKS = 200


def timed_run(
    args: argparse.Namespace, workers: int = 1, ray: str | None = None
) -> tuple[float, SimulationSummary]:
    bot, _ = default_bot(args.game)
    start = time.perf_counter()
    summary = simulate(
        args.game, args.players, args.matches, args.seed, [bot], workers=workers, ray=ray
    )
    return time.perf_counter() - start, summary


def warm_up(args: argparse.Namespace, cpus: int) -> float:
    """Seconds to start a Ray worker on every CPU and have it play a match (imports
    and all), which a long run pays once; timed apart from the run."""
    import ray

    bot, _ = default_bot(args.game)
    plan = MatchPlan(args.game, args.players, None, (bot,) * args.players, args.seed, 0)
    task = ray.remote(num_cpus=1)(run_chunk)
    start = time.perf_counter()
    ray.get([task.remote([plan]) for _ in range(4 * cpus)])
    return time.perf_counter() - start


def task_overhead() -> tuple[float, float]:
    """Seconds per empty task: one at a time (latency), and many at once per task."""
    import ray

    task = ray.remote(num_cpus=1)(run_chunk)
    start = time.perf_counter()
    for _ in range(EMPTY_TASKS // 4):
        ray.get(task.remote([]))
    latency = (time.perf_counter() - start) / (EMPTY_TASKS // 4)
    start = time.perf_counter()
    ray.get([task.remote([]) for _ in range(EMPTY_TASKS)])
    return latency, (time.perf_counter() - start) / EMPTY_TASKS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="skyjo")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    one, base = timed_run(args, workers=1)
    two, local = timed_run(args, workers=2)
    cluster = LocalCluster()
    try:
        cluster.start(workers=1)
        import ray

        start = time.perf_counter()
        ray.init(address=cluster.address, log_to_driver=False)
        connect = time.perf_counter() - start
        warm = warm_up(args, 2)
        on_ray, remote = timed_run(args, ray=cluster.address)
        latency, per_task = task_overhead()
        ray.shutdown()
    finally:
        cluster.stop()
    same = base.to_json() == local.to_json() == remote.to_json()
    print(f"{args.matches} {args.game} matches, {args.players} players, seed {args.seed}")
    print(f"{'way':<24} {'seconds':>9} {'matches/s':>10} {'vs 1 worker':>12}")
    for name, secs in (
        ("local --workers 1", one),
        ("local --workers 2", two),
        ("ray, 2 x 1 CPU", on_ray),
    ):
        print(f"{name:<24} {secs:>9.2f} {args.matches / secs:>10.1f} {one / secs:>11.2f}x")
    print(f"ray / --workers 2: {two / on_ray:.3f} (matches/s ratio); results equal: {same}")
    size = chunk_size(args.matches, 2)
    per_match = one / args.matches
    print(
        f"once per run, not in the times above: connecting {connect:.2f} s, "
        f"starting the workers {warm:.2f} s"
    )
    print(
        f"empty task: {1000 * latency:.2f} ms one at a time, {1000 * per_task:.2f} ms each "
        f"{EMPTY_TASKS} at once on 2 CPUs"
    )
    print(
        f"chunk of {size} matches: {1000 * size * per_match:.0f} ms of play at "
        f"{1000 * per_match:.2f} ms a match; a task's cost is "
        f"{100 * latency / (size * per_match):.2f}% of it"
    )
    if not same:
        sys.exit("the three ways gave different results")


if __name__ == "__main__":
    main()

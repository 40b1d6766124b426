"""Tournaments: fair seat rotation, reproducible results, right interval arithmetic."""

import json
from collections import Counter

import pytest

from cardtable.bots.base import BotSpecError, split_specs
from cardtable.cli import main
from cardtable.engine import PlayerCountError
from cardtable.engine.errors import CardtableError
from cardtable.sim.simulate import simulate
from cardtable.sim.stats import wilson_interval
from cardtable.sim.tournament import (
    TIMING_FIELDS,
    run_tournament,
    seating,
    tournament_plans,
)


@pytest.mark.parametrize(
    ("successes", "trials", "expected"),
    [
        # Reference values of the 95% Wilson score interval.
        (8, 10, (0.4902, 0.9433)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
        (50, 100, (0.4038, 0.5962)),
        (81, 263, (0.2553, 0.3662)),
    ],
)
def test_wilson_interval_matches_reference_values(successes, trials, expected):
    low, high = wilson_interval(successes, trials)
    assert low == pytest.approx(expected[0], abs=5e-4)
    assert high == pytest.approx(expected[1], abs=5e-4)


def test_wilson_interval_narrows_with_more_trials_and_stays_in_range():
    widths = [wilson_interval(0.9 * n, n) for n in (10, 100, 1000)]
    assert widths[0][1] - widths[0][0] > widths[1][1] - widths[1][0] > widths[2][1] - widths[2][0]
    assert all(0.0 <= lo <= hi <= 1.0 for lo, hi in widths)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (2, 4), (3, 2), (3, 3), (4, 5)])
def test_every_bot_sits_in_every_seat_equally_often(bots, players):
    names = [f"b{i}" for i in range(bots)]
    plans = tournament_plans("skyjo", players, names, 12 * bots, 1, {})
    per_seat = Counter((seat, plan.bots[seat]) for plan in plans for seat in range(players))
    for seat in range(players):
        counts = {per_seat[(seat, name)] for name in names}
        assert len(counts) == 1, (seat, per_seat)
    # Each deal is replayed in every rotation: same seed, different seating.
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for plan in plans:
        by_deal.setdefault(plan.deal, []).append(plan.bots)
    assert all(len(set(s)) == len(s) == bots for s in by_deal.values())
    assert seating(names, players, 1)[0] == names[1 % bots]


def without_timing(summary):
    return {
        **summary,
        "bots": [{k: v for k, v in b.items() if k not in TIMING_FIELDS} for b in summary["bots"]],
    }


def test_results_are_reproducible_whatever_the_worker_count():
    args = ("skyjo", 2, ["random", "random:pass_rate=0.5"], 24, 7, {"target_score": 1})
    one, _ = run_tournament(*args, workers=1)
    two, _ = run_tournament(*args, workers=2)
    assert without_timing(one) == without_timing(two)
    other, _ = run_tournament("skyjo", 2, args[2], 24, 8, {"target_score": 1})
    assert without_timing(other) != without_timing(one)


def test_wins_are_shared_and_add_up_to_the_match_count():
    summary, records = run_tournament("skyjo", 3, ["random", "random:pass_rate=0.1"], 30, 2)
    assert sum(b["wins"] for b in summary["bots"]) == pytest.approx(summary["matches"])
    assert sum(r.seats_played for r in records) == 3 * summary["matches"]
    for b, r in zip(summary["bots"], records, strict=True):
        assert b["win_rate"] == pytest.approx(r.wins / r.seats_played, abs=1e-4)
        assert b["ci95"][0] <= b["win_rate"] <= b["ci95"][1]
        assert b["mean_score"] == pytest.approx(sum(r.scores) / len(r.scores), abs=1e-3)


def test_bad_tournaments_are_refused_up_front():
    with pytest.raises(BotSpecError, match="unknown bot"):
        run_tournament("skyjo", 2, ["random", "genius"], 4, 1)
    with pytest.raises(PlayerCountError):
        run_tournament("skyjo", 9, ["random"], 4, 1)
    for games in (0, -3, 2.5):
        with pytest.raises(CardtableError, match="number of matches must be a whole number"):
            run_tournament("skyjo", 2, ["random"], games, 1)  # type: ignore[arg-type]
        with pytest.raises(CardtableError, match="number of matches must be a whole number"):
            simulate("skyjo", 2, games, 1, ["random"])  # type: ignore[arg-type]


def test_command_prints_json_and_draws_the_plot(tmp_path, capsys):
    plot = tmp_path / "scores.png"
    argv = ["tournament", "skyjo", "--bots", "random,random:pass_rate=0.5", "--games", "10",
            "--seed", "3", "--workers", "1", "--option", "target_score=1", "--json",
            "--plot", str(plot)]  # fmt: skip
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["matches"] == 10
    assert [b["bot"] for b in summary["bots"]] == ["random", "random:pass_rate=0.5"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["tournament", "skyjo", "--bots", "random", "--games", "4", "--workers", "1"]) == 0
    assert "win %" in capsys.readouterr().out


def test_bot_lists_keep_the_commas_of_bot_parameters():
    assert split_specs("heuristic,ismcts:ms=200,rollout=heuristic,random:pass_rate=0.5") == [
        "heuristic",
        "ismcts:ms=200,rollout=heuristic",
        "random:pass_rate=0.5",
    ]
    assert split_specs(" random , heuristic ,") == ["random", "heuristic"]
    with pytest.raises(BotSpecError, match="unknown bot 'ismcts,ms=200'"):
        run_tournament("skyjo", 2, split_specs("ismcts,ms=200"), 2, 1)


def test_single_round_matches_are_reported_as_such():
    summary, _ = run_tournament("skyjo", 2, ["random"], 6, 1, {"target_score": 1})
    assert summary["rounds_per_match"] == 1
    longer, _ = run_tournament("skyjo", 2, ["random"], 6, 1, {"target_score": 200})
    assert longer["rounds_per_match"] > 1

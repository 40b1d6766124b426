"""The coach: analyses of finished matches, from the analysed seat's information only."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import coach
from cardtable.bots.base import make_bot
from cardtable.cli import main
from cardtable.coach import command
from cardtable.engine.registry import make
from cardtable.engine.state import State
from cardtable.sim.runner import play_match

#: Short matches: one round each.
SHORT = {
    "skyjo": {"target_score": 1},
    "cactus": {"rounds": 1},
    "lastcard": {"target_score": 1},
}


def finished(game: str, seed: int = 3) -> dict[str, Any]:
    state = make(game, 2, seed=seed, options=SHORT[game])
    bots = [make_bot("heuristic", game, seed), make_bot("random", game, seed + 1)]
    play_match(state, bots, random.Random(seed))
    assert state.is_over
    return state.record()


@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_decision_of_the_seat_is_analysed(game: str) -> None:
    record = finished(game)
    analysis = coach.analyse(record, 1, samples=4)
    expected = [index for index, _, _ in coach.decisions_of(record, 1)]
    assert [d.index for d in analysis.decisions] == expected
    assert expected, "the random seat made decisions"
    for decision in analysis.decisions:
        seat, played = record["log"][decision.index]
        assert seat == 1 and decision.played == played
        assert decision.label == coach.label(game, decision.cost)
        if decision.suggested == decision.played:
            assert decision.cost == 0.0


def test_a_random_player_makes_costly_mistakes_the_heuristic_avoids() -> None:
    record = finished("skyjo", seed=5)
    worst_random = max(d.cost for d in coach.analyse(record, 1, samples=16).decisions)
    assert worst_random >= coach.profile("skyjo").thresholds[1]


def test_an_analysis_is_the_same_for_a_seed() -> None:
    record = finished("cactus")
    first = coach.dumps(coach.analyse(record, 0, samples=4, seed=9))
    assert first == coach.dumps(coach.analyse(record, 0, samples=4, seed=9))


@pytest.mark.parametrize("game", sorted(SHORT))
def test_the_analysis_reads_only_what_the_seat_knows(game: str) -> None:
    """Re-dealing every card the seat cannot know changes nothing the coach says."""
    record = finished(game)
    rng = random.Random(2)
    compared = 0
    for index, state, played in coach.decisions_of(record, 0):
        other: State = state.determinize(0, rng)
        assert other.view(0) == state.view(0)
        mine = coach.analyse_decision(state, 0, played, index, 4, seed=7)
        theirs = coach.analyse_decision(other, 0, played, index, 4, seed=7)
        assert mine == theirs
        compared += 1
        if compared == 6:
            break
    assert compared


def test_a_match_in_progress_is_refused() -> None:
    state = make("skyjo", 2, seed=1)
    bot = make_bot("random", "skyjo", 1)
    for _ in range(6):
        seat = state.to_act[0]
        state.apply(seat, bot.act(state, seat))
    with pytest.raises(coach.CoachError, match="not over"):
        coach.analyse(state.record(), 0)


def test_bad_requests_are_refused() -> None:
    record = finished("lastcard")
    with pytest.raises(coach.CoachError, match="samples"):
        coach.analyse(record, 0, samples=0)
    with pytest.raises(coach.CoachError, match="ms"):
        coach.analyse(record, 0, ms=-1)
    with pytest.raises(Exception, match="seat 5"):
        coach.analyse(record, 5)


def test_labels_follow_the_thresholds() -> None:
    low, mid, high = coach.profile("skyjo").thresholds
    assert coach.label("skyjo", low - 0.01) is None
    assert coach.label("skyjo", low) == "inaccuracy"
    assert coach.label("skyjo", mid) == "mistake"
    assert coach.label("skyjo", high + 5) == "blunder"


def test_a_time_budget_replaces_the_iterations() -> None:
    assert coach.search_spec("skyjo", 150).startswith("ismcts:ms=150,")
    assert "iterations" not in coach.search_spec("skyjo", 150)


def test_the_command_line_prints_the_same_json_for_a_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(finished("cactus")))
    args = ["analyse", str(path), "--seat", "1", "--samples", "4", "--seed", "3", "--json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    data = json.loads(first)
    assert data["decisions"] and {"index", "played", "suggested", "cost"} <= set(
        data["decisions"][0]
    )


def test_the_command_line_prints_a_readable_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(finished("skyjo")))
    assert main(["analyse", str(path), "--seat", "1", "--samples", "4"]) == 0
    out = capsys.readouterr().out
    assert "played" in out and "suggested" in out


def test_the_command_line_names_a_missing_or_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(tmp_path / "nothing.json"), "--seat", "0"]) == 2
    assert "nothing.json" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["analyse", str(bad), "--seat", "0"]) == 2
    assert "JSON" in capsys.readouterr().err


def test_the_table_counts_from_1_and_says_what_each_cost_means() -> None:
    """Seat, move and card numbers as on the screens (from 1), and no bare or negative
    cost: each says how the move compares with the coach's."""
    replace = {"type": "replace", "slot": 2}
    decisions = [
        coach.Decision(0, 1, {"type": "draw"}, {"type": "draw"}, 0.0, 0.0, None),
        coach.Decision(4, 1, replace, {"type": "discard"}, 3.25, 0.5, "mistake"),
        coach.Decision(9, 2, {"type": "discard"}, replace, -0.4, 0.3, None),
    ]
    analysis = coach.Analysis.of("cactus", 1, decisions, 64, 1)
    lines = command.table(analysis).splitlines()
    assert lines[0].startswith("cactus, seat 2: 3 decisions")
    rows = [line.split() for line in lines[2:]]
    assert [row[0] for row in rows] == ["1", "5", "10"]
    assert "replace, card 3" in lines[3] and "replace, card 3" in lines[4]
    assert lines[2].endswith("the coach plays it too")
    assert lines[3].endswith("about 3.2 more round points than the coach's move (mistake)")
    assert lines[4].endswith("as good as the coach's move")
    assert "-0.4" not in lines[4]


def test_a_last_card_cost_reads_as_a_chance_to_win() -> None:
    played = {"type": "play", "card": "R7", "color": None, "call": True}
    decision = coach.Decision(2, 1, played, {"type": "draw"}, 0.12, 0.02, None)
    text = command.table(coach.Analysis.of("lastcard", 0, [decision], 256, 1))
    assert "play, red 7, calling Last Card" in text
    assert "about 12% less chance to win the round than the coach's move" in text


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_hint_names_the_best_other_move_and_what_the_coach_s_move_gains(game: str) -> None:
    """The hint's gain is the pricing's own difference between the two moves, on the
    same re-deals, so it can be checked against ``price``."""
    state = make(game, 2, seed=4, options=SHORT[game])
    seat = min(state.to_act)
    while len(state.legal_actions(seat)) < 2:  # to the first real choice
        state.apply(seat, state.legal_actions(seat)[0])
        seat = min(state.to_act)
    given = coach.hint(state, seat, seed=5)
    legal = state.legal_actions(seat)
    assert given.action in legal and given.alternative in legal
    assert given.alternative != given.action
    assert given.unit == coach.profile(game).unit
    others = [a for a in legal if a != given.action]
    priced = coach.price(state, seat, [given.action, *others], coach.profile(game).samples, 5)
    means = {a: sum(o) / len(o) for a, o in zip([given.action, *others], priced, strict=True)}
    sign = 1 if given.unit == "points" else -1
    assert given.gain == pytest.approx(sign * (means[given.alternative] - means[given.action]))
    assert all(sign * means[a] >= sign * means[given.alternative] for a in others)
    assert set(given.to_json()) == {"action", "alternative", "gain", "unit"}


def test_a_hint_for_the_only_move_says_so() -> None:
    state = make("cactus", 2, seed=4, options=SHORT["cactus"])
    seat = min(state.to_act)
    assert len(state.legal_actions(seat)) == 1  # look at the first cards
    assert coach.hint(state, seat, seed=5).to_json()["alternative"] is None

"""The kept results of the full mutation run: saved and restored without a change."""

import json
from pathlib import Path

import pytest

from . import record

PATH = Path("src/cardtable/games/skyjo/state.py")
PREFIX = "cardtable.games.skyjo.state."
META = {
    "exit_code_by_key": {
        f"{PREFIX}xǁSkyjoStateǁ_check__mutmut_1": 1,
        f"{PREFIX}xǁSkyjoStateǁ_check__mutmut_2": None,
        f"{PREFIX}xǁSkyjoStateǁ_check__mutmut_3": 0,
        f"{PREFIX}x_score__mutmut_1": 36,
    },
    "hash_by_function_name": {"xǁSkyjoStateǁ_check": "a1", "x_score": "b2"},
    "type_check_error_by_key": {},
    "durations_by_key": {},
    "estimated_durations_by_key": {},
}


def test_a_modules_results_are_kept_by_function_and_mutant_number():
    kept = record.compact(PATH, META)
    assert kept == {
        "functions": {"xǁSkyjoStateǁ_check": "a1", "x_score": "b2"},
        "exit_codes": {"xǁSkyjoStateǁ_check": [1, None, 0], "x_score": [36]},
    }
    assert record.expand(PATH, kept) == META


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(record, "RESULTS", tmp_path / "results.json")
    monkeypatch.setattr(record, "rule_files", lambda: [PATH])
    return tmp_path


def test_saved_results_are_restored_where_mutmut_reads_them(in_tmp):
    meta = in_tmp / "mutants" / f"{PATH}.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps(META))
    assert record.main(["save"]) == 0
    meta.unlink()
    assert record.main(["restore"]) == 0
    assert json.loads(meta.read_text()) == META


def test_a_run_of_its_own_in_mutants_is_never_overwritten(in_tmp):
    (in_tmp / "results.json").write_text(
        json.dumps({"files": {str(PATH): record.compact(PATH, META)}})
    )
    meta = in_tmp / "mutants" / f"{PATH}.meta"
    meta.parent.mkdir(parents=True)
    meta.write_text("{}")
    assert record.main(["restore"]) == 0
    assert meta.read_text() == "{}"


def test_saving_before_any_run_says_what_is_missing(in_tmp, capsys):
    assert record.main(["save"]) == 1
    assert "run make mutation first" in capsys.readouterr().err
    assert not (in_tmp / "results.json").exists()

"""The CI sample's own logic: the allowlist, the fixed sample, the score."""

import pytest

from .sample import (
    Allowed,
    allowed,
    game_of,
    parse_results,
    read_allowlist,
    rule_files,
    sample,
    scores,
)

NAMES = [
    f"cardtable.games.{g}.state.x_f__mutmut_{i}" for g in ("cactus", "skyjo") for i in range(9)
]


def test_every_allowlist_entry_names_a_pattern_and_a_reason(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("# a comment\n\ncardtable.games.skyjo.*_mutmut_1  # prints the same\n")
    assert read_allowlist(good) == [Allowed("cardtable.games.skyjo.*_mutmut_1", "prints the same")]
    bad = tmp_path / "bad.txt"
    bad.write_text("cardtable.games.skyjo.state.x_f__mutmut_1\n")
    with pytest.raises(ValueError, match=r"bad\.txt:1"):
        read_allowlist(bad)


def test_the_project_allowlist_reads_and_matches_only_rule_mutants():
    from .sample import HERE

    for entry in read_allowlist(HERE / "equivalent.txt"):
        assert entry.pattern.startswith("cardtable.games.") and entry.reason


def test_the_sample_is_fixed_by_the_seed_and_leaves_out_the_allowlist():
    skip = [Allowed("cardtable.games.cactus.state.x_f__mutmut_[0-4]", "equivalent")]
    first = sample(NAMES, skip, 3, seed=1)
    assert first == sample(reversed(NAMES), skip, 3, seed=1)
    assert len(first["cactus"]) == len(first["skyjo"]) == 3 and first["lastcard"] == []
    assert not any(allowed(name, skip) for name in first["cactus"])
    assert sample(NAMES, skip, 20, seed=1)["cactus"] == NAMES[5:9]


def test_timeouts_count_as_kills_and_unreached_mutants_as_survivors():
    text = (
        "    cardtable.games.skyjo.state.x_f__mutmut_1: killed\n"
        "    cardtable.games.skyjo.state.x_f__mutmut_2: timeout\n"
        "    cardtable.games.skyjo.state.x_f__mutmut_3: survived\n"
        "    cardtable.games.skyjo.state.x_f__mutmut_4: no tests\n"
    )
    status = parse_results(text)
    chosen = {"skyjo": [f"cardtable.games.skyjo.state.x_f__mutmut_{i}" for i in range(1, 6)]}
    assert scores(chosen, status) == {"skyjo": (2, 5)}
    assert game_of(chosen["skyjo"][0]) == "skyjo"


def test_the_rule_files_are_each_games_rule_modules():
    games = {path.parts[3] for path in rule_files()}
    assert games == {"cactus", "skyjo", "lastcard"}
    assert all(path.exists() and path.name != "bot.py" for path in rule_files())

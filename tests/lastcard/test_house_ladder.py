"""The bot levels under the Party preset (stacking, jump-in, 7-0): in order on the ladder,
as without the house rules (docs/bots.md has the figures and the long runs)."""

import pytest

from cardtable.sim.ladder import run_ladder

PARTY = {"jump_in": True, "seven_zero": True, "target_score": 0}


def ratings(summary):
    return {bot["bot"]: bot["rating"] for bot in summary["bots"]}


@pytest.mark.slow
@pytest.mark.parametrize(("players", "matches"), [(2, 2000), (4, 1000)])
def test_the_levels_come_in_order_under_the_party_preset(players, matches):
    rated = ratings(
        run_ladder("lastcard", players, ["easy", "normal", "hard"], matches, 1, PARTY, 2)
    )
    assert rated["easy"] < rated["normal"] < rated["hard"]

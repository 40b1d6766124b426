"""Bot levels at the server: offered by the game API, playable, and paced like people."""

import random

import httpx
import pytest

import cardtable
from cardtable.bots import LEVELS, bot_choices, timing_for
from cardtable.bots.timing import PUBLIC_CHOICES
from cardtable.engine.state import derive_seed
from cardtable.server.bots import bot_pause

from ..bots.test_bots import random_position
from .support import create_table, short_options, wait_for_status

GAMES = [g.name for g in cardtable.games()]


def test_the_game_api_offers_each_games_levels_weakest_first(server):
    entries = httpx.get(f"{server.url}/api/games", timeout=5).json()
    for entry in entries:
        assert entry["levels"] == [c.to_json() for c in bot_choices(entry["name"])]
        assert [level["spec"] for level in entry["levels"]] == list(LEVELS)
        assert set(LEVELS) <= set(entry["bots"])


@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_levels_plays_its_match_to_the_end(server, game):
    options = short_options(game)
    code = create_table(server, game, ["easy", "hard"], bot_delay=0, options=options)["code"]
    status = wait_for_status(server, code, lambda s: s["status"] == "finished")
    assert status["status"] == "finished"
    assert [seat["bot"] for seat in status["seats"]] == ["easy", "hard"]


def test_a_level_waits_a_human_like_time_and_other_bots_the_table_delay():
    state = random_position("skyjo", 4)
    seat = state.to_act[0]
    pauses = {bot_pause(state, seat, "normal", 0.6) for _ in range(3)}
    assert len(pauses) == 1  # drawn from the match, the seat and the moment
    (pause,) = pauses
    expected = timing_for("normal").think_seconds(_pause_rng(state, seat), PUBLIC_CHOICES)
    assert pause == expected
    assert bot_pause(state, seat, "heuristic", 0.6) == 0.6
    assert bot_pause(state, seat, "human", 0.6) == 0.6  # an idle person's stand-in


def test_a_levels_pause_tells_nothing_of_its_hand():
    """Two positions alike to everyone but the bot (its hand re-dealt from another
    seat's view) give the bot the same pause, though its legal actions differ."""
    compared = 0
    for seed in range(60):
        state = random_position("lastcard", seed)
        if state.is_over or state.system_actions():
            continue
        seat = state.to_act[0]
        observer = (seat + 1) % state.num_players
        other = state.determinize(observer, random.Random(seed))
        if len(other.legal_actions(seat)) == len(state.legal_actions(seat)):
            continue
        compared += 1
        assert bot_pause(state, seat, "normal", 0.6) == bot_pause(other, seat, "normal", 0.6)
    assert compared >= 5


def test_a_table_without_a_bot_delay_plays_levels_at_once():
    state = random_position("skyjo", 4)
    assert bot_pause(state, state.to_act[0], "easy", 0.0) == 0.0


def test_in_a_cactus_window_a_level_reacts_rather_than_deliberates():
    """An expert reacts within a second or two in a quick-discard window; an easy
    bot usually more slowly."""
    windows = []
    for seed in range(200):
        state = random_position("cactus", seed)
        if state.system_actions():
            windows.append(state)
    assert len(windows) >= 5
    for state in windows:
        seat = state.to_act[0]
        expected = timing_for("expert").react_seconds(_pause_rng(state, seat))
        assert bot_pause(state, seat, "expert", 0.6) == expected
    slow = [bot_pause(s, s.to_act[0], "easy", 0.6) for s in windows]
    fast = [bot_pause(s, s.to_act[0], "expert", 0.6) for s in windows]
    assert sum(slow) > sum(fast)


def _pause_rng(state, seat):
    return random.Random(derive_seed(state.seed, seat, len(state.log), "pause"))

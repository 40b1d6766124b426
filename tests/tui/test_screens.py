"""What every game's screen must do: fit 80x24, and show nothing the player cannot know."""

import asyncio
import random

import pytest

import cardtable
from cardtable.bots import RandomBot
from cardtable.tui.app import PlayApp
from cardtable.tui.renderer import renderer_for
from cardtable.tui.session import Session

from .pilot import SIZE, app_for, assert_fits, play_until_notice, screen_text, settle, until

GAMES = ["skyjo", "cactus", "lastcard"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_table_fits_80x24(game: str, players: int) -> None:
    app = app_for(game, "--players", str(players), "--bots", "random", "--seed", "2")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            assert_fits(app)

    asyncio.run(run())


def player_alone_to_act(game: str, seed: int) -> cardtable.State:
    """A match some random moves in, at a point where only seat 0 may act."""
    state = cardtable.make(game, 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    while state.to_act != (0,) or state.system_actions():
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_screen_does_not_depend_on_cards_the_player_cannot_know(game: str) -> None:
    """Re-sampling every unknown card (``determinize``) leaves the screen unchanged."""
    state = player_alone_to_act(game, seed=21)
    twin = state.determinize(0, random.Random(8))
    assert twin.to_json()["state"] != state.to_json()["state"]

    async def screen(s: cardtable.State) -> str:
        bots = {1: RandomBot(1), 2: RandomBot(2)}
        session = Session(s, 0, bots, ["You", "Bot 2", "Bot 3"], order_seed=1)
        app = PlayApp(session, renderer_for(game), delay=0)
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            return screen_text(app)

    assert asyncio.run(screen(state)) == asyncio.run(screen(twin))


#: Options that make a match one short round (Skyjo: every card starts face up).
ONE_ROUND = {
    "skyjo": ["target_score=1", "initial_reveals=12"],
    "cactus": ["rounds=1"],
    "lastcard": ["target_score=1"],
}


@pytest.mark.parametrize("game", GAMES)
def test_the_match_result_shows_at_the_end_and_q_quits(game: str) -> None:
    options = [arg for option in ONE_ROUND[game] for arg in ("--option", option)]
    app = app_for(game, "--bots", "random", "--seed", "3", *options)

    async def run() -> str:
        async with app.run_test(size=SIZE) as pilot:
            text = await play_until_notice(app, pilot, random.Random(1), "Round 1")
            app.simulate_key("q")
            await until(lambda: app.return_code is not None)
            return text

    text = asyncio.run(run())
    state = app.session.state
    assert state.is_over
    names = ["You" if seat == 0 else f"Bot {seat + 1}" for seat in state.winners]
    verdict = "You win!" if names == ["You"] else f"Won by {', '.join(names)}."
    assert f"Match over. {verdict}" in text
    assert "Seed 3 replays this match." in text

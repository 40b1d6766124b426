"""Skyjo in the terminal: a whole round played by keys on an 80x24 screen."""

import asyncio
import random
import re

from textual.widgets import RichLog

import cardtable
from cardtable.bots import RandomBot
from cardtable.games.skyjo.state import DOWN, GONE
from cardtable.tui.app import PlayApp
from cardtable.tui.renderer import renderer_for
from cardtable.tui.session import Session

from .pilot import (
    SIZE,
    app_for,
    move_texts,
    play_until_notice,
    screen_text,
    settle,
    widget_text,
)


def assert_opponents_as_dealt(app: PlayApp) -> None:
    """Every opponent card on screen is its face-up value or ▒▒, never a hidden value."""
    state = app.session.state
    for seat in app.seats.others():
        rows = widget_text(app, f"#seat-{seat}").splitlines()[1:4]
        shown = [cell for row in rows for cell in row.split()]
        expected = [
            "▒▒" if status == DOWN else "··" if status == GONE else str(card)
            for card, status in zip(state.cards[seat], state.status[seat], strict=True)
        ]
        assert shown == expected


def assert_fits(app: PlayApp) -> None:
    """Everything is on the 80x24 screen and the table needs no scrolling."""
    screen = app.screen.region
    assert (screen.width, screen.height) == SIZE
    for selector in ("#status", "#centre", "#own", "#prompt", "#moves", "#scores", "#log"):
        region = app.query_one(selector).region
        assert region.area and screen.contains_region(region), selector
    for seat in app.seats.others():
        assert screen.contains_region(app.query_one(f"#seat-{seat}").region)
    assert app.query_one("#table").max_scroll_y == 0


def reveal_first(app: PlayApp, rng: random.Random) -> int:
    """Prefer moves that turn a card up, so the round ends soon."""
    texts = move_texts(app)
    eager = [i for i, t in enumerate(texts) if "hidden" in t or "Turn up" in t or "Discard" in t]
    return rng.choice(eager or range(len(texts)))


def test_a_round_by_keys_shows_results_and_never_an_opponents_hidden_card() -> None:
    app = app_for("skyjo", "--players", "3", "--bots", "random", "--seed", "7")
    checked = []

    def at_move(app: PlayApp) -> None:
        assert_opponents_as_dealt(app)
        assert_fits(app)
        checked.append(True)

    async def run() -> tuple[str, str]:
        async with app.run_test(size=SIZE) as pilot:
            text = await play_until_notice(
                app, pilot, random.Random(3), "Round 1", at_move, reveal_first
            )
            return text, "\n".join(line.text for line in app.query_one(RichLog).lines)

    text, narration = asyncio.run(run())
    state = app.session.state
    assert len(checked) > 10
    assert re.search(r"Bot 1 turned up -?\d+ at [ABC][1-4]\.", narration)
    assert "Round 1 is over." in narration
    assert "Round 1 results" in text
    for seat, score in enumerate(state.round_scores[0]):
        name = "You" if seat == 0 else f"Bot {seat}"
        assert re.search(rf"{name} +{score} +{state.totals[seat]} ", text), name


def test_four_players_fit_80x24() -> None:
    app = app_for("skyjo", "--players", "4", "--bots", "random", "--seed", "2")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            assert_fits(app)

    asyncio.run(run())


def test_the_screen_does_not_depend_on_cards_the_player_cannot_know() -> None:
    """Re-sampling every unknown card (``determinize``) leaves the screen unchanged."""
    state = cardtable.make("skyjo", 3, seed=21)
    rng = random.Random(5)
    while not (state.to_act == (0,) and state.view(0)["phase"] == "turn"):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    twin = state.determinize(0, random.Random(8))
    assert twin.cards != state.cards

    async def screen(s: cardtable.State) -> str:
        bots = {1: RandomBot(1), 2: RandomBot(2)}
        session = Session(s, 0, bots, ["You", "Bot 1", "Bot 2"], order_seed=1)
        app = PlayApp(session, renderer_for("skyjo"), delay=0)
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            return screen_text(app)

    assert asyncio.run(screen(state)) == asyncio.run(screen(twin))

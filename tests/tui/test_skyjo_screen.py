"""Skyjo in the terminal: a whole round played by keys on an 80x24 screen."""

import asyncio
import random
import re

from textual.widgets import RichLog

from cardtable.games.skyjo.state import DOWN, GONE
from cardtable.tui.app import PlayApp

from .pilot import (
    SIZE,
    app_for,
    assert_fits,
    move_texts,
    play_until_notice,
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

"""Skyjo in the terminal: a whole round played by keys on an 80x24 screen."""

import asyncio
import random
import re

from cardtable.games.skyjo.actions import Reveal
from cardtable.games.skyjo.state import DOWN, GONE
from cardtable.tui.app import PlayApp

from .pilot import (
    SIZE,
    app_for,
    move_texts,
    play_first_round,
    press,
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


def reveal_first(app: PlayApp, rng: random.Random) -> int:
    """Prefer moves that turn a card up, so the round ends soon."""
    texts = move_texts(app)
    eager = [i for i, t in enumerate(texts) if "hidden" in t or "Turn up" in t or "Discard" in t]
    return rng.choice(eager or range(len(texts)))


def test_a_round_by_keys_shows_results_and_never_an_opponents_hidden_card() -> None:
    app = app_for("skyjo", "--players", "3", "--bots", "random", "--seed", "7")
    text, told, moves = play_first_round(app, 3, assert_opponents_as_dealt, reveal_first)
    assert len(moves) > 10
    assert re.search(r"Bot 2 turned up their card (1[0-2]|[1-9]): a -?\d+\.", told)
    assert "Round 1 is over." in told
    assert "finished first" in text


def test_your_cards_are_numbered_1_to_12_in_reading_order_as_in_the_browser() -> None:
    """The numbers above your cards, the move list and the keys all count from 1, row by
    row: pressing 6 turns up the second card of the second row (engine position 5)."""
    app = app_for("skyjo", "--seed", "7", "--bots", "random")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            own = widget_text(app, "#own").splitlines()
            numbers = [line.split() for line in own if re.fullmatch(r"[\d ]+", line.strip())]
            assert numbers == [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "11", "12"]]
            assert not re.search(r"\b[ABC][1-4]\b", "\n".join(own + move_texts(app)))
            assert "6 Turn up card 6" in move_texts(app)
            done = len(app.session.state.log)
            await press(app, "6")
            assert app.session.state.log[done] == (0, Reveal(5))

    asyncio.run(run())

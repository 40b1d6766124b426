"""Last Card in the terminal: your hand in colour, only the size of everyone else's."""

import asyncio
import random
import re

from cardtable.bots import RandomBot
from cardtable.games.lastcard.state import LastCardState
from cardtable.tui.app import PlayApp
from cardtable.tui.render_lastcard import SYMBOLS, split
from cardtable.tui.renderer import renderer_for
from cardtable.tui.session import Session

from .pilot import (
    SIZE,
    app_for,
    move_texts,
    narration,
    play_first_round,
    press,
    settle,
    widget_text,
)


def labels(cards: list[str]) -> list[str]:
    """What each card shows on screen: its number or symbol."""
    return [SYMBOLS.get(split(card)[1], split(card)[1]) for card in cards]


def assert_hands_as_held(app: PlayApp) -> None:
    """Your hand shows card by card; another hand shows only backs and its size."""
    state = app.session.state
    for seat in app.seats.others():
        lines = widget_text(app, f"#seat-{seat}").splitlines()
        size = state.sizes[seat]
        assert lines[1].split() == ["▒" * min(size, 10), str(size)]
        assert ("Last card!" in "".join(lines[2:])) == (size == 1)
    own = widget_text(app, "#own").split("Your cards", 1)[1].split()
    assert own == labels([c for c in app.session.view()["hand"]])
    assert len(own) == state.sizes[0]


def calls_when_it_can(app: PlayApp, rng: random.Random) -> int:
    texts = move_texts(app)
    calls = [i for i, t in enumerate(texts) if "calling Last Card!" in t]
    return rng.choice(calls or range(len(texts)))


def test_a_round_by_keys_shows_results_and_never_another_hand() -> None:
    app = app_for("lastcard", "--players", "3", "--seed", "5")
    text, told, moves = play_first_round(app, 4, assert_hands_as_held, calls_when_it_can)
    assert len(moves) > 3
    assert "Cards left in hand:" in text
    assert re.search(r"Bot \d played the (red|green|blue|yellow) ", told)
    assert re.search(r"Round 1 is over: (You|Bot \d) went out\.", told)
    assert not re.search(r"Bot \d drew:", told)


def test_a_missed_call_draws_the_penalty_and_says_why() -> None:
    state = LastCardState.from_deal(
        [["R7", "R8"], ["G1", "G2", "G3"]], ["R1"], ["B1", "B2", "B3", "B4"]
    )
    session = Session(state, 0, {1: RandomBot(1)}, ["You", "Bot 2"], order_seed=1)
    app = PlayApp(session, renderer_for("lastcard"), delay=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            texts = move_texts(app)
            assert "1 Play the red 7, without calling" in texts
            assert "2 Play the red 7, calling Last Card!" in texts
            await press(app, "1")
            await settle(app, pilot)
            told = narration(app)
            assert "You played the red 7. You drew 2 cards for not calling Last Card." in told
            assert re.search(r"You drew: blue [34], blue [34]\.", told)
            assert state.sizes[0] == 3

    asyncio.run(run())


def test_a_drawn_card_that_does_not_fit_is_kept_with_one_key() -> None:
    """Rule 3 asks after every draw; when the card does not fit, Keep is the one move."""
    state = LastCardState.from_deal([["B6", "G2"], ["R1", "R2"]], ["R5"], ["B1", "B9"])
    session = Session(state, 0, {1: RandomBot(1)}, ["You", "Bot 2"], order_seed=1)
    app = PlayApp(session, renderer_for("lastcard"), delay=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            assert "You drew the blue 9, which does not fit: keep it" in widget_text(app, "#prompt")
            assert "You drew: blue 9." in narration(app)  # the draw that opened the match
            assert move_texts(app) == ["k Keep the drawn card"]
            await press(app, "k")
            await settle(app, pilot)
            assert "You kept the drawn card." in narration(app)

    asyncio.run(run())


def test_round_one_begins_in_the_narration_like_every_round() -> None:
    session = Session.start("lastcard", 3, 0, ["random"], seed=3)
    app = PlayApp(session, renderer_for("lastcard"), delay=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert "Round 1 begins on the blue 0; first to play: You." in narration(app)

    asyncio.run(run())


def test_the_draw_a_plus_two_makes_is_no_penalty() -> None:
    """Drawing for a +2 played is ordinary play: the narration says why, not "penalty"."""
    state = LastCardState.from_deal(
        [["R+2", "R8", "G5"], ["G1", "B2", "Y3"]], ["R1"], ["B1", "B3", "B4", "B5", "B6"]
    )
    session = Session(state, 0, {1: RandomBot(1)}, ["You", "Bot 2"], order_seed=1)
    app = PlayApp(session, renderer_for("lastcard"), delay=0)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            plus_two = next(k for k, m in zip(app.keys, app.moves, strict=True) if "+2" in str(m))
            await press(app, plus_two or "")
            await settle(app, pilot)
            told = narration(app)
            assert "Bot 2 drew 2 cards for the +2/+4 played." in told
            assert "penalty" not in told

    asyncio.run(run())

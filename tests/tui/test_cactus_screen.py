"""Cactus in the terminal: looks that last until a key, timed quick-discard windows."""

import asyncio
import random
import re

from cardtable.engine.state import SYSTEM
from cardtable.games.cactus.cards import EMPTY, NAMES
from cardtable.tui.app import PlayApp
from cardtable.tui.render_cactus import face
from cardtable.tui.renderer import renderer_for
from cardtable.tui.screens import NoticeScreen
from cardtable.tui.session import Session

from .pilot import (
    SIZE,
    app_for,
    move_texts,
    narration,
    play_first_round,
    press,
    screen_text,
    settle,
    until,
    widget_text,
)


def assert_opponents_face_down(app: PlayApp) -> None:
    """Without the memory aid, every other player's card shows as ▒▒▒ (or dots if gone)."""
    state = app.session.state
    for seat in app.seats.others():
        shown = widget_text(app, f"#seat-{seat}").split()
        expected = ["···" if c == EMPTY else "▒▒▒" for c in state.cards[seat]]
        assert [cell for cell in shown if cell in ("▒▒▒", "···")] == expected
        assert not re.search(r"[♣♦♥♠]", "".join(shown))


def play_then_call(app: PlayApp, rng: random.Random) -> int:
    """Play at random for a while (never calling), then call Cactus when offered."""
    texts = move_texts(app)
    calls = [i for i, t in enumerate(texts) if "Call Cactus" in t]
    if calls and len(app.session.state.log) > 60:
        return calls[0]
    return rng.choice([i for i in range(len(texts)) if i not in calls])


def test_a_round_by_keys_shows_results_and_never_an_opponents_card() -> None:
    app = app_for("cactus", "--players", "3", "--seed", "11")
    text, told, phases = play_first_round(app, 2, assert_opponents_face_down, play_then_call)
    assert {"look", "turn", "quick_discard"} <= set(phases)
    assert re.search(r"(You|Bot \d) called Cactus\.", text)
    assert re.search(r"(You|Bot \d) called Cactus!", told)
    assert re.search(r"Bot \d discarded the (10|[2-9AJQK])[♣♦♥♠]", told)
    assert "Quick discard: any" in told


def test_a_look_shows_the_cards_until_a_key_is_pressed() -> None:
    app = app_for("cactus", "--seed", "4")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await settle(app, pilot) == "move"
            assert move_texts(app) == ["l Look at your slots 1 and 2"]
            await press(app, "l")
            assert await settle(app, pilot) == "notice"
            text = screen_text(app)
            own = app.session.state.cards[0]
            for slot in (0, 1):
                assert re.search(rf"Your slot {slot + 1}: +{face(NAMES[own[slot]])} ", text)
            await press(app, "x")
            await settle(app, pilot)
            assert not isinstance(app.screen, NoticeScreen)
            after = screen_text(app)
            assert "Your slot 1:" not in after
            numbers, own_row = widget_text(app, "#own").splitlines()[1:3]
            assert numbers.split() == ["1", "2", "3", "4"]  # as people count, like the keys
            assert own_row.split() == ["▒▒▒"] * 4

    asyncio.run(run())


def test_with_the_memory_aid_the_table_keeps_what_was_seen() -> None:
    app = app_for("cactus", "--seed", "4", "--option", "memory_aid=true")

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await press(app, "l")
            await settle(app, pilot)
            await press(app, "x")
            await settle(app, pilot)
            own = app.session.state.cards[0]
            own_row = widget_text(app, "#own").splitlines()[2].split()
            assert own_row == [face(NAMES[own[0]]), face(NAMES[own[1]]), "▒▒▒", "▒▒▒"]

    asyncio.run(run())


def test_a_window_left_to_run_out_is_closed_by_the_system_action() -> None:
    session = Session.start("cactus", 3, 0, ["random"], seed=8, window_seconds=1.0)
    app = PlayApp(session, renderer_for("cactus"), delay=0)
    rng = random.Random(1)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            while True:
                if await settle(app, pilot) == "notice":
                    await press(app, "space")
                elif session.view()["phase"] == "quick_discard":
                    break
                else:
                    texts = move_texts(app)
                    choice = rng.choice([i for i, t in enumerate(texts) if "Cactus" not in t])
                    await press(app, app.keys[choice] or "")
            log = session.state.log
            done = len(log)
            countdown = re.compile(r"or pass \(0\.\ds\)")
            await until(lambda: countdown.search(screen_text(app)) or len(log) > done)
            assert len(log) == done, "the window closed before the countdown showed"
            await until(lambda: len(log) > done, limit=5)
            seat, action = log[done]
            assert (seat, action.kind) == (SYSTEM, "close_window")
            told = narration(app)
            assert re.search(r"Quick discard: any \w+\?( Bot \d passed\.)* Time is up\.", told)

    asyncio.run(run())


def test_the_window_lasts_as_the_table_option_says() -> None:
    options = {"quick_discard_seconds": 5}
    assert Session.start("cactus", 2, 0, ["random"], seed=1, options=options).window_seconds == 5
    assert Session.start("cactus", 2, 0, ["random"], seed=1).window_seconds == 3
    assert Session.start("skyjo", 2, 0, ["random"], seed=1).window_seconds == 3

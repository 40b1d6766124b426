"""Helpers to drive the terminal app headlessly and read what its screen shows."""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import re
import time
from collections.abc import Callable

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import RichLog

from cardtable.cli import build_parser
from cardtable.tui.app import PlayApp
from cardtable.tui.command import build_app
from cardtable.tui.screens import NoticeScreen

SIZE = (80, 24)

#: Picks the index of the player's next move from the app's offered moves.
Chooser = Callable[[PlayApp, random.Random], int]


def play_args(*argv: str) -> argparse.Namespace:
    """Parse a ``cardtable play`` command line exactly as the program does."""
    return build_parser().parse_args(["play", *argv, "--delay", "0"])


def app_for(*argv: str) -> PlayApp:
    return build_app(play_args(*argv))


def screen_text(app: PlayApp) -> str:
    """The characters on the terminal now, modal screens and their background included."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, force_terminal=True
    )
    compositor = app.screen._compositor
    console.print(compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def widget_text(app: PlayApp, selector: str) -> str:
    """The part of the screen a widget covers."""
    region = app.query_one(selector).region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return "\n".join(line[region.x : region.right] for line in lines)


def assert_fits(app: PlayApp) -> None:
    """Everything is on the 80x24 screen and the table needs no scrolling."""
    screen = app.screen.region
    assert (screen.width, screen.height) == SIZE
    selectors = ["#status", "#centre", "#own", "#prompt", "#moves", "#scores", "#log"]
    selectors += [f"#seat-{seat}" for seat in app.seats.others()]
    for selector in selectors:
        region = app.query_one(selector).region
        assert region.area and screen.contains_region(region), selector
    assert app.query_one("#others-area").max_scroll_y == 0


def move_texts(app: PlayApp) -> list[str]:
    """The offered moves as the move list shows them (key, then description)."""
    return [str(option.prompt) for option in app.query_one("#moves").options]


def any_move(app: PlayApp, rng: random.Random) -> int:
    return rng.choice([index for index, key in enumerate(app.keys) if key is not None])


async def until(condition: Callable[[], bool], limit: float = 10.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the app did not get there in time")
        await asyncio.sleep(0.001)


async def settle(app: PlayApp, pilot: Pilot) -> str:
    """Wait until the app asks for a move or shows a notice; let the screen catch up."""
    await until(lambda: isinstance(app.screen, NoticeScreen) or app.awaiting)
    await pilot.pause()
    return "notice" if isinstance(app.screen, NoticeScreen) else "move"


async def press(app: PlayApp, key: str) -> None:
    """Press a key that closes the notice on screen or makes a move; wait until it has."""
    screen, log = app.screen, app.session.state.log
    done = len(log)
    app.simulate_key(key)
    await until(lambda: app.screen is not screen or len(log) > done)


async def play_until_notice(
    app: PlayApp,
    pilot: Pilot,
    rng: random.Random,
    title: str,
    at_move: Callable[[PlayApp], None] | None = None,
    choose: Chooser = any_move,
) -> str:
    """Make moves by key until a notice whose title contains ``title`` shows.

    ``at_move(app)`` runs at every move prompt (to check the screen). Notices with
    other titles are closed. Returns the screen's text with the notice on it.
    """
    for _ in range(2000):
        if await settle(app, pilot) == "notice":
            if title in app.screen.title_text:
                return screen_text(app)
            await press(app, "space")
        else:
            if at_move is not None:
                at_move(app)
            key = app.keys[choose(app, rng)]
            assert key is not None, "the chosen move has no key"
            await press(app, key)
    raise AssertionError(f"no notice {title!r} appeared")


def narration(app: PlayApp) -> str:
    """The narration log's text, its wrapped lines joined again."""
    return re.sub(r"\s+", " ", " ".join(line.text for line in app.query_one(RichLog).lines))


def play_first_round(
    app: PlayApp, seed: int, check: Callable[[PlayApp], None], choose: Chooser
) -> tuple[str, str, list[str]]:
    """Play the first round by keys; return the screen showing its results, the
    narration, and the phase of each of the player's moves.

    At every move the screen must fit and pass ``check``; at the end the results
    must list every player's round score and total as the match recorded them.
    """
    phases: list[str] = []

    def at_move(app: PlayApp) -> None:
        check(app)
        assert_fits(app)
        phases.append(app.session.view()["phase"])

    async def run() -> tuple[str, str]:
        async with app.run_test(size=SIZE) as pilot:
            text = await play_until_notice(
                app, pilot, random.Random(seed), "Round 1", at_move, choose
            )
            return text, narration(app)

    text, told = asyncio.run(run())
    state = app.session.state
    assert "Round 1 results" in text
    for seat, score in enumerate(state.round_scores[0]):
        assert re.search(rf"{app.seats.name(seat)} +{score} +{state.totals[seat]} ", text)
    return text, told, phases

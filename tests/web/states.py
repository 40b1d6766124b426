"""Real positions for the browser tests, reached by random play in the engine.

A defect that shows only in a rare position (a drawn card that is the second-to-last
card, a wrong quick-discard throw) is tested on a position the engine really reaches:
random legal moves from a fixed seed until the position is found, then the view and
legal moves of that instant are drawn by the page's own code (``render_position``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

import cardtable
from cardtable.engine.state import SYSTEM, State

MAX_SEEDS = 400


@dataclass
class Step:
    """One move of a random walk: the state after it, who moved and what it caused."""

    state: State
    seat: int
    events: list[dict[str, Any]]


def walk(
    game: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> Iterator[Step]:
    """Random legal moves from ``seed`` until the match is over."""
    state = cardtable.make(game, players, seed, options or {})
    rng = random.Random(seed)
    while not state.is_over:
        if state.to_act:
            seat = rng.choice(sorted(state.to_act))
            action = rng.choice(state.legal_actions(seat))
        else:
            seat, action = SYSTEM, state.system_actions()[0]
        events = [event.to_json() for event in state.apply(seat, action)]
        yield Step(state, seat, events)


def find(
    game: str, players: int, found: Callable[[Step], int | None], **options: Any
) -> tuple[Step, int]:
    """The first step of a walk for which ``found`` names a seat (the viewer), over seeds."""
    for seed in range(MAX_SEEDS):
        for step in walk(game, players, seed, options):
            seat = found(step)
            if seat is not None:
                return step, seat
    raise AssertionError(f"no {game} position found in {MAX_SEEDS} seeds")


def position(step: Step, seat: int) -> dict[str, Any]:
    """What the server would send ``seat`` at this step (its view, moves and events)."""
    state = step.state
    return {
        "view": state.view(seat),
        "legal": [action.to_json() for action in state.legal_actions(seat)],
        "events": [e for e in step.events if e.get("audience") in (None, [seat])],
        "you": seat,
    }


def render_position(page: Page, base_url: str, game: str, shown: dict[str, Any]) -> None:
    """Draw ``shown`` (see ``position``) with the table page's own code, in its layout."""
    page.goto(f"{base_url}/table.html")
    players = shown["view"]["players"]
    names = ["Ann" if p == shown["you"] else f"Bot {p + 1}" for p in range(players)]
    page.evaluate(
        """async ([game, shown, names]) => {
          const { gameModule } = await import('/js/games/index.js');
          const { TableView } = await import('/js/tableview.js');
          const part = (id) => document.getElementById(id);
          window.__sent = [];
          const tv = new TableView(await gameModule(game), (action) => window.__sent.push(action),
            { board: part('board'), status: part('status'), tip: part('tip'),
              sheet: part('sheet'), log: part('log') });
          tv.setTable(names, null);
          tv.update(shown);
          window.__tv = tv;
        }""",
        [game, shown, names],
    )

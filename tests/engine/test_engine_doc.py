"""docs/engine.md lists every view field and every event of each game: its tables are
read here and compared with what many random matches produce, both ways."""

import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.engine.events import Event
from cardtable.engine.state import SYSTEM, State
from cardtable.games.cactus.actions import CALL_CACTUS
from cardtable.games.cactus.state import CactusState

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
NAME = re.compile(r"`([^`]+)`")
#: Option sets that between them reach every phase, event and field of each game.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "skyjo": [{}, {"initial_reveals": 0, "clear_rows": True}],
    "cactus": [
        {},
        {"memory_aid": True, "black_king_swap_optional": True, "self_snap": True},
        {"snap_opponent": True, "wrong_throw_penalty": 2},
    ],
    "lastcard": [
        {"target_score": 60},
        {"target_score": 60, "voluntary_draw": True, "play_drawn": False, "missed_call_penalty": 1},
    ],
}
#: How many random matches per option set: enough for all but the rarest events.
MATCHES = {"skyjo": 30, "cactus": 100, "lastcard": 30}


def cactus_turn_skipped() -> tuple[State, list[Event]]:
    """After a call, a seat with no card left to replace and nothing to draw is skipped."""
    state = CactusState.from_deal(
        [["2c", "9d", "Jh", "5s"], [None, None]], [], ["Ks"], options={"rounds": 1}
    )
    return state, state.apply(0, CALL_CACTUS)


#: Explicit positions for events too rare for random matches to be sure to reach.
SCENARIOS = {"cactus": [cactus_turn_skipped]}


def table(title: str) -> list[list[str]]:
    """The rows of the table under the heading ``### {title}``, as lists of cells."""
    lines = DOC.read_text().splitlines()
    start = lines.index(f"### {title}")
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("| `"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    assert rows, f"docs/engine.md has no table under '### {title}'"
    return rows


def documented_view(title: str) -> set[str]:
    rows = table("Every view") + table(f"{title} view")
    return {NAME.findall(row[0])[0] for row in rows}


def documented_events(title: str) -> dict[str, tuple[set[str], str]]:
    """Each event type: its fields and its audience (as the doc writes it)."""
    return {
        NAME.findall(row[0])[0]: (set(NAME.findall(row[1])), row[2])
        for row in table(f"{title} events")
    }


def view_fields(view: dict[str, Any]) -> set[str]:
    """A view's fields, with ``a.b`` for the fields of a dict in ``a`` (options aside)."""
    fields = set(view)
    for key, value in view.items():
        if isinstance(value, dict) and key != "options":
            fields |= {f"{key}.{sub}" for sub in value}
    return fields


def audience_as_documented(event: Event, audience: str) -> bool:
    if audience == "everyone":
        return event.audience is None
    if audience == "`seat`":
        return event.audience == (event.data["seat"],)
    if audience == "the looker":
        return event.audience is not None and len(event.audience) == 1
    raise AssertionError(f"unknown audience {audience!r} in docs/engine.md")


def matches(game: str) -> Any:
    """Yield (state, events) after every step of random matches, the opening first,
    then after each scenario."""
    for scenario in SCENARIOS.get(game, []):
        yield scenario()
    for options in OPTIONS[game]:
        for seed in range(MATCHES[game]):
            spec = cardtable.get_game(game)
            players = spec.min_players + seed % (min(spec.max_players, 6) - spec.min_players + 1)
            state: State = cardtable.make(game, players, seed=seed, options=options)
            rng = random.Random(seed)
            yield state, list(state.opening)
            while not state.is_over:
                if state.system_actions() and rng.random() < 0.2:  # a window's time runs out
                    events = state.apply(SYSTEM, state.system_actions()[0])
                else:
                    seat = rng.choice(state.to_act)
                    events = state.apply(seat, rng.choice(state.legal_actions(seat)))
                yield state, events


@pytest.mark.parametrize("game", [spec.name for spec in cardtable.games()])
def test_the_documented_views_and_events_are_exactly_those_produced(game):
    title = cardtable.get_game(game).title
    view_doc = documented_view(title)
    events_doc = documented_events(title)
    seen_fields: set[str] = set()
    seen_events: dict[str, set[str]] = defaultdict(set)
    for state, events in matches(game):
        for seat in (*range(state.num_players), None):
            view = state.view(seat)
            assert set(view) <= view_doc, f"undocumented {title} view fields"
            seen_fields |= view_fields(view)
        for event in events:
            assert event.type in events_doc, f"undocumented {title} event {event.type!r}"
            fields, audience = events_doc[event.type]
            assert set(event.data) == fields, f"{title} event {event.type!r}"
            assert audience_as_documented(event, audience), f"{title} event {event.type!r}"
            seen_events[event.type] |= set(event.data)
    assert seen_fields == view_doc
    assert set(seen_events) == set(events_doc), "documented events never produced"

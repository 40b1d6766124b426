"""The coach, RL and terminal layers read every game's part from entry points.

Each test replaces the installed entry points by fake ones (as another package would
declare them) and checks that the layer takes the game's profile, revealer, encoder or
renderer from them, and from nowhere else; the last test reads the layers' sources for
game names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.bots.base import make_bot
from cardtable.coach import command
from cardtable.coach.analysis import (
    Analysis,
    CoachError,
    CoachProfile,
    Decision,
    label,
    profile,
)
from cardtable.coach.replay import REVEALED, Revealer, frames, revealed_view
from cardtable.engine import plugins, registry
from cardtable.engine.errors import CardtableError
from cardtable.engine.plugins import plugin_table, reload_plugins
from cardtable.rl.encoding import Encoding
from cardtable.rl.features import FeatureWriter
from cardtable.rl.observer import Observer
from cardtable.rl.options import observed_options
from cardtable.tui.render_skyjo import SkyjoRenderer
from cardtable.tui.renderer import RENDERER_GROUP, NoRendererError, renderer_for

PROFILE = CoachProfile("random", "random", "points", (1.0, 2.0, 3.0), 5)
REVEALER = Revealer(lambda view, state: view.update(revealed_by="the variant's revealer"))


class VariantRenderer(SkyjoRenderer):
    """A game's renderer with words of its own for a move's fields."""

    def field_words(self, name: str, value: Any) -> str | None:
        return f"the variant's {name} {value}" if name == "card" else None


RENDERER = VariantRenderer()


def _encode(w: FeatureWriter, view: Mapping[str, Any], players: int) -> None:
    w.one_hot("only", 3, 1)


ENCODING = Encoding(_encode, {"target_score": 50})
NOT_A_PROFILE = "a string"


@pytest.fixture
def declare(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, str, str], None]]:
    """Declare entries (group, game, object of this module) in place of the installed
    ones: a group with no declared entry is empty."""
    declared: dict[str, list[EntryPoint]] = {}

    def entries(group: str) -> list[EntryPoint]:
        return declared.get(group, [])

    def add(group: str, game: str, name: str) -> None:
        declared.setdefault(group, []).append(EntryPoint(game, f"{__name__}:{name}", group))
        monkeypatch.setattr(plugins, "entry_points", entries)
        reload_plugins()

    yield add
    reload_plugins()


def test_the_coach_takes_a_games_profile_from_its_entry(declare):
    declare("cardtable.coach_profiles", "variant", "PROFILE")
    assert profile("variant") is PROFILE
    assert label("variant", 2.5) == "mistake"
    with pytest.raises(CoachError, match="does not know 'skyjo'"):
        profile("skyjo")


def test_an_entry_that_is_no_profile_is_refused(declare):
    declare("cardtable.coach_profiles", "variant", "NOT_A_PROFILE")
    with pytest.raises(CardtableError, match="coach_profiles entry point variant is a str"):
        profile("variant")


def _finished_skyjo() -> cardtable.State:
    state = cardtable.make("skyjo", 2, seed=3)
    bot = make_bot("random", "skyjo", seed=3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bot.act(state, seat))
    return state


def test_a_revealed_replay_is_the_games_revealer_view(declare):
    state = _finished_skyjo()
    declare("cardtable.revealers", "skyjo", "REVEALER")
    assert revealed_view(state) == {**state.view(None), "revealed_by": "the variant's revealer"}
    views = [frame["view"] for frame in frames(state.record(), REVEALED)]
    assert all(view["revealed_by"] == "the variant's revealer" for view in views)


def test_a_game_with_no_revealer_replays_as_its_spectator_sees_it(declare):
    state = _finished_skyjo()
    declare("cardtable.revealers", "other", "REVEALER")
    assert revealed_view(state) == state.view(None)


def test_the_environments_take_a_games_encoding_from_its_entry(declare):
    declare("cardtable.rl_encoders", "skyjo", "ENCODING")
    observer = Observer("skyjo", 2)
    assert observer.blocks == [("only", 3)] and observer.size == 3
    assert observed_options("skyjo", None)["target_score"] == 50
    assert observed_options("skyjo", {"target_score": 80})["target_score"] == 80
    with pytest.raises(CardtableError, match="no observation encoder for game 'cactus'"):
        Observer("cactus", 2)


def test_the_terminal_takes_a_games_renderer_from_its_entry(declare):
    declare(RENDERER_GROUP, "variant", "RENDERER")
    assert renderer_for("variant") is RENDERER
    with pytest.raises(NoRendererError, match="skyjo cannot be played in the terminal"):
        renderer_for("skyjo")


def test_the_coach_table_words_a_move_as_the_games_renderer_does(declare):
    declare("cardtable.coach_profiles", "variant", "PROFILE")
    declare(RENDERER_GROUP, "variant", "RENDERER")
    played = {"type": "play", "card": "Q", "extra": 2}
    decision = Decision(0, 1, played, {"type": "pass"}, 1.5, 0.1, "inaccuracy")
    text = command.table(Analysis.of("variant", 0, [decision], 5, 1))
    assert "play, the variant's card Q, extra 2" in text


SOURCES = Path(cardtable.__file__).parent


def _allowed() -> set[Path]:
    """The per-game modules, which the game's entries name: its RL encoder and its
    terminal renderer."""
    games = [spec.name for spec in registry.games()]
    encoders = {SOURCES / "rl" / "encoders" / f"{game}.py" for game in games}
    renderers = {
        Path(__import__(type(r).__module__, fromlist=["_"]).__file__)
        for r in plugin_table(RENDERER_GROUP, object).values()
    }
    return encoders | renderers


def test_the_coach_rl_and_terminal_layers_name_no_game():
    games = [spec.name for spec in registry.games()]
    assert {"cactus", "skyjo", "lastcard"} <= set(games)
    named = re.compile("|".join(rf'"{game}"|\b{game}\.' for game in games))
    allowed = _allowed()
    assert len(allowed) == 2 * len(games)
    found = [
        f"{path.relative_to(SOURCES)}:{number}: {line.strip()}"
        for layer in ("coach", "rl", "tui")
        for path in sorted((SOURCES / layer).rglob("*.py"))
        if path not in allowed
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if named.search(line)
    ]
    assert not found, "game names in a game-agnostic layer:\n" + "\n".join(found)

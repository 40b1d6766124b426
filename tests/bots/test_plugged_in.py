"""The bots layer holds no per-game table: a game brings its levels, its learnt policy
and its declared bots through entry points, and a game in another package plugs in
the same way, with no edit of the bots layer."""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
from collections.abc import Callable, Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import cardtable
from cardtable import bots
from cardtable.bots import IsmctsBot, RandomBot, SlipBot, bot_choices, bot_names, make_bot
from cardtable.bots import base as bot_base
from cardtable.bots.base import BOT_GROUP, BotSpecError, DeclaredBot, reload_bots
from cardtable.bots.levels import LEVEL_GROUP, GameLevels, level_spec
from cardtable.bots.neural import POLICY_GROUP, ShippedPolicy, load_network, shipped_games
from cardtable.engine import plugins, registry
from cardtable.engine.errors import CardtableError
from cardtable.engine.plugins import reload_plugins
from cardtable.extras import MissingExtraError
from cardtable.games.skyjo import SPEC as SKYJO

#: A game declared by another package, with levels of its own.
VARIANT = dataclasses.replace(SKYJO, name="skyjo-variant", title="Skyjo variant")
VARIANT_LEVELS = GameLevels(
    slips={"easy": "rate=0.4,miss=0.6", "normal": "rate=0.05,miss=0.1"},
    expert="ismcts:iterations=7",
)
VARIANT_POLICY = ShippedPolicy("cardtable.bots")
#: The games whose policies this package ships.
SHIPPED = ["lastcard", "skyjo"]

#: Bots another package declares.
SKYJO_ONLY = DeclaredBot(RandomBot, game="skyjo")
NOT_A_BOT = Path("not a bot")

Declare = Callable[..., None]


def _adding(real: Callable[..., object], group: str, points: list[EntryPoint]) -> object:
    def entry_points(group: str = group) -> object:
        return [*real(group=group), *(p for p in points if p.group == group)]

    return entry_points


@pytest.fixture
def variant() -> Iterator[str]:
    """The variant, registered as its package's entry point would register it."""
    registry.register(VARIANT)
    yield VARIANT.name
    registry._GAMES.pop(VARIANT.name, None)


@pytest.fixture
def declared_plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[Declare]:
    """Add ``game=attribute`` entries to an installed group read by the plug-in loader."""

    def declare(group: str, **entries: str) -> None:
        points = [EntryPoint(n, f"{__name__}:{a}", group) for n, a in entries.items()]
        real = plugins.entry_points
        monkeypatch.setattr(plugins, "entry_points", _adding(real, group, points))
        reload_plugins()

    yield declare
    monkeypatch.undo()
    reload_plugins()


@pytest.fixture
def declared_bots(monkeypatch: pytest.MonkeyPatch) -> Iterator[Declare]:
    """Add ``bot=module:attribute`` entries to the installed ``cardtable.bots``."""

    def declare(**entries: str) -> None:
        points = [EntryPoint(name, value, BOT_GROUP) for name, value in entries.items()]
        real = bot_base.entry_points
        monkeypatch.setattr(bot_base, "entry_points", _adding(real, BOT_GROUP, points))
        reload_bots()

    yield declare
    monkeypatch.undo()
    reload_bots()


def test_a_game_without_a_levels_entry_offers_no_levels(variant: str) -> None:
    assert bot_choices(variant) == []
    assert not {"easy", "normal", "hard", "expert"} & set(bot_names(variant))


def test_a_game_gets_its_levels_from_its_own_entry(variant: str, declared_plugins) -> None:
    declared_plugins(LEVEL_GROUP, **{variant: "VARIANT_LEVELS"})
    assert [(c.spec, c.plays_as) for c in bot_choices(variant)] == [
        ("easy", "slip:base=heuristic,rate=0.4,miss=0.6"),
        ("normal", "slip:base=heuristic,rate=0.05,miss=0.1"),
        ("hard", "heuristic"),
        ("expert", "ismcts:iterations=7"),
    ]
    assert {"easy", "normal", "hard", "expert"} <= set(bot_names(variant))
    expert = make_bot("expert", variant, seed=1)
    assert isinstance(expert, IsmctsBot) and expert.iterations == 7
    easy = make_bot("easy", variant, seed=1)
    assert isinstance(easy, SlipBot) and (easy.rate, easy.miss) == (0.4, 0.6)
    # The installed games keep their own.
    assert level_spec("easy", "skyjo") == "slip:base=heuristic,rate=0.3,miss=0.5"


def test_a_game_gets_the_neural_bot_from_its_policy_entry(variant: str, declared_plugins) -> None:
    assert "neural" not in bot_names(variant)
    declared_plugins(POLICY_GROUP, **{variant: "VARIANT_POLICY"})
    assert "neural" in bot_names(variant)
    assert shipped_games() == sorted([*SHIPPED, variant])
    # The package it names holds no weights file of its name: no network, no failure.
    assert load_network(variant, 2) is None


def test_a_declared_bot_plays_only_its_game(declared_bots) -> None:
    declared_bots(**{"skyjo-only": f"{__name__}:SKYJO_ONLY"})
    assert "skyjo-only" in bot_names("skyjo")
    assert "skyjo-only" not in bot_names("cactus")
    assert type(make_bot("skyjo-only", "skyjo", seed=2)) is RandomBot
    with pytest.raises(BotSpecError, match="unknown bot 'skyjo-only' for cactus"):
        make_bot("skyjo-only", "cactus")


def test_a_declared_entry_that_is_no_bot_is_refused_with_its_name(declared_bots) -> None:
    declared_bots(wrong=f"{__name__}:NOT_A_BOT")
    message = (
        r"the cardtable.bots entry point wrong = .*NOT_A_BOT is a PosixPath, not a DeclaredBot"
    )
    with pytest.raises(CardtableError, match=message):
        make_bot("random", "skyjo")


def test_a_declared_bot_whose_library_is_missing_names_its_extra_and_is_tried_again(
    declared_bots, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "cardtable_test_adapter.py"
    module.write_text(
        "from cardtable.extras import require\n"
        "require('cardtable_no_such_library', 'nosuch', 'the adapter bot')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, module.stem, raising=False)
    declared_bots(adapter=f"{module.stem}:BOT")
    assert "adapter" in bot_names("cactus")
    with pytest.raises(MissingExtraError, match=r"optional extra \[nosuch\]"):
        make_bot("adapter", "cactus")
    assert type(make_bot("random", "cactus")) is RandomBot  # the other bots still play
    # Once the library is there, the same entry loads.
    module.write_text(
        "from cardtable.bots import DeclaredBot, RandomBot\n"
        "BOT = DeclaredBot(RandomBot)  # with its library installed\n"
    )
    importlib.invalidate_caches()
    assert type(make_bot("adapter", "cactus")) is RandomBot
    monkeypatch.delitem(sys.modules, module.stem, raising=False)


def test_the_bots_layer_names_no_game() -> None:
    """Nothing in ``cardtable.bots`` names a game (as ``"skyjo"`` or ``skyjo.``): each
    game's settings of the layer are its own entries."""
    names = "|".join(re.escape(g.name) for g in cardtable.games())
    pattern = re.compile(rf'"(?:{names})"|\b(?:{names})\.')
    root = Path(bots.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
        for number, line in enumerate(path.read_bytes().decode("latin-1").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []

"""A game in a package of its own, played through every layer.

High Card (``tests/plugin_game``) is a distribution of its own, ``cardtable-highcard``,
which declares its game, bot levels, RL encoding and browser part in its own
``pyproject.toml`` and registers its heuristic bot on loading. The ``installed`` fixture
installs it with pip into a folder that only this module's tests put on the path (and
on the server's ``PYTHONPATH``); other tests never see it. The tests then play it
through the engine, ``cardtable simulate``, the bot levels, ``cardtable ladder``, the
RL environment, the server over HTTP and the WebSocket, and the browser. Nothing under
``src/`` names the game (the first test), so a layer that kept a table of games would
fail here.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
from pettingzoo.test import api_test
from playwright.sync_api import Page, sync_playwright

import cardtable
from cardtable import cli
from cardtable.bots import base as bot_registry
from cardtable.bots.base import default_bot, make_bot, reload_bots
from cardtable.bots.levels import LEVELS, bot_choices
from cardtable.engine import registry
from cardtable.engine.plugins import reload_plugins
from cardtable.rl.aec import CardtableAECEnv
from cardtable.server.webfiles import WebPartError, part_files
from cardtable.web_parts import WebPart
from tests.engine import test_contract as contract
from tests.server.support import Server, create_table, god_state, play_randomly, seat_clients
from tests.web import test_catalogues as catalogues
from tests.web import visual
from tests.web.support import DESKTOP, TablePage, create_in_lobby, launch, new_page
from tests.web.test_visual import FINITE_ANIMATIONS_DONE

GAME = "highcard"
PACKAGE = Path(__file__).resolve().parent / "plugin_game"
WEB_PART = PACKAGE / GAME / "web"
SRC = Path(cardtable.__file__).resolve().parent
#: The kinds of file of the package that could name a game.
TEXT_FILES = {".py", ".js", ".json", ".md", ".html", ".css", ".c", ".h"}
#: One round per match, so that the server and browser tests stay short.
ONE_ROUND = {"rounds": 1}


def _forget_loaded_games() -> None:
    """Have the registry and the plug-in groups read the installed entry points anew."""
    registry._load.cache_clear()
    reload_plugins()
    reload_bots()


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """High Card installed by pip (from a copy, so that no build files land in the
    checkout) into a folder put on ``sys.path`` for this module alone; afterwards the
    folder, its modules and its game are gone again."""
    root = tmp_path_factory.mktemp(GAME)
    source = shutil.copytree(PACKAGE, root / "source")
    target = root / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps"]
    done = subprocess.run(
        [*pip, "--no-build-isolation", "--target", str(target), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"pip could not install {PACKAGE}:\n{done.stderr}"
    sys.path.insert(0, str(target))
    importlib.invalidate_caches()
    _forget_loaded_games()
    try:
        yield target
    finally:
        sys.path.remove(str(target))
        for name in [m for m in sys.modules if m == GAME or m.startswith(f"{GAME}.")]:
            del sys.modules[name]
        registry._GAMES.pop(GAME, None)
        for key in [key for key in bot_registry._BOTS if key[1] == GAME]:
            del bot_registry._BOTS[key]
        _forget_loaded_games()
        assert GAME not in {spec.name for spec in cardtable.games()}


def test_nothing_under_src_names_the_game() -> None:
    """Every layer finds the game by its entry points: no file of cardtable names it."""
    sources = [p for p in SRC.rglob("*") if p.suffix in TEXT_FILES]
    assert len(sources) > 100
    named = [path.relative_to(SRC).as_posix() for path in sources if GAME in path.read_text()]
    assert named == []
    assert GAME not in (SRC.parents[1] / "pyproject.toml").read_text()
    assert GAME not in {spec.name for spec in cardtable.games()}


def _part_catalogue(language: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads((WEB_PART / "i18n" / f"{language}.json").read_text())
    return messages


def test_its_texts_are_in_every_language_and_cover_its_module() -> None:
    """What the client's catalogue tests check of its own texts, for the game's: every
    language has the same keys and placeholders, and every key the module names exists
    (in the game's texts or the client's)."""
    english = _part_catalogue("en")
    for language in catalogues.LANGUAGES:
        theirs = _part_catalogue(language)
        assert sorted(theirs) == sorted(english), language
        for key, text in theirs.items():
            assert catalogues.placeholders(text) == catalogues.placeholders(english[key])
        rules = WEB_PART / "rules" / ("" if language == "en" else language) / f"{GAME}.md"
        assert rules.is_file(), language
    keys = set(english) | set(catalogues.catalogue("en"))
    module = (WEB_PART / "js" / "games" / f"{GAME}.js").read_text()
    assert sorted(set(catalogues.LITERAL.findall(module)) - keys) == []
    templates = catalogues.TEMPLATE.findall(module)
    assert templates == ["highcard.log.${event.type}"]
    assert {f"highcard.log.{kind}" for kind in ("round_start", "play", "trick")} <= keys


def test_the_engine_plays_it_by_the_contract(installed: Path) -> None:
    spec = cardtable.get_game(GAME)
    assert (spec.title, spec.min_players, spec.max_players) == ("High Card", 2, 2)
    contract.test_player_count_out_of_range(GAME)
    contract.test_unknown_and_mistyped_options_are_errors(GAME)
    contract.test_malformed_action_json_is_named(GAME)
    for seat in (2, -1, True, "0", None):
        contract.test_a_seat_that_does_not_exist_is_named_for_views_and_determinizations(GAME, seat)
    contract.test_bad_match_records_and_seeds_are_named(GAME)
    contract.test_mid_match_json_round_trip_continues_identically(GAME)
    contract.test_unseeded_match_records_its_seed(GAME)
    contract.test_a_clone_goes_on_as_its_original_and_a_seeded_clone_as_its_seed(GAME)
    state = cardtable.make(GAME, 2, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        assert [spec.action_from_index(spec.action_index(a)) for a in legal] == legal
        events = state.apply(seat, {"type": "play", "card": rng.choice(legal).card})
        for event in events:
            if event.type == "round_end":  # names its winners: the highest score wins
                scores = event.data["scores"]
                assert event.data["winners"] == [s for s in (0, 1) if scores[s] == max(scores)]
    assert sum(state.totals) == 3 * 3 and len(state.round_scores) == 3
    assert state.winners == [s for s in (0, 1) if state.totals[s] == max(state.totals)]
    assert cardtable.replay(json.loads(json.dumps(state.record()))).to_json() == state.to_json()


def test_a_view_shows_its_seat_its_own_hand_alone(installed: Path) -> None:
    state = cardtable.make(GAME, 2, seed=5)
    deals = {event.data["seat"]: event for event in state.opening if event.type == "deal"}
    for seat in (0, 1):
        assert deals[seat].audience == (seat,)
        assert state.view(seat)["hand"] == deals[seat].data["cards"]
    assert state.view(None)["hand"] is None and state.view(None)["hand_sizes"] == [3, 3]
    # Re-deal what seat 0 cannot know: its view stays the same while the other hand varies.
    worlds = [state.determinize(0, random.Random(seed)) for seed in range(20)]
    assert all(world.view(0) == state.view(0) for world in worlds)
    assert len({tuple(world.view(1)["hand"]) for world in worlds}) > 1


def _run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert cli.main(list(argv)) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_simulate_plays_it_between_its_bots(
    installed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = _run_cli(
        capsys, "simulate", GAME, "--games", "40", "--bots", "random,heuristic", "--json"
    )
    assert found["matches"] == 40 and found["actions"] == 40 * 3 * 6
    assert found["wins"][1] > found["wins"][0]  # the heuristic beats random play


def test_its_bot_levels_come_from_its_package(installed: Path) -> None:
    assert default_bot(GAME) == ("heuristic", None)
    choices = {choice.spec: choice.plays_as for choice in bot_choices(GAME)}
    assert choices == {
        "easy": "slip:base=heuristic,rate=0.4,miss=0.5",
        "normal": "slip:base=heuristic,rate=0.15,miss=0.2",
        "hard": "heuristic",
        "expert": "ismcts:iterations=60",
    }
    for level in LEVELS:
        state = cardtable.make(GAME, 2, seed=7, options=ONE_ROUND)
        bots = [make_bot(level, GAME, seed=1), make_bot("random", GAME, seed=2)]
        while not state.is_over:
            (seat,) = state.to_act
            action = bots[seat].act(state, seat)
            assert action in state.legal_actions(seat), level
            state.apply(seat, action)


def test_the_ladder_rates_its_bots(installed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = _run_cli(capsys, "ladder", GAME, "--bots", "random,hard", "--games", "40", "--json")
    assert found["game"] == GAME and found["matches"] >= 40
    assert [row["bot"] for row in found["bots"]] == ["hard", "random"]


def test_the_rl_environment_plays_it_through(installed: Path) -> None:
    env = CardtableAECEnv(GAME, scope="match")
    env.reset(seed=4)
    rng = random.Random(4)
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert env.observation_space(agent).contains(observation)
        seat = env.possible_agents.index(agent)
        legal = env.game_state.legal_actions(seat)
        allowed = np.flatnonzero(observation["action_mask"]).tolist()
        assert allowed == sorted(cardtable.get_game(GAME).action_index(a) for a in legal)
        env.step(rng.choice(allowed))
        steps += 1
    assert steps == 3 * 6 and env.game_state.is_over
    api_test(CardtableAECEnv(GAME), num_cycles=40)


# ------------------------------------------------------------------- server and browser


@pytest.fixture(scope="module")
def server(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``cardtable serve`` with High Card on its ``PYTHONPATH``, bots without delay."""
    db = tmp_path_factory.mktemp("highcard-server") / "cardtable.db"
    paths = [str(installed), *filter(None, [os.environ.get("PYTHONPATH")])]
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYTHONPATH", os.pathsep.join(paths))
        running = Server(db, "--bot-workers", "0", "--bot-delay", "0").start()
    try:
        yield running
    finally:
        running.stop()


def test_the_server_lists_it_and_serves_its_web_part(server: Server) -> None:
    games = {g["name"]: g for g in httpx.get(f"{server.url}/api/games", timeout=5).json()}
    assert games[GAME]["title"] == "High Card"
    assert [level["spec"] for level in games[GAME]["levels"]] == list(LEVELS)
    served = {}
    for name in ("js/games/highcard.js", "rules/highcard.md", "rules/fr/highcard.md"):
        response = httpx.get(f"{server.url}/{name}", timeout=5)
        assert response.status_code == 200 and response.content == (WEB_PART / name).read_bytes()
        served[name] = response.content
    ours = json.loads((WEB_PART / "i18n" / "de.json").read_text())
    own = json.loads((SRC / "web" / "i18n" / "de.json").read_text())
    response = httpx.get(f"{server.url}/i18n/de.json", timeout=5)
    assert response.json() == {**own, **ours}
    served["i18n/de.json"] = response.content
    # The service worker keeps them in its version, with the hashes of what is served.
    worker = httpx.get(f"{server.url}/sw.js", timeout=5).text
    build = json.loads(re.search(r"const BUILD = (\{.*\});", worker).group(1))  # type: ignore[union-attr]
    for name, content in served.items():
        assert build["files"][name] == hashlib.sha256(content).hexdigest(), name
    assert build["files"]["js/games/skyjo.js"]


def test_a_person_plays_it_against_a_bot_over_the_websocket(server: Server) -> None:
    code = create_table(server, GAME, ["human", "hard"], options=ONE_ROUND, bot_delay=0)["code"]

    async def scenario() -> dict[str, Any]:
        (client,) = await seat_clients(server, code, [0])
        await client.send({"type": "start"})
        await client.expect("state")
        result = await play_randomly(client, GAME, random.Random(3))
        await client.close()
        return result

    with ThreadPoolExecutor(1) as thread:
        result = thread.submit(asyncio.run, scenario()).result()
    final = god_state(server.db, code)
    assert final.is_over and sum(final.totals) == 3
    assert result["totals"] == final.totals and result["winners"] == final.winners


#: What the page may say in the status line while High Card is played (the English
#: texts of the game's catalogue and the table's own).
STATUS = re.compile(r"Lead a card to the trick\.|Play a card: beat .*|.* is playing.*|.*over.*")


def _settled_problems(page: Page, screen: str) -> list[str]:
    """What the visual checks find on ``screen`` once what moves has stopped moving
    (a card's flight, the winner's celebration)."""
    page.wait_for_timeout(250)
    page.wait_for_function(FINITE_ANIMATIONS_DONE)
    return visual.check(page, visual.SCREENS[screen])


@pytest.mark.slow
def test_a_person_plays_it_in_the_browser(server: Server) -> None:
    # Playwright's sync API runs its own event loop in its thread, and other browser
    # tests may hold one open in this thread: play in a thread of its own.
    with ThreadPoolExecutor(1) as thread:
        crashes = thread.submit(_play_in_the_browser, server).result()
    assert crashes == []


def _play_in_the_browser(server: Server) -> list[str]:
    """Ann creates a High Card table in the lobby, plays it to its end against the
    ``hard`` bot, and reads its rules; returns the page's script errors."""
    crashes: list[str] = []
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            page = new_page(chromium, DESKTOP, crashes, None)
            page.goto(f"{server.url}/")
            card = page.locator(".game-card", has_text="High Card")
            card.wait_for()
            assert "the higher card takes the trick" in card.inner_text()
            code = create_in_lobby(page, server.url, GAME, ["human", "hard"], ONE_ROUND)
            page.click("[data-open-table]")
            table = TablePage(page, server.url)
            table.seated_as("Ann")
            table.start()
            page.wait_for_selector("#board .player.mine .card")
            assert _settled_problems(page, "table") == []

            def check(snap: dict[str, Any]) -> None:
                view = snap["state"]["view"]
                hand = f"H{view['you']}:"
                mine = sorted(v for k, v in snap["cards"].items() if k.startswith(hand))
                assert mine == sorted(f"High Card {card}" for card in view["hand"])
                assert STATUS.fullmatch(snap["status"]), snap["status"]

            table.play_until("[data-round-result]", random.Random(5), 60, check)
            page.wait_for_selector(".match-result")  # the match's end, after its round's
            assert page.locator(".match-result").count() == 1
            final = god_state(server.db, code)
            assert table.round_scores() == final.round_scores[0]
            page.keyboard.press("Escape")
            assert _settled_problems(page, "match-end") == []
            # Its guide and its full rules page, from its package, in the page's language.
            page.goto(f"{server.url}/rules.html?game={GAME}")
            page.get_by_text("the higher card takes each trick").wait_for()
            page.goto(f"{server.url}/rules.html?game={GAME}&full=1")
            page.get_by_text("The higher card takes the trick, and its player leads").wait_for()
        finally:
            chromium.close()
    return crashes


def _web_dir(root: Path, files: dict[str, str]) -> Path:
    """A client's web folder holding ``files`` and an empty catalogue per language."""
    for language in catalogues.LANGUAGES:
        files = {f"i18n/{language}.json": "{}", **files}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_a_web_part_adds_files_and_texts_but_replaces_none(installed: Path, tmp_path: Path) -> None:
    parts = {GAME: WebPart(GAME)}
    added = part_files(_web_dir(tmp_path / "plain", {"i18n/en.json": '{"a": "b"}'}), parts)
    assert json.loads(added["i18n/en.json"]) == {"a": "b", **_part_catalogue("en")}
    assert added["js/games/highcard.js"] == (WEB_PART / "js/games/highcard.js").read_bytes()
    clash = _web_dir(tmp_path / "clash", {"i18n/fr.json": '{"highcard.trick": "x"}'})
    with pytest.raises(WebPartError, match=r"highcard redefines i18n/fr\.json: highcard\.trick"):
        part_files(clash, parts)
    taken = _web_dir(tmp_path / "taken", {"rules/highcard.md": "# Another"})
    with pytest.raises(WebPartError, match=r"highcard would replace rules/highcard\.md"):
        part_files(taken, parts)
    (tmp_path / "plain" / "i18n" / "es.json").unlink()
    with pytest.raises(WebPartError, match=r"texts for i18n/es\.json, which the client lacks"):
        part_files(tmp_path / "plain", parts)

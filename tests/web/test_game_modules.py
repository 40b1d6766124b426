"""Each game's browser part is one module, web/js/games/<name>.js, found by the game's
name: the shared modules hold no table of games (no game's name as a key, a literal or
a catalogue prefix), and no list of games is kept anywhere (not even games/index.js),
so a new game's browser part is that one file."""

import re
from pathlib import Path

import pytest

from cardtable.engine.registry import games

JS = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "js"
#: The modules every game shares: the site's own and the deck chooser, and the loader.
SHARED = [*sorted(JS.glob("*.js")), JS / "art" / "deck.js", JS / "games" / "index.js"]
#: What each game's module gives the shared ones (games/index.js says what each is).
PARTS = ("title", "render", "status", "moves", "describe", "roundDetails")
PARTS += ("cardFace", "picture", "guide", "tips", "presets", "actions")
NAMES = sorted(spec.name for spec in games())


def code_of(path: Path) -> str:
    """A module without its comments: prose may name a game as an example."""
    source = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.DOTALL)
    return re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", source)


def game_mentions(code: str, name: str) -> list[str]:
    """Where `code` names game `name`: as an object key, a string or a catalogue prefix."""
    key = rf"(?<![\w.$/-]){name}\s*:"
    literal = rf"[\"'`]{name}[\"'`.]"
    return [match.group(0).strip() for match in re.finditer(f"{key}|{literal}", code)]


def test_the_mention_finder_finds_a_table_keyed_by_game() -> None:
    table = 'const PICTURES = {\n  skyjo: () => [],\n};\nif (game === "cactus") t("lastcard.kind");'
    assert game_mentions(table, "skyjo") == ["skyjo:"]
    assert game_mentions(table, "cactus") == ['"cactus"']
    assert game_mentions(table, "lastcard") == ['"lastcard.']
    assert game_mentions('"call_cactus", games/cactus.js', "cactus") == []


@pytest.mark.parametrize("path", SHARED, ids=lambda path: path.relative_to(JS).as_posix())
def test_a_shared_module_names_no_game(path: Path) -> None:
    code = code_of(path)
    found = {name: game_mentions(code, name) for name in NAMES}
    assert {name: where for name, where in found.items() if where} == {}


@pytest.mark.parametrize("name", NAMES)
def test_each_game_has_its_module_with_every_part(name: str) -> None:
    module = JS / "games" / f"{name}.js"
    assert module.exists(), f"no browser module for {name}"
    declared = r"(?m)^export (?:const|function|async function) (\w+)"
    exported = set(re.findall(declared, module.read_text()))
    assert sorted(set(PARTS) - exported) == []


def test_the_games_are_found_by_name_not_listed() -> None:
    loader = code_of(JS / "games" / "index.js")
    assert "import(`./${name}.js`)" in loader
    assert not re.search(r"(?m)^import ", loader), "the loader imports game modules by name"


LOAD = """async (names) => {
  const { gameModule } = await import('/js/games/index.js');
  const loaded = await Promise.all(names.map(gameModule));
  const refused = await gameModule('../api').then(() => false, () => true);
  return {
    names: loaded.map((game) => game.name),
    titles: loaded.map((game) => game.title),
    once: (await gameModule(names[0])) === loaded[0],
    refused,
  };
}"""


def test_the_loader_gives_each_game_by_its_name_and_refuses_any_other_address(
    web_server, open_page
) -> None:
    page = open_page()
    page.goto(f"{web_server.url}/")
    found = page.evaluate(LOAD, NAMES)
    titles = {spec.name: spec.title for spec in games()}
    assert found == {
        "names": NAMES,
        "titles": [titles[name] for name in NAMES],
        "once": True,
        "refused": True,
    }

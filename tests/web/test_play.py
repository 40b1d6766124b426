"""A person plays each game in the browser, clicking only the moves the page offers.

Before every click the test compares the page with the server's last message to that
seat, read at the same instant: the moves offered must be legal (and, where each move
is a plain click, all legal moves must be offered), and the cards drawn must be the
ones the view holds.
"""

import random

import pytest

from cardtable.engine.registry import games
from tests.server.support import god_state, short_options

from .support import DESKTOP, PHONE, TablePage, create_in_lobby, unnamed_controls

pytestmark = pytest.mark.slow

FRENCH_RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
FRENCH_SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
LASTCARD_COLORS = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}
LASTCARD_KINDS = {"skip": "Skip", "reverse": "Reverse", "+2": "+2"}


def french_name(card):
    return f"{FRENCH_RANKS.get(card[:-1], card[:-1])} of {FRENCH_SUITS[card[-1]]}"


def lastcard_name(card):
    if card in ("wild", "+4"):
        return {"wild": "Wild", "+4": "+4 Wild"}[card]
    return f"{LASTCARD_COLORS[card[0]]} {LASTCARD_KINDS.get(card[1:], card[1:])}"


def as_set(actions):
    return {tuple(sorted(a.items())) for a in actions}


def skyjo_cards(snap):
    """Every layout place shows exactly what the view says."""
    for seat, layout in enumerate(snap["state"]["view"]["layouts"]):
        for pos, value in enumerate(layout):
            expected = {"empty": "empty", "hidden": "face-down card"}.get(value, f"Skyjo {value}")
            assert snap["cards"][f"L{seat}:{pos}"] == expected


def cactus_cards(snap):
    """A card the seat is shown appears face up; a window shows its countdown."""
    state = snap["state"]
    for event in state["events"]:
        if event["type"] == "see":
            assert snap["cards"][f"L{event['seat']}:{event['slot']}"] == french_name(event["card"])
    window = state["view"]["window"]
    if window and state["view"]["you"] in window["waiting"] and snap["offered"]:
        assert snap["timers"] == 1


def lastcard_cards(snap):
    """The hand and the top of the discard pile are the view's; the call is on offer."""
    view, legal = snap["state"]["view"], snap["state"]["legal"]
    hand = sorted(label for key, label in snap["cards"].items() if key.startswith("H:"))
    assert hand == sorted(lastcard_name(card) for card in view["hand"])
    assert snap["cards"]["discard"] == lastcard_name(view["top"])
    if snap["offered"] and any(a.get("call") for a in legal):
        assert snap["toggle"] is False  # the "Last Card!" button is enabled


#: Per game: the bot to play against, whether every legal move is a plain click (Last
#: Card offers wild cards through a colour chooser and the call through a toggle), the
#: check of the cards, and the moves to leave alone for the first clicks (so a Cactus
#: round lasts long enough to see effects and quick discards).
SETUPS = {
    "skyjo": ("heuristic", True, skyjo_cards, ""),
    "cactus": ("heuristic", True, cactus_cards, "[data-action*='call_cactus']"),
    "lastcard": ("random", False, lastcard_cards, ""),
}


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_a_person_plays_a_round_against_a_bot(web_server, open_page, game):
    play_a_round(web_server, open_page, open_page(DESKTOP), game)


@pytest.mark.parametrize("game", ["cactus", "lastcard"])
def test_a_round_can_be_played_on_a_phone_sized_screen(web_server, open_page, game):
    play_a_round(web_server, open_page, open_page(PHONE), game)


def assert_celebrated_once(web_server, open_page, page, code):
    """The result is celebrated (animated) when the match ends, and not again when the
    screen is drawn anew, here for a spectator arriving."""
    assert page.locator(".match-result.celebrate").count() == 1
    page.evaluate("document.querySelector('.match-result').dataset.first = ''")
    TablePage(open_page(DESKTOP), web_server.url).open(code, watch=True)
    redrawn = page.wait_for_function(
        """() => {
          const result = document.querySelector('.match-result');
          const redrawn = result && !('first' in result.dataset);
          if (window.__ct.table?.spectators !== 1 || !redrawn) return null;
          return { moving: result.getAnimations().filter((a) => a.playState === 'running').length };
        }"""
    ).json_value()
    assert redrawn == {"moving": 0}
    assert page.locator(".match-result.celebrate").count() == 0


def play_a_round(web_server, open_page, page, game):
    """Create a table in the lobby, play its first round and ask for a rematch."""
    bot, every_move_clickable, cards_match, hold_back = SETUPS[game]
    code = create_in_lobby(page, web_server.url, game, ["human", bot], short_options(game))
    page.click("[data-open-table]")
    table = TablePage(page, web_server.url)
    table.seated_as("Ann")
    table.start()

    def check(snap):
        legal, offered = as_set(snap["state"]["legal"]), as_set(snap["offered"])
        assert offered <= legal, "the page offers a move the server does not allow"
        if every_move_clickable and offered:
            assert offered == legal, "a legal move is missing from the page"
        cards_match(snap)

    clicks = table.play_until(
        "[data-round-result]",
        random.Random(game),
        120,
        check,
        avoid=lambda clicks: hold_back if clicks < 30 else "",
    )
    assert clicks > 0
    # A move that arrives after a quick-discard window closed is the only refusal possible.
    late = [e for e in table.errors() if e["error"] == "stale" or "too late" in e["message"]]
    assert late == table.errors()
    final = god_state(web_server.db, code)
    assert table.round_scores() == final.round_scores[0]
    assert page.locator(".match-result").count() == 1
    # The round's result opens over the match end: close it as a person would, and a
    # spectator arriving (a redraw) neither opens it again nor replays the celebration.
    result = page.locator("dialog[open]:has([data-round-result])")
    result.locator("button.close").click()
    result.wait_for(state="detached")
    assert_celebrated_once(web_server, open_page, page, code)
    assert result.count() == 0
    # The match end screen: a ranking by place with each total, the rounds and their
    # chart, the way on, and the record as a link rather than the main action.
    end = page.locator(".match-end")
    places = end.locator("ol.ranking li").evaluate_all(
        "items => items.map(li =>"
        " [Number(li.dataset.place), li.querySelector('.rank-total').textContent])"
    )
    assert sorted(int(total) for _, total in places) == sorted(final.totals)
    assert places[0][0] == 1 and [p for p, _ in places] == sorted(p for p, _ in places)
    assert end.locator("svg.totals-chart polyline").count() == 2
    assert end.locator("[data-lobby]").get_attribute("href") == "./"
    assert end.locator(".record-link a").get_attribute("href").endswith(f"{code}/matches/1")
    assert unnamed_controls(page) == []
    page.click("[data-rematch]")  # the only person asks: the next match starts at once
    page.wait_for_function("window.__ct.last.match === 2")
    assert page.locator("#sheet table.scores tfoot td").all_text_contents() == ["Total", "0", "0"]

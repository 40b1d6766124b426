"""The lobby: each game's rules and options, creating a public table, the open tables."""

import httpx
import pytest

from cardtable.engine.registry import games
from cardtable.server.lobby import grouped_code

from .support import create_in_lobby, open_custom


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.name)
def test_each_game_shows_its_rules_and_every_option(web_server, open_page, spec):
    page = open_page()
    page.goto(f"{web_server.url}/")
    open_custom(page)
    page.click(f"#game-picker [data-game={spec.name}]")
    page.click("#rules-box summary")
    page.wait_for_selector("#rules h2")
    assert page.locator("#rules h2").first.inner_text() == spec.title
    assert page.locator("#rules table.md-table").count() >= 1  # the options table
    shown = page.locator("[data-option]").evaluate_all("nodes => nodes.map(n => n.dataset.option)")
    assert shown == [option["name"] for option in spec.options_type.describe()]
    counts = page.locator("#seat-count option").all_inner_texts()
    assert counts == [str(n) for n in range(spec.min_players, spec.max_players + 1)]


def test_a_created_table_has_the_chosen_options_and_is_listed_open(web_server, open_page):
    page = open_page()
    code = create_in_lobby(
        page,
        web_server.url,
        "skyjo",
        ["human", "human", "random"],
        {"target_score": 50, "clear_rows": True},
    )
    status = httpx.get(f"{web_server.url}/api/tables/{code}").json()
    assert status["options"]["target_score"] == 50 and status["options"]["clear_rows"] is True
    assert [s["kind"] for s in status["seats"]] == ["human", "human", "bot"]
    assert status["seats"][2]["bot"] == "random"

    other = open_page()
    other.goto(f"{web_server.url}/")
    listed = other.locator(f'#tables [data-table="{code}"]')
    listed.locator("text=Watch").click()
    other.wait_for_selector("#who:has-text('watching')")
    assert other.url.endswith(f"table.html?code={grouped_code(code)}&watch=1")


def test_a_refused_table_shows_the_servers_reason(web_server, open_page):
    page = open_page()
    page.goto(f"{web_server.url}/")
    open_custom(page)
    page.click("#game-picker [data-game=cactus]")
    page.fill('[data-option="caller_penalty"]', "")  # an int option that cannot be null
    page.click("#create")
    page.wait_for_selector("#create-error:has-text('caller_penalty')")
    assert page.locator("#created [data-code]").count() == 0

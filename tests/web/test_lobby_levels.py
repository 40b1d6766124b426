"""The lobby offers each game's bot levels first, and a level can be seated."""

import httpx

from .support import create_in_lobby, open_custom


def test_the_seat_choices_start_with_the_levels_and_a_bot_seat_defaults_to_normal(
    web_server, open_page
):
    page = open_page()
    page.goto(f"{web_server.url}/")
    open_custom(page)
    page.click("#game-picker [data-game=skyjo]")
    values = page.locator("#seat-1 option").evaluate_all("nodes => nodes.map(n => n.value)")
    assert values[:5] == ["human", "easy", "normal", "hard", "expert"]
    assert {"random", "heuristic", "ismcts"} <= set(values[5:])
    labels = page.locator("#seat-1 option").all_inner_texts()
    assert labels[1].startswith("Bot: Easy, ") and labels[4].startswith("Bot: Expert, ")
    assert page.locator("#seat-1").input_value() == "normal"


def test_a_table_created_with_a_level_seats_that_level(web_server, open_page):
    page = open_page()
    code = create_in_lobby(page, web_server.url, "cactus", ["human", "expert"], {})
    status = httpx.get(f"{web_server.url}/api/tables/{code}").json()
    assert status["seats"][1] == status["seats"][1] | {"kind": "bot", "bot": "expert"}

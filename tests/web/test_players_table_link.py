"""A person who comes straight to a table by its link (never having seen the landing
page, which gives a browser its guest player) still gets a guest player, and the
seat they take is linked to it: the table's players and the match history know them."""

from __future__ import annotations

from playwright.sync_api import expect


def test_a_table_link_gives_the_browser_its_guest_player_and_links_its_seat(web_server, open_page):
    base = f"http://localhost:{web_server.port}"
    page = open_page()
    code = page.request.post(
        f"{base}/api/tables", data={"game": "skyjo", "seats": ["human"] * 2}
    ).json()["code"]
    page.goto(f"{base}/table.html?code={code}")
    page.fill("#join-name", "Lin")
    page.click(".join-form button[type=submit]")
    expect(page.locator("#players-panel")).to_contain_text("Lin")

    me = page.request.get(f"{base}/api/players/me")
    assert me.status == 200, me.text()
    player = me.json()
    assert not player["registered"] and player["tables"] == [code]
    seats = page.request.get(f"{base}/api/tables/{code}/players").json()["seats"]
    assert [(s["seat"], s["player"]["id"]) for s in seats] == [(0, player["id"])]

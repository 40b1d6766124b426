"""Friends in the browser: one person follows another from their profile, sees them
in their list, and invites them to a table with one click; the invitation shows on
the other's page with a link to join. A profile also blocks and reports its player,
and counts the rated matches they left."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.server.player_sites import open_site

from .support import set_name


def player_id(page: Page, base: str) -> str:
    """The player of the page's browser, as the account page links to its profile."""
    page.goto(f"{base}/account.html")
    link = page.locator("#my-profile")
    expect(link).to_be_visible()
    return str(link.get_attribute("href")).split("player=")[1]


def test_follow_a_player_and_invite_them_to_a_table(web_server, open_page):
    base = f"http://localhost:{web_server.port}"
    ann, bob = open_page(), open_page()
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        page.goto(f"{base}/")
        set_name(page, name)
        page.reload()  # the page names its guest player as it loads
    bob_id = player_id(bob, base)

    table = ann.request.post(f"{base}/api/tables", data={"game": "skyjo", "seats": ["human"] * 2})
    code = table.json()["code"]
    ann.goto(f"{base}/table.html?code={code}&join=1")
    expect(ann.locator("body")).to_contain_text("Ann")

    profile = ann.context.new_page()
    profile.goto(f"{base}/profile.html?player={bob_id}")
    expect(profile.locator("#profile-name")).to_have_text("Bob")
    profile.click("#follow")
    expect(profile.locator("#follow")).to_have_text("Unfollow")
    profile.click("#invite")
    expect(profile.locator("#friend-notice")).to_have_text("Invitation sent to Bob.")

    profile.goto(f"{base}/account.html")
    friend = profile.locator(f"#following li[data-player='{bob_id}']")
    expect(friend).to_contain_text("Bob")

    bob.goto(f"{base}/")
    notice = bob.locator(f".notice-bar[data-invite='{code}']")
    expect(notice).to_contain_text("Ann invites you to their table.")
    expect(notice.get_by_role("link", name="Join")).to_have_attribute(
        "href", f"table.html?code={code}&join=1"
    )


def test_block_and_report_from_a_profile_and_the_leaves_it_counts(web_server, open_page):
    base = f"http://localhost:{web_server.port}"
    with open_site(web_server.db) as site:
        ann, bob = site.guest("Ann"), site.guest("Leaver")
        site.finish([ann, bob], totals=[1, 2], winners=[0], leavers=frozenset({1}))
    viewer = open_page()
    viewer.goto(f"{base}/")
    set_name(viewer, "Vic")
    viewer.reload()
    player_id(viewer, base)  # the page has its guest player
    viewer.goto(f"{base}/profile.html?player={bob}")
    expect(viewer.locator("#profile-left")).to_have_text("Left 1 rated match")
    viewer.click("#block")
    expect(viewer.locator("#block")).to_have_text("Unblock")
    expect(viewer.locator("#friend-notice")).to_have_text(
        "Blocked: no chat and no invitations between you."
    )
    viewer.once("dialog", lambda dialog: dialog.accept("left on purpose"))
    viewer.click("#report")
    expect(viewer.locator("#friend-notice")).to_have_text(
        "Thank you: the report is stored for an operator."
    )
    with open_site(web_server.db) as site:
        (report,) = [r for r in site.players.blocks.reports() if r["reported"] == bob]
        assert report["reason"] == "left on purpose"

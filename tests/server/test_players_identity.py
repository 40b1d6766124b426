"""Players: a guest's id and session, passkeys, sign-in elsewhere, names, deletion,
the player behind a seat and the history a guest keeps when registering."""

from __future__ import annotations

import asyncio
import random
import secrets

import httpx
from websockets.asyncio.client import connect

from cardtable.server.players.sessions import COOKIE

from .authenticator import UP, Authenticator
from .backends import _rows, execute
from .browsers import Browser
from .support import Client, Server, create_table, play_randomly, short_options

GAME = "lastcard"


def test_a_guest_gets_a_player_id_and_a_secure_httponly_lax_session(server):
    browser = Browser(server)
    assert browser.me().status_code == 401
    player = browser.guest("Ann")
    assert player["name"] == "Ann" and not player["registered"] and len(player["id"]) >= 16
    cookie = browser.set_cookie[COOKIE]
    assert cookie["secure"] and cookie["httponly"] and cookie["samesite"].lower() == "lax"
    assert cookie["path"] == "/"
    assert browser.me().json()["id"] == player["id"]
    # naming again renames the same player, no new one
    assert browser.guest("Annie")["id"] == player["id"]
    assert browser.me().json()["name"] == "Annie"


def test_a_forged_cookie_and_a_revoked_one_are_refused(server):
    forger = Browser(server)
    forger.session = secrets.token_urlsafe(32)
    assert forger.me().status_code == 401
    victim = Browser(server)
    victim.guest("Bea")
    thief = Browser(server)
    thief.session = victim.session
    assert thief.me().status_code == 200  # a copy works while the session lives...
    assert victim.request("POST", "/api/players/signout", {}).status_code == 204
    assert victim.session is None
    assert thief.me().status_code == 401  # ...and not once it is revoked
    assert thief.me().json()["error"] == "no_session"


def test_register_a_passkey_then_sign_in_on_another_device_and_recover_once(server):
    laptop, phone, borrowed = Browser(server), Browser(server), Browser(server)
    guest = laptop.guest("Cleo")
    device = Authenticator()
    response = laptop.register(device, f"Cleo {secrets.token_hex(3)}")
    assert response.status_code == 201, response.text
    registered = response.json()
    assert registered["id"] == guest["id"] and registered["registered"]
    code = registered["recovery_code"]
    assert len(code.replace("-", "")) == 20
    # a second passkey gets no new recovery code
    again = laptop.register(Authenticator(), registered["name"])
    assert again.status_code == 201 and "recovery_code" not in again.json()
    # the landing page naming its guest leaves a registered player's name alone
    assert laptop.guest("Someone else")["name"] == registered["name"]

    signed_in = phone.sign_in(device)
    assert signed_in.status_code == 200, signed_in.text
    assert phone.me().json()["id"] == guest["id"]

    assert borrowed.request("POST", "/api/players/recover", {"code": code.lower()}).is_success
    assert borrowed.me().json()["id"] == guest["id"]
    used = Browser(server).request("POST", "/api/players/recover", {"code": code})
    assert used.status_code == 400 and used.json()["error"] == "bad_recovery_code"


def test_a_passkey_answer_without_user_verification_or_from_another_site_is_refused(server):
    browser = Browser(server)
    browser.guest("Dan")
    device = Authenticator()
    assert browser.register(device, f"Dan {secrets.token_hex(3)}").status_code == 201
    other = Browser(server)
    unverified = other.sign_in(device, flags=UP)
    assert unverified.status_code == 400 and unverified.json()["error"] == "passkey_refused"
    stranger = Browser(server)
    stranger.origin = "https://cardtable.example.net"
    refused = stranger.request("POST", "/api/players/passkeys/signin/options", {})
    assert refused.status_code == 403
    assert other.me().status_code == 401 and stranger.me().status_code == 401


def test_names_are_unique_among_registered_players_whatever_the_case(server):
    name = f"Eve {secrets.token_hex(3)}"
    first, second, guest = Browser(server), Browser(server), Browser(server)
    first.guest("Eve")
    assert first.register(Authenticator(), name).status_code == 201
    second.guest("Eve")
    taken = second.request("POST", "/api/players/passkeys/register/options", {"name": name.upper()})
    assert taken.status_code == 409 and taken.json()["error"] == "name_taken"
    # guests' names may repeat, as at a table
    assert guest.guest(name)["name"] == name


async def _play_one_match(server: Server, browser: Browser) -> str:
    """``browser`` plays one match against a bot; the table's code."""
    code = create_table(server, GAME, ["human", "random"], options=short_options(GAME))["code"]
    ws = await connect(server.ws_url(code), additional_headers=browser.ws_headers())
    client = Client(ws)
    await client.join("Fay")
    await client.send({"type": "start"})
    await play_randomly(client, GAME, random.Random(5))
    await client.close()
    return code


def _history(browser: Browser, player: str) -> list[dict[str, object]]:
    response = browser.request("GET", f"/api/players/{player}/matches")
    assert response.status_code == 200, response.text
    return list(response.json()["matches"])


def test_the_server_knows_the_player_behind_a_seat_and_a_registered_guest_keeps_history(
    server,
):
    browser = Browser(server)
    player = browser.guest("Fay")["id"]
    code = asyncio.run(_play_one_match(server, browser))
    seats = httpx.get(f"{server.url}/api/tables/{code}/players", timeout=5).json()["seats"]
    me = browser.me().json()
    assert seats == [
        {"seat": 0, "player": {k: me[k] for k in ("id", "name", "registered", "created")}}
    ]
    history = _history(browser, player)
    assert [(m["code"], m["match"], m["seat"], m["game"]) for m in history] == [(code, 1, 0, GAME)]
    device = Authenticator()
    assert browser.register(device, f"Fay {secrets.token_hex(3)}").status_code == 201
    elsewhere = Browser(server)
    assert elsewhere.sign_in(device).is_success
    assert _history(elsewhere, elsewhere.me().json()["id"]) == history


def test_a_seat_taken_without_a_session_is_linked_to_no_player(server):
    code = create_table(server, GAME, ["human", "human"])["code"]

    async def join() -> None:
        client = await Client.open(server, code)
        await client.join("Gus")
        await client.close()

    asyncio.run(join())
    seats = httpx.get(f"{server.url}/api/tables/{code}/players", timeout=5).json()
    assert seats == {"seats": []}


def test_deleting_an_account_forgets_the_player_and_leaves_an_anonymous_seat(server):
    browser = Browser(server)
    player = browser.guest("Hal")["id"]
    device = Authenticator()
    assert browser.register(device, f"Hal {secrets.token_hex(3)}").status_code == 201
    code = asyncio.run(_play_one_match(server, browser))
    follower = Browser(server)
    follower.guest("Ivy")
    assert follower.request("POST", f"/api/players/{player}/follow", {}).status_code == 204
    session = browser.session
    assert browser.request("DELETE", "/api/players/me").status_code == 204
    copy = Browser(server)
    copy.session = session
    assert copy.me().status_code == 401
    assert browser.request("GET", f"/api/players/{player}").status_code == 404
    assert Browser(server).sign_in(device).json()["error"] == "unknown_passkey"
    assert follower.request("GET", "/api/players/me/following").json() == {"players": []}
    rows = _rows(server.db, "SELECT seat, player_id FROM match_players WHERE code = %s", (code,))
    assert rows == [(0, None)]
    assert httpx.get(f"{server.url}/api/tables/{code}/matches/1", timeout=5).status_code == 200


def test_a_match_cut_off_from_its_settlement_is_settled_once_after_a_restart(tmp_path):
    db = tmp_path / "settle.db"
    server = Server(db, "--bot-workers", "1", "--rate", "1000", "--bot-delay", "0").start()
    try:
        browser = Browser(server)
        player = browser.guest("Ida")["id"]
        # the settlement fails as a crash right after the last action would leave it
        execute(db, "ALTER TABLE settled RENAME TO settled_away")
        execute(db, "CREATE VIEW settled AS SELECT 'x' AS code, 0 AS number, 0 AS rated")
        code = asyncio.run(_play_one_match(server, browser))
        assert _history(browser, player) == []
        server.stop()
        execute(db, "DROP VIEW settled")
        execute(db, "ALTER TABLE settled_away RENAME TO settled")
        for _ in range(2):
            server.start()
            history = _history(browser, player)
            assert [(m["code"], m["match"]) for m in history] == [(code, 1)]
            server.stop()
    finally:
        server.stop()

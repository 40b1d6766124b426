"""Passkeys in a real browser: Chromium's virtual authenticator (through CDP) stands
for a phone's or a laptop's, a person registers on the account page and signs in
on another device holding the same (synced) passkey."""

from __future__ import annotations

import re
import secrets
from typing import Any

from playwright.sync_api import CDPSession, Page, expect

from cardtable.server.players.sessions import COOKIE

#: A platform authenticator that keeps resident keys and verifies its user (a PIN or
#: a fingerprint, always given here).
AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
}


def device(page: Page) -> tuple[CDPSession, str]:
    """Give the page's browser a virtual authenticator: the CDP session and its id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added: dict[str, Any] = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, str(added["authenticatorId"])


def account_page(page: Page, port: int) -> None:
    # WebAuthn wants a domain, not an IP address, as the relying party: localhost is one
    # (and a secure context over plain HTTP).
    page.goto(f"http://localhost:{port}/account.html")
    expect(page.locator("#account-status")).not_to_be_empty()


def test_register_a_passkey_then_sign_in_with_it_on_another_device(web_server, open_page):
    name = f"Zoe {secrets.token_hex(3)}"
    laptop = open_page()
    laptop_cdp, laptop_key = device(laptop)
    account_page(laptop, web_server.port)
    expect(laptop.locator("#account-status")).to_have_text(
        "You are not signed in. Playing needs no account; register a passkey to keep your"
        " name and history on every device."
    )
    laptop.fill("#account-name", name)
    laptop.click("#register-passkey")
    expect(laptop.locator("#account-status")).to_have_text(f"Signed in as {name}.")
    code = laptop.locator("#recovery-code")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$"))
    expect(laptop.locator("#recovery")).to_be_visible()
    expect(laptop.locator("#sign-out")).to_be_visible()
    # the session cookie is HttpOnly: no script of the page can read it
    assert COOKIE not in laptop.evaluate("document.cookie")
    cookie = next(c for c in laptop.context.cookies() if c["name"] == COOKIE)
    assert cookie["httpOnly"] and cookie["secure"] and cookie["sameSite"] == "Lax"

    credentials = laptop_cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop_key})
    (credential,) = credentials["credentials"]
    assert credential["isResidentCredential"]

    phone = open_page()
    phone_cdp, phone_key = device(phone)
    phone_cdp.send(
        "WebAuthn.addCredential", {"authenticatorId": phone_key, "credential": credential}
    )
    account_page(phone, web_server.port)
    expect(phone.locator("#signin-passkey")).to_be_visible()
    phone.click("#signin-passkey")
    expect(phone.locator("#account-status")).to_have_text(f"Signed in as {name}.")
    expect(phone.locator("#recovery")).to_be_hidden()

    phone.click("#sign-out")
    expect(phone.locator("#account-status")).to_have_text(
        "You are not signed in. Playing needs no account; register a passkey to keep your"
        " name and history on every device."
    )
    laptop.reload()
    expect(laptop.locator("#account-status")).to_have_text(f"Signed in as {name}.")

"""Passkeys (WebAuthn) through the ``webauthn`` library: register one, sign in with it.

The relying party is the site the browser is on: its id is the host name of the
request's ``Origin``, which must be the host the request was sent to, so a passkey
made here is offered by the browser only here. Each ceremony's challenge is random,
kept server-side under an id the page sends back, and used once within
``CHALLENGE_SECONDS``. Passkeys are resident (discoverable): signing in on another
device needs no name, the browser offers the player's passkeys for this site.
User verification (a PIN or a fingerprint on the device) is required.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..errors import ProtocolError
from .database import Database

RP_NAME = "cardtable"
#: Seconds a browser has to answer a challenge.
CHALLENGE_SECONDS = 300.0


def relying_party(origin: str | None, host: str | None) -> tuple[str, str]:
    """(rp id, expected origin) for a request, or ``bad_origin`` when the page is not
    on the host the request went to."""
    if not origin or not host:
        raise ProtocolError("bad_origin", "a passkey request needs its Origin and Host", 403)
    parts = urlsplit(origin)
    if parts.netloc.lower() != host.lower() or not parts.hostname:
        raise ProtocolError("bad_origin", "the page's origin is not this site", 403)
    return parts.hostname, origin


def _refused(what: str) -> ProtocolError:
    return ProtocolError("passkey_refused", f"the passkey {what} was refused", 400)


class Passkeys:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ challenges
    def _challenge(self, challenge: bytes, player_id: str | None) -> str:
        now = time.time()
        self.db.execute("DELETE FROM challenges WHERE expires < ?", now)
        ceremony = secrets.token_urlsafe(16)
        self.db.execute(
            "INSERT INTO challenges (id, challenge, player_id, expires) VALUES (?, ?, ?, ?)",
            ceremony,
            bytes_to_base64url(challenge),
            player_id,
            now + CHALLENGE_SECONDS,
        )
        return ceremony

    def _take_challenge(self, ceremony: str, player_id: str | None) -> bytes:
        """The challenge of ``ceremony`` (deleted: it serves once)."""
        with self.db.transaction():
            row = self.db.one(
                "SELECT challenge, player_id, expires FROM challenges WHERE id = ?", ceremony
            )
            self.db.execute("DELETE FROM challenges WHERE id = ?", ceremony)
        if row is None or row[2] < time.time() or row[1] != player_id:
            raise ProtocolError("bad_challenge", "the passkey request expired; try again", 400)
        return base64url_to_bytes(row[0])

    # ------------------------------------------------------------------ registration
    def registration_options(self, rp_id: str, player_id: str, name: str) -> dict[str, Any]:
        existing = [
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(credential))
            for (credential,) in self.db.rows(
                "SELECT credential_id FROM passkeys WHERE player_id = ?", player_id
            )
        ]
        options = generate_registration_options(
            rp_id=rp_id,
            rp_name=RP_NAME,
            user_name=name,
            user_id=player_id.encode(),
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
            exclude_credentials=existing,
        )
        ceremony = self._challenge(options.challenge, player_id)
        return {"ceremony": ceremony, "options": _json(options)}

    def register(
        self, rp_id: str, origin: str, player_id: str, ceremony: str, credential: dict[str, Any]
    ) -> bool:
        """Verify and keep a new passkey; True when it is the player's first."""
        challenge = self._take_challenge(ceremony, player_id)
        try:
            verified = verify_registration_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp_id,
                expected_origin=origin,
                require_user_verification=True,
            )
        except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as exc:
            raise _refused("registration") from exc
        first = self.db.one("SELECT 1 FROM passkeys WHERE player_id = ?", player_id) is None
        self.db.execute(
            "INSERT INTO passkeys (credential_id, player_id, public_key, sign_count, created)"
            " VALUES (?, ?, ?, ?, ?)",
            bytes_to_base64url(verified.credential_id),
            player_id,
            bytes_to_base64url(verified.credential_public_key),
            verified.sign_count,
            time.time(),
        )
        return first

    # ------------------------------------------------------------------ signing in
    def sign_in_options(self, rp_id: str) -> dict[str, Any]:
        options = generate_authentication_options(
            rp_id=rp_id, user_verification=UserVerificationRequirement.REQUIRED
        )
        return {"ceremony": self._challenge(options.challenge, None), "options": _json(options)}

    def sign_in(self, rp_id: str, origin: str, ceremony: str, credential: dict[str, Any]) -> str:
        """The player whose passkey answered the challenge."""
        challenge = self._take_challenge(ceremony, None)
        raw_id = credential.get("rawId") or credential.get("id")
        if not isinstance(raw_id, str):
            raise _refused("sign-in")
        row = self.db.one(
            "SELECT player_id, public_key, sign_count FROM passkeys WHERE credential_id = ?",
            raw_id,
        )
        if row is None:
            raise ProtocolError("unknown_passkey", "this passkey belongs to no player here", 400)
        player_id, public_key, sign_count = row
        try:
            verified = verify_authentication_response(
                credential=credential,
                expected_challenge=challenge,
                expected_rp_id=rp_id,
                expected_origin=origin,
                credential_public_key=base64url_to_bytes(public_key),
                credential_current_sign_count=sign_count,
                require_user_verification=True,
            )
        except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError) as exc:
            raise _refused("sign-in") from exc
        self.db.execute(
            "UPDATE passkeys SET sign_count = ? WHERE credential_id = ?",
            verified.new_sign_count,
            raw_id,
        )
        return str(player_id)


def _json(options: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(options_to_json(options))
    return data

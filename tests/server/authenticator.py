"""A software passkey for the server tests: what a phone or a security key does.

It makes a P-256 key pair per site, answers a registration with "none" attestation
and a sign-in with an ECDSA signature over the authenticator data and the hash of the
client data, as the WebAuthn specification lays out, so the server's checks (the
``webauthn`` library's) run on real answers. The browser test uses Chromium's own
virtual authenticator instead.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

#: Flags of the authenticator data: user present, user verified, attested data.
UP, UV, AT = 0x01, 0x04, 0x40


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Authenticator:
    """One device holding one passkey (made by ``register``)."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.user_handle = ""
        self.count = 0

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        x, y = numbers.x.to_bytes(32, "big"), numbers.y.to_bytes(32, "big")
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: x, -3: y})

    def _auth_data(self, rp_id: str, flags: int, attested: bytes = b"") -> bytes:
        self.count += 1
        rp_hash = hashlib.sha256(rp_id.encode()).digest()
        return rp_hash + bytes([flags]) + struct.pack(">I", self.count) + attested

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin}).encode()

    def register(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create`` with the server's options."""
        self.user_handle = options["user"]["id"]
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id
        auth_data = self._auth_data(options["rp"]["id"], UP | UV | AT, attested + self._cose_key())
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client_data), "attestationObject": b64(attestation)},
        }

    def sign_in(self, options: dict[str, Any], origin: str, flags: int = UP | UV) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get`` with the server's options."""
        auth_data = self._auth_data(options["rpId"], flags)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": self.user_handle,
            },
        }

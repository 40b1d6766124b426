"""Stable seed derivation, identical in every process and on every run."""

import hashlib


def derive_seed(*parts: object) -> int:
    """A 63-bit seed determined by ``parts`` (for example the run seed and a match index)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1

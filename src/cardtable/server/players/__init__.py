"""The player layer: who plays behind a seat, across tables and devices.

A guest is a player too: the first request of a browser gives it a player id and a
session cookie. Registering a passkey keeps that same id (and so its history) for
later visits and other devices. See docs/players.md for what is stored and why.
"""

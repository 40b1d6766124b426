"""The pace's memory of client addresses stays bounded, whatever addresses a flood uses."""

import time

from cardtable.server import throttle
from cardtable.server.throttle import PacedClients


def test_the_pace_forgets_addresses_with_no_request_due(monkeypatch):
    monkeypatch.setattr(throttle, "MAX_CLIENTS", 100)
    clients = PacedClients(rate=1000.0, burst=1)
    for n in range(100):
        assert clients.turn(f"10.0.0.{n}").admitted
    time.sleep(0.01)  # every one of them is within the rate again
    clients.turn("10.0.1.1")
    assert list(clients.due) == ["10.0.1.1"]


def test_the_pace_remembers_a_bounded_number_of_busy_addresses(monkeypatch):
    monkeypatch.setattr(throttle, "MAX_CLIENTS", 100)
    clients = PacedClients(rate=0.001, burst=1)
    for n in range(1000):
        clients.turn(f"10.0.{n // 256}.{n % 256}")
    assert len(clients.due) <= 100
    assert "10.0.3.231" in clients.due  # the latest is kept

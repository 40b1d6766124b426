"""``cardtable serve`` settings: each from its environment variable, every limit checked.

The server is not started: ``serve`` is replaced by a recorder of what it would be
started with, and the store and Redis checks by no-ops, so a PostgreSQL and Redis URL
can be given without either running.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import build_parser, main
from cardtable.server.environment import settable, variable

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What each ``serve`` would have been started with."""
    calls: list[dict[str, Any]] = []

    def serve(config: Any, host: str, port: int, loop: str, log_format: str) -> int:
        calls.append(
            {"config": config, "host": host, "port": port, "loop": loop, "log": log_format}
        )
        return 0

    monkeypatch.setattr("cardtable.server.cli.serve", serve)
    monkeypatch.setattr("cardtable.server.cli.open_store", lambda *a, **k: _Closed())
    monkeypatch.setattr("cardtable.server.cli.check_site", lambda config: None)
    for name in list(os.environ):
        if name.startswith("CARDTABLE_"):
            monkeypatch.delenv(name)
    return calls


class _Closed:
    def close(self) -> None:
        pass


def _serve_options() -> list[argparse.Action]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return settable(sub.choices["serve"])


def every_variable(tmp_path: Path) -> dict[str, str]:
    return {
        "CARDTABLE_HOST": "127.0.0.1",
        "CARDTABLE_PORT": "8123",
        "CARDTABLE_DB": "postgresql://cardtable:s3cret@db.internal/cardtable",
        "CARDTABLE_DURABLE": "yes",
        "CARDTABLE_BOT_DELAY": "0.25",
        "CARDTABLE_BOT_WORKERS": "0",
        "CARDTABLE_RATE": "5",
        "CARDTABLE_WEB": str(tmp_path),
        "CARDTABLE_LIMIT": "http_timeout=5, max_spectators=7",
        "CARDTABLE_SITE_ORIGIN": "https://a.example",
        "CARDTABLE_ALLOWED_HOST": "a.example b.example",
        "CARDTABLE_REDIS": "redis://:s3cret@redis.internal:6379/0",
        "CARDTABLE_LEASE_SECONDS": "4.5",
        "CARDTABLE_LOOP": "asyncio",
        "CARDTABLE_FORWARDED_ALLOW_IPS": "10.0.0.0/8,192.0.2.1",
        "CARDTABLE_LOG_FORMAT": "json",
        "CARDTABLE_WS_DEFLATE": "on",
        "CARDTABLE_WS_LIBRARY": "wsproto",
    }


def test_every_setting_of_serve_comes_from_its_environment_variable(started, tmp_path, monkeypatch):
    variables = every_variable(tmp_path)
    assert {variable(action) for action in _serve_options()} == set(variables)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert main(["serve"]) == 0
    (call,) = started
    config = call["config"]
    assert (call["host"], call["port"], call["loop"], call["log"]) == (
        "127.0.0.1",
        8123,
        "asyncio",
        "json",
    )
    assert config.db == variables["CARDTABLE_DB"]
    assert config.redis == variables["CARDTABLE_REDIS"]
    assert (config.durable, config.bot_delay, config.bot_workers) == (True, 0.25, 0)
    assert (config.rate_per_second, config.web_dir, config.lease_seconds) == (5.0, tmp_path, 4.5)
    assert (config.http_timeout, config.max_spectators) == (5.0, 7)
    assert config.site_origins == ("https://a.example",)
    assert config.allowed_hosts == ("a.example", "b.example")
    assert config.forwarded_allow_ips == ("10.0.0.0/8", "192.0.2.1")
    assert (config.ws_deflate, config.ws_library) == (True, "wsproto")


def test_the_command_line_wins_over_the_environment(started, tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DB", str(tmp_path / "from-env.db"))
    monkeypatch.setenv("CARDTABLE_PORT", "8123")
    monkeypatch.setenv("CARDTABLE_LIMIT", "http_timeout=5 max_spectators=7")
    argv = ["serve", "--db", str(tmp_path / "given.db"), "--limit", "http_timeout=9"]
    assert main(argv) == 0
    (call,) = started
    assert call["config"].db == str(tmp_path / "given.db")
    assert call["port"] == 8123
    assert (call["config"].http_timeout, call["config"].max_spectators) == (9.0, 7)


@pytest.mark.parametrize(
    ("name", "value", "problem"),
    [
        ("CARDTABLE_BOT_DELAY", "soon", "CARDTABLE_BOT_DELAY: not a valid value for --bot-delay"),
        ("CARDTABLE_PORT", "70000", "CARDTABLE_PORT: must be a whole number from 0 to 65535"),
        ("CARDTABLE_DURABLE", "maybe", "CARDTABLE_DURABLE: must be one of 1, true"),
        ("CARDTABLE_LOOP", "fast", "CARDTABLE_LOOP: must be one of auto, asyncio, uvloop"),
        ("CARDTABLE_WS_DEFLATE", "yes", "CARDTABLE_WS_DEFLATE: must be one of on, off"),
        ("CARDTABLE_LIMIT", "http_timeout=inf", "--limit http_timeout needs a finite number"),
        ("CARDTABLE_FORWARDED_ALLOW_IPS", "proxy.internal", "is not an IP address or network"),
    ],
)
def test_a_bad_variable_is_refused_in_one_line_naming_it(
    name, value, problem, started, capsys, monkeypatch
):
    monkeypatch.setenv(name, value)
    assert main(["serve"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("cardtable: error: ")
    assert problem in line
    assert started == []


def test_help_names_each_variable_and_shows_no_value(started, capsys, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DB", "postgresql://cardtable:s3cret@db.internal/cardtable")
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for action in _serve_options():
        assert f"[{variable(action)}]" in text
    assert "s3cret" not in text


def test_the_server_guide_lists_every_variable():
    guide = (DOCS / "server.md").read_text()
    missing = [variable(a) for a in _serve_options() if f"`{variable(a)}`" not in guide]
    assert missing == []


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--limit", "http_timeout=inf"], "--limit http_timeout needs a finite number, not 'inf'"),
        (["--limit", "http_timeout=nan"], "--limit http_timeout needs a finite number, not 'nan'"),
        (["--limit", "listing_seconds=1e400"], "--limit listing_seconds needs a finite number"),
        (["--limit", "max_connections=1e3"], "--limit max_connections needs a whole number"),
        (["--limit", "page_size=0"], "the limit page_size must be above 0 and at most 1e+09"),
        (["--limit", "http_timeout=86400"], "http_timeout must be above 0 and at most 3600"),
        (["--limit", "table_idle_seconds=1e6"], "at most 86400, not 1000000.0"),
        (["--limit", "max_spectators=99999999999"], "max_spectators must be above 0 and at most"),
        (["--rate", "inf"], "rate_per_second must be a finite number, not inf"),
        (["--bot-delay", "nan"], "bot_delay must be a finite number, not nan"),
    ],
)
def test_every_limit_is_checked_before_the_start(argv, problem, started, capsys, tmp_path):
    assert main(["serve", "--db", str(tmp_path / "x.db"), *argv]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert problem in line
    assert started == []

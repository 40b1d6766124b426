"""Starting on PostgreSQL and Redis: schema versions, concurrent starts, clear refusals."""

import threading

import psycopg
import pytest

from cardtable.cli import main
from cardtable.server.config import ServerConfig, ServerSetupError
from cardtable.server.migrations import VERSION
from cardtable.server.pg_store import PostgresStore
from cardtable.server.stores import open_store
from tests.services import free_port


def version(url: str) -> list[tuple[int]]:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT version FROM schema_version").fetchall()


def test_a_new_database_gets_the_whole_schema_and_its_version(postgres):
    url = postgres.database()
    open_store(url).close()
    assert version(url) == [(VERSION,)]
    open_store(url).close()  # a second start changes nothing
    assert version(url) == [(VERSION,)]


def test_processes_starting_together_migrate_the_schema_once(postgres):
    url = postgres.database()
    errors: list[BaseException] = []

    def start() -> None:
        try:
            PostgresStore(url, pool_size=1).close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert version(url) == [(VERSION,)]


def test_a_database_from_a_newer_cardtable_is_refused(postgres):
    url = postgres.database()
    open_store(url).close()
    with psycopg.connect(url) as conn:
        conn.execute("UPDATE schema_version SET version = version + 1")
    with pytest.raises(ServerSetupError, match=r"newer than this cardtable's"):
        open_store(url)


def test_an_unreachable_database_is_refused_without_its_password():
    url = f"postgresql://cardtable:s3cret@127.0.0.1:{free_port()}/nowhere?connect_timeout=1"
    with pytest.raises(ServerSetupError, match="cannot use the database") as refused:
        open_store(url)
    assert "s3cret" not in str(refused.value)


def test_several_processes_need_postgresql():
    with pytest.raises(ServerSetupError, match="--redis needs --db postgresql"):
        ServerConfig(db="cardtable.db", redis="redis://127.0.0.1:6379/0")


def test_serve_refuses_an_unreachable_redis_before_starting(postgres, capsys, monkeypatch):
    monkeypatch.setattr("cardtable.server.cli.serve", lambda *args: 0)
    redis_url = f"redis://127.0.0.1:{free_port()}/0"
    argv = ["serve", "--db", postgres.database(), "--redis", redis_url]
    assert main(argv) == 2
    assert f"cannot reach Redis at {redis_url}" in capsys.readouterr().err

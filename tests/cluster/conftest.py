"""One PostgreSQL cluster and one Redis for the cluster suite; each test gets its own
site (three server processes on a fresh database, Redis emptied)."""

from collections.abc import Iterator

import pytest

from tests.services import Postgres, Redis, running_postgres, running_redis


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    with running_postgres() as server:
        yield server


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server

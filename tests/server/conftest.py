"""The server suite runs twice: on the embedded SQLite store and on PostgreSQL.

``store`` is a session fixture with one parameter per store, used by every test of
the suite, so each test's id ends in ``[sqlite]`` or ``[postgresql]``; the PostgreSQL
cluster is a real server started once for the session (see ``tests/services.py``),
and each server of a test gets a fresh database in it. One server process is shared
by the tests that need no special settings.
"""

from collections.abc import Iterator

import pytest

from tests.services import running_postgres

from .backends import BACKEND, POSTGRESQL, SQLITE
from .support import TEST_SETTINGS, Server, running_server


@pytest.fixture(scope="session", params=[SQLITE, POSTGRESQL], autouse=True)
def store(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == SQLITE:
        BACKEND.use(None)
        yield SQLITE
        return
    with running_postgres() as postgres:
        BACKEND.use(postgres)
        try:
            yield POSTGRESQL
        finally:
            BACKEND.use(None)


@pytest.fixture(scope="session")
def server(store: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("server") / "cardtable.db"
    with running_server(db, *TEST_SETTINGS) as srv:
        yield srv

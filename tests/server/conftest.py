"""One server process shared by the server tests that need no special settings."""

from collections.abc import Iterator

import pytest

from .support import TEST_SETTINGS, Server, running_server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("server") / "cardtable.db"
    with running_server(db, *TEST_SETTINGS) as srv:
        yield srv

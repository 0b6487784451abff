"""pytest fixtures of the service's tests: a PostgreSQL cluster per test process, and a real
``paigow serve`` process per module and backend (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service_pg import PgCluster
from service_support import OPERATOR, Server

__all__ = ["BACKENDS", "db_url", "operator_token", "pg_cluster", "server"]

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """A PostgreSQL server of this test process, started by the tests."""
    cluster = PgCluster()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


def db_url(backend: str, tmp: Path, request: pytest.FixtureRequest) -> str:
    """A new empty database of ``backend``."""
    if backend == "sqlite":
        return f"sqlite:///{tmp / 'service.sqlite3'}"
    cluster: PgCluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """``paigow serve`` on a new database of each backend, shared by a module's tests."""
    tmp = tmp_path_factory.mktemp(f"serve-{request.param}")
    srv = Server(db_url(request.param, tmp, request), tmp).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def operator_token(server: Server) -> str:
    """The operator's session token."""
    return server.login(OPERATOR)

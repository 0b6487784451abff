"""The cap of private tables per player holds across a cluster (docs/service.md, "Private
tables"): openings sent at once to two ``paigow serve --cluster`` processes on one PostgreSQL
never leave a player more tables than ``--private-tables-per-player``, because the cap is
checked and the place taken in one transaction with the player's account row locked
(``paigow.service.private.rooms._reserve``), not by a lock of one process."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import sqlalchemy as sa

from paigow.service.private.tables import private_tables
from paigow.service.schema import tables as db_tables
from paigow.service.store import Store
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Server

__all__ = ["pg_cluster"]

CAP = 2


@pytest.fixture
def two(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[tuple[Server, Server, str]]:
    """Two cluster processes on one new database, with a cap of two private tables."""
    url = pg_cluster.new_database()
    args = (
        "--cluster",
        "--lease-seconds",
        "3",
        f"--private-tables-per-player={CAP}",
        "--limit=private.open=1000/1",
    )
    a = Server(url, tmp_path, "--instance", "proc-a", *args).start()
    b = Server(url, tmp_path, "--instance", "proc-b", *args).start()
    try:
        yield a, b, url
    finally:
        a.stop()
        b.stop()


def open_rows(url: str, owner: str) -> list[str]:
    """The owner's private tables that are open, read from the store itself."""
    store = Store(url)
    p, t = private_tables, db_tables
    try:
        with store.engine.connect() as c:
            rows = c.execute(
                sa.select(p.c.table_id)
                .select_from(p.join(t, t.c.id == p.c.table_id))
                .where(p.c.owner == owner, t.c.status == "open")
            ).all()
        return [str(r[0]) for r in rows]
    finally:
        store.close()


def test_openings_at_once_on_two_processes_never_pass_the_cap(
    two: tuple[Server, Server, str],
) -> None:
    a, b, url = two
    token = a.player("rush")  # a session is the database's: good on either process
    op = a.login(OPERATOR)
    for attempt in range(3):
        with ThreadPoolExecutor(8) as pool:
            answers = list(
                pool.map(
                    lambda i: (a if i % 2 else b).http(
                        "POST", "/api/private-tables", token, {"profile": "generic"}
                    ),
                    range(8),
                )
            )
        opened = [r.json()["table"] for r in answers if r.status_code == 201]
        refused = [r for r in answers if r.status_code != 201]
        # exactly the cap is opened; every other opening is the specific refusal, not a 500
        assert len(opened) == CAP, (attempt, [(r.status_code, r.text) for r in answers])
        assert all(
            r.status_code == 409 and f"you have {CAP} private tables open" in r.text
            for r in refused
        ), [(r.status_code, r.text) for r in refused]
        assert sorted(open_rows(url, "rush")) == sorted(opened)
        for table in opened:  # closed: the places are free again for the next attempt
            r = a.http("POST", f"/api/tables/{table}/close", op)
            assert r.status_code in (200, 404), r.text  # 404: process b runs it
            if r.status_code == 404:
                r = b.http("POST", f"/api/tables/{table}/close", b.login(OPERATOR))
                assert r.status_code == 200, r.text
        assert open_rows(url, "rush") == []

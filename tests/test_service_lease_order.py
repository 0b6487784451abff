"""Every transaction that locks several tables' lease rows locks them in the order of the
tables' ids (paigow.service.db.leases, module notes): a group commit's fences, a renewal, a
release. In another order a group commit and the same process's renewal each held a row the
other waited for; PostgreSQL found the deadlock after its ``deadlock_timeout`` (a second) and
cancelled one, and every command of that group waited the second (seen with two ``--cluster``
processes under load: docs/reliability.md, "On a faster machine")."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from paigow.service.db import leases
from paigow.service.store.store import Batch, Store
from service_fixtures import BACKENDS, db_url, pg_cluster

__all__ = ["pg_cluster"]

OWNER = "proc-a"
#: Tables whose ids sort otherwise than they are listed (and than a dict holds them).
TABLES = ["t7", "t2", "t9", "t1", "t5"]


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    st = Store(db_url(request.param, tmp_path, request))
    st.migrate()
    try:
        yield st
    finally:
        st.close()


def _lease_statements(store: Store) -> tuple[list[tuple[str, list[str]]], Any]:
    """The lease statements run on ``store``, in the order they ran: each statement's text and
    the table ids among its parameters, in their order (and the listener, to remove)."""
    seen: list[tuple[str, list[str]]] = []

    def before(*args: Any) -> None:
        # SQLAlchemy's before_cursor_execute: (conn, cursor, statement, params, context, many)
        statement, params, many = args[2], args[3], args[5]
        if "table_leases" not in statement or many:
            return
        values = params.values() if isinstance(params, dict) else params
        seen.append((statement, [v for v in values if isinstance(v, str) and v in TABLES]))

    sa.event.listen(store.engine, "before_cursor_execute", before)
    return seen, before


def _locks_in_order(store: Store, seen: list[tuple[str, list[str]]]) -> None:
    """The first statement locks every table's row, in the order of the ids: a select sorted
    by the id, for update (PostgreSQL sorts, then locks each row as it comes); SQLite, which
    has no row locks, reads them in that order."""
    statement, ids = seen[0]
    assert ids == sorted(TABLES)
    assert "ORDER BY table_leases.table_id" in statement
    assert ("FOR UPDATE" in statement) == (not store.is_sqlite)


def test_a_group_commit_and_a_renewal_lock_the_leases_in_the_tables_order(store: Store) -> None:
    assert [leases.acquire(store, t, OWNER, 60.0) for t in TABLES] == [1] * len(TABLES)
    seen, listener = _lease_statements(store)
    try:
        # the group's batches come in the order their tables' actors handed them over; their
        # fences are checked with every row locked at once, in the tables' order
        batches = [Batch(t, fence=(OWNER, 1)) for t in TABLES]
        assert all(not isinstance(r, Exception) for r in store.commit_many(batches))
        assert len(seen) == 1
        _locks_in_order(store, seen)
        seen.clear()
        # a renewal and a release: the same, then one update
        assert leases.renew(store, OWNER, dict.fromkeys(TABLES, 1), 60.0) == set()
        assert len(seen) == 2
        _locks_in_order(store, seen)
        seen.clear()
        leases.release(store, OWNER, TABLES)
        assert len(seen) == 2
        _locks_in_order(store, seen)
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", listener)
    assert not any(valid for _owner, valid in leases.owners(store).values())  # released


def test_a_renewal_extends_the_leases_still_held_and_names_those_lost(store: Store) -> None:
    """Held by this process at the epoch it believes: extended. Taken by another process, or
    taken again (a later epoch), or never leased: named lost, and left as they are."""
    for t in TABLES:
        assert leases.acquire(store, t, OWNER, 1.0) == 1
    with store.engine.begin() as c:
        c.execute(sa.update(L).where(L.c.table_id == "t9").values(owner="proc-b"))
        c.execute(sa.update(L).where(L.c.table_id == "t1").values(epoch=2))
    before = _expiries(store)
    believed = {**dict.fromkeys(TABLES, 1), "t0": 1}
    assert leases.renew(store, OWNER, believed, 600.0) == {"t9", "t1", "t0"}
    after = _expiries(store)
    assert set(after) == set(TABLES)  # no row made for t0
    for t in TABLES:
        if t in ("t9", "t1"):
            assert after[t] == before[t]
        else:
            assert after[t] > before[t]
    assert leases.renew(store, OWNER, {}, 600.0) == set()
    leases.release(store, OWNER, [])


def test_a_group_commit_writes_only_the_batches_whose_lease_is_still_held(store: Store) -> None:
    """A writer that lost a table writes nothing to it (leases' notes): in a group, the
    batches of the tables taken by another process, or taken again at a later epoch, are
    refused with LeaseLostError, the others written; alone, the same."""
    for t in TABLES:
        assert leases.acquire(store, t, OWNER, 60.0) == 1
    with store.engine.begin() as c:
        c.execute(sa.update(L).where(L.c.table_id == "t9").values(owner="proc-b"))
        c.execute(sa.update(L).where(L.c.table_id == "t1").values(epoch=2))
    results = store.commit_many([Batch(t, fence=(OWNER, 1)) for t in TABLES])
    refused = {t for t, r in zip(TABLES, results, strict=True) if isinstance(r, Exception)}
    assert refused == {"t9", "t1"}
    assert all(isinstance(r, leases.LeaseLostError) for r in results if isinstance(r, Exception))
    assert isinstance(store.commit(Batch("t1", fence=(OWNER, 2))), str)  # at its epoch now
    with pytest.raises(leases.LeaseLostError, match="t9"):
        store.commit(Batch("t9", fence=(OWNER, 1)))
    with pytest.raises(leases.LeaseLostError, match="t0"):  # never leased
        store.commit(Batch("t0", fence=(OWNER, 1)))


L = leases.L


def _expiries(store: Store) -> dict[str, Any]:
    with store.engine.connect() as c:
        return {r[0]: r[1] for r in c.execute(sa.select(L.c.table_id, L.c.expires_at))}


@pytest.mark.parametrize("rounds", [40])
def test_group_commits_and_renewals_at_once_never_deadlock(store: Store, rounds: int) -> None:
    """The same process's group commits and renewals, each from its own thread, with the
    batches in changing orders: every one succeeds (a deadlock cancels one of them)."""
    held: dict[str, int] = {}
    for t in TABLES:
        epoch = leases.acquire(store, t, OWNER, 60.0)
        assert epoch is not None
        held[t] = epoch
    errors: list[BaseException] = []

    def renewing() -> None:
        try:
            for _ in range(rounds):
                lost = leases.renew(store, OWNER, dict(reversed(list(held.items()))), 60.0)
                assert lost == set()
        except BaseException as e:
            errors.append(e)

    thread = threading.Thread(target=renewing)
    thread.start()
    try:
        for i in range(rounds):
            order = TABLES[i % 5 :] + TABLES[: i % 5]
            results = store.commit_many([Batch(t, fence=(OWNER, 1)) for t in order])
            assert [r for r in results if isinstance(r, Exception)] == []
    finally:
        thread.join()
    assert errors == []

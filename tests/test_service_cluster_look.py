"""The cluster's look (the lease loop's tick) against a table opened while it asks the store.

Each look asks the store for the open tables, then marks closed every replica of a table not
among them and forgets what the other processes said of such tables. A replica made (a player
subscribed to a table another process has just opened) or a lobby line heard while the store
is being asked is of a table opened after the store answered: it must not be marked closed (a
closed replica is not found, and refuses its player's commands, until the owner's next
snapshot reaches it) nor forgotten. Two services in this test process share one real
PostgreSQL database; after the store has answered, the other service opens the table and a
player subscribes to it here; the replica is read at the look's next question to the store.
And a replica that believes its open table closed is not what a takeover promotes: the table
is rebuilt from the store (promoted, it owned a table that played no more and that no lobby,
floor or subscription found).
(Between processes: tests/test_service_cluster_tables.py, tests/test_service_replicas.py.)
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from typing import Any

import pytest

from paigow.service.accounts.auth import User
from paigow.service.cluster.replicas import Directory
from paigow.service.connection import Connection
from paigow.service.db.database import DatabaseAwayError
from paigow.service.hub import Service, ServiceOptions
from paigow.service.store.store import Store
from paigow.service.tables.config import TableConfig
from service_fixtures import pg_cluster
from service_pg import PgCluster

__all__ = ["pg_cluster"]


async def _started(url: str, *names: str, lease: float = 60.0) -> list[Service]:
    """In-process ``--cluster`` services on one database, started (leases of a minute by
    default: the lease loops' own looks come after the test's)."""
    out = []
    for name in names:
        opts = ServiceOptions(instance=name, cluster=True, lease_seconds=lease, seed=5)
        out.append(Service(Store(url), opts))
        await out[-1].start()
    return out


async def _opened_while_asked(url: str) -> None:
    a, b = await _started(url, "look-a", "look-b")
    try:
        assert b.cluster is not None
        run = b.store.run
        made: list[Any] = []
        closed: list[bool] = []
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
        player = Connection(User(7, "ann", "player"), expires, 100)

        async def held_back(fn: Any, *args: Any) -> Any:
            if made and len(closed) < len(made):  # the look's next question: the replica now
                closed.append(made[0].closed)  # (before a snapshot of the owner's heals it)
            out = await run(fn, *args)
            if fn == b.store.open_tables and not made:  # the store has answered; then:
                await a.open_table(TableConfig(id="late", profile="generic"))
                await b.subscribe(player, "late")  # a player at b subscribes to it
                made.append(b.actors["late"])
                assert not made[0].owner and player in made[0].subscribers
            return out

        b.store.run = held_back  # type: ignore[method-assign]
        await b.cluster._tick()
        b.store.run = run  # type: ignore[method-assign]
        assert made, "the look did not ask the store for the open tables"
        assert closed == [False], "a replica made while the store was asked was marked closed"
        assert await b.find("late") is made[0]
        await b.cluster._tick()  # the next look sees the table open: still found
        assert await b.find("late") is made[0]
    finally:
        await b.stop()
        await a.stop()


def test_a_replica_made_while_the_store_is_asked_is_not_closed(pg_cluster: PgCluster) -> None:
    asyncio.run(_opened_while_asked(pg_cluster.new_database()))


def test_a_line_heard_after_the_store_was_asked_is_not_forgotten() -> None:
    d = Directory()
    d.heard("p1", {"tables": [{"id": "old"}, {"id": "gone"}]})
    asked = time.monotonic()
    time.sleep(0.002)
    d.heard("p2", {"tables": [{"id": "new"}]})  # opened since the store answered
    d.watch("p2", ["new", "gone"])
    d.watch("p1", ["left"])
    d.unwatch("p1", "left")  # (no process keeps a replica of it now: forgotten too)
    d.forget({"old"}, asked)
    assert "left" not in d.watchers
    assert [line["id"] for line in d.lines()] == ["new", "old"]
    assert d.watched("new")
    d.forget({"old"})  # (asked now: "new" is not open)
    assert [line["id"] for line in d.lines()] == ["old"]
    assert not d.watched("new") and not d.watched("gone")


@pytest.mark.parametrize("late", [False, True])
def test_forget_keeps_only_what_is_open_or_said_since(late: bool) -> None:
    d = Directory()
    d.heard("p1", {"tables": [{"id": "t"}]})
    asked = time.monotonic() + (-1.0 if late else 1.0)
    d.forget(set(), asked)
    assert [line["id"] for line in d.lines()] == (["t"] if late else [])


async def _closed_replica_taken_over(url: str) -> None:
    a, b = await _started(url, "over-a", "over-b")
    try:
        assert b.cluster is not None
        await a.open_table(TableConfig(id="kept", profile="generic"))
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
        await b.subscribe(Connection(User(8, "bo", "player"), expires, 100), "kept")
        stale = b.actors["kept"]
        await a.stop()  # its owner stops: the lease is free
        await asyncio.sleep(0.5)  # (its last changes reach the replica)
        stale.closed = True  # a replica left believing its open table closed
        await b.cluster._tick()  # b takes the table
        actor = await b.find("kept")
        assert actor is not None, "the table taken over is found nowhere"
        assert actor.owner and not actor.closed and actor is not stale
        assert "kept" in {t["id"] for t in b.lobby(hidden=True)}
    finally:
        await b.stop()


def test_a_table_taken_over_through_a_closed_replica_is_rebuilt(pg_cluster: PgCluster) -> None:
    """A replica that saw its table closed is not promoted (it would own a table that plays no
    more and that no lobby, floor or subscription finds): the table is rebuilt from the store."""
    asyncio.run(_closed_replica_taken_over(pg_cluster.new_database()))


async def _looks_failing(url: str, caplog: pytest.LogCaptureFixture) -> None:
    (b,) = await _started(url, "loud-b", lease=0.6)
    try:
        assert b.cluster is not None
        failures: list[Exception] = [DatabaseAwayError(), ValueError("a fault of the code")]

        async def failing() -> None:
            raise failures[0] if len(failures) == 1 else failures.pop(0)

        b.cluster._tick = failing  # type: ignore[method-assign]
        with caplog.at_level(logging.WARNING, logger="paigow.service"):
            await asyncio.sleep(0.75)  # (a look every 0.2 s)
    finally:
        await b.stop()
    looks = [r for r in caplog.records if r.getMessage().startswith("cluster:")]
    away = [r for r in looks if r.levelno == logging.WARNING]
    loud = [r for r in looks if r.levelno == logging.ERROR]
    assert away and away[0].exc_info is None, looks  # a warning line, no traceback
    assert loud and all(r.exc_info and r.exc_info[0] is ValueError for r in loud), looks
    assert len(loud) >= 2, "the loop stopped looking after a fault of the code"


def test_a_look_that_fails_by_a_fault_of_the_code_is_logged_with_its_traceback(
    pg_cluster: PgCluster, caplog: pytest.LogCaptureFixture
) -> None:
    """The database away is one warning line a look; any other error (a fault of the code,
    which made every look fail and no table be taken over) is logged with its traceback, and
    the loop goes on looking."""
    asyncio.run(_looks_failing(pg_cluster.new_database(), caplog))

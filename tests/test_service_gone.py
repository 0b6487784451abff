"""Nothing waits for ever on a table's actor that has stopped (src/paigow/service/tables/actor.py,
``TableActor.stop`` and ``finish``; docs/service.md, "Tables").

A table's actor stops when its table closes, when a cluster process drops a replica nobody
watches, and at shutdown. Whatever was asked of it and not yet answered — a command, a
subscription, an operator's task, even the one it was in the middle of — is answered: a
command ``refused`` with :data:`~paigow.service.tables.actor.GONE` ("send again with the same id",
which the idempotency key makes safe), anything else :class:`TableGoneError` (a 409 over HTTP);
and so is anything asked after. Before this, such a caller waited for ever: a websocket whose
command came as its table closed read no more messages, and an operator's close in a cluster
hung when the replica it was going through was dropped at the same moment (seen in
``test_service_cluster_tables``: the close at one process never answered).

In a cluster (two in-process services on one PostgreSQL): a close that takes over a table
whose replica is being dropped rebuilds the table and closes it; a replica with a subscription
on its way is not dropped.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from paigow.service.accounts.auth import User
from paigow.service.db import leases
from paigow.service.hub import Service, ServiceOptions
from paigow.service.store.store import Store
from paigow.service.tables.actor import GONE, TableActor, TableGoneError
from paigow.service.tables.config import TableConfig
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_sim import Sub

__all__ = ["pg_cluster"]

ANN = User(1, "ann", "player")
#: Far longer than any answer takes: a caller still waiting after this waits for ever.
PATIENCE = 20


def _quiet(_sub: Sub, _msg: dict[str, Any]) -> None:
    return None


async def _one(tmp: Path, table_id: str) -> tuple[Service, TableActor]:
    """A service on SQLite with one table open and 1,000.00 in ann's wallet."""
    svc = Service(Store(f"sqlite:///{tmp / 'gone.db'}"), ServiceOptions(seed=3))
    await svc.start()
    svc.store.cashier("wallet:ann", 100_000, "deposit")
    return svc, await svc.open_table(TableConfig(id=table_id, profile="generic"))


def test_what_was_asked_of_a_stopped_table_and_after_is_answered(tmp_path: Path) -> None:
    """The actor is stopped in the middle of an operator's task, with a command, a
    subscription and another task queued behind it: all four are answered; a command, a
    subscription and a task asked afterwards too, at once."""

    async def main() -> None:
        svc, actor = await _one(tmp_path, "g")
        try:
            release = asyncio.Event()

            async def slow() -> dict[str, Any]:
                await release.wait()  # never set: the actor is stopped in the middle
                return {}

            busy = asyncio.ensure_future(actor.call(slow))
            await asyncio.sleep(0.05)
            cmd = asyncio.ensure_future(actor.command(ANN, "k1", "sit", {"seat": "1"}))
            sub = asyncio.ensure_future(actor.subscribe(Sub(ANN, _quiet)))
            task = asyncio.ensure_future(actor.call(slow))
            await asyncio.sleep(0.05)
            assert not any(f.done() for f in (busy, cmd, sub, task))
            await actor.stop()
            _answered, waiting = await asyncio.wait([busy, cmd, sub, task], timeout=PATIENCE)
            assert not waiting
            assert cmd.result() == {"status": "refused", "error": GONE}
            for f in (busy, sub, task):
                assert isinstance(f.exception(), TableGoneError)
            after = await asyncio.wait_for(actor.command(ANN, "k2", "sit", {}), PATIENCE)
            assert after == {"status": "refused", "error": GONE}
            with pytest.raises(TableGoneError):
                await asyncio.wait_for(actor.subscribe(Sub(ANN, _quiet)), PATIENCE)
            with pytest.raises(TableGoneError):
                await asyncio.wait_for(actor.call(slow), PATIENCE)
            assert svc.store.balance("wallet:ann") == 100_000  # nothing half-done
        finally:
            await svc.stop()

    asyncio.run(main())


def test_what_comes_as_a_table_closes_is_answered(tmp_path: Path) -> None:
    """A command sent to a table while it closes: answered (applied before the close, or
    refused), never left waiting; the table is closed and let go."""

    async def main() -> None:
        svc, actor = await _one(tmp_path, "c")
        try:
            closing = asyncio.ensure_future(svc.close_table("c"))
            answers = []
            for i in range(20):  # before, during and after the close
                seat = {"seat": "1", "cents": 1_000}
                answers.append(asyncio.ensure_future(actor.command(ANN, f"k{i}", "sit", seat)))
                await asyncio.sleep(0.002)
            await asyncio.wait_for(closing, PATIENCE)
            done, waiting = await asyncio.wait(answers, timeout=PATIENCE)
            assert not waiting
            assert all(f.result()["status"] in ("applied", "refused", "duplicate") for f in done)
            assert actor.stopped and "c" not in svc.actors
            assert svc.store.open_tables() == []
            assert svc.store.balance("wallet:ann") == 100_000  # cashed out whole
        finally:
            await svc.stop()

    asyncio.run(main())


async def _two(url: str) -> tuple[Service, Service]:
    """Two cluster processes on ``url``; their lease loops look only every 10 s (leases of 30 s),
    so that nothing but the test moves the tables."""
    out = []
    for name in ("proc-a", "proc-b"):
        opts = ServiceOptions(seed=7, cluster=True, instance=name, lease_seconds=30)
        svc = Service(Store(url), opts)
        await svc.start()
        out.append(svc)
    return out[0], out[1]


async def _given_up(b: Service, table_id: str) -> None:
    """``b`` gives the table back (as between rounds when over its share)."""
    assert b.cluster is not None
    await b.cluster.demote(b.actors[table_id])
    await b.store.run(leases.release, b.store, b.instance, [table_id])


def test_a_close_through_a_replica_dropped_meanwhile_is_answered(pg_cluster: PgCluster) -> None:
    """Process b opens a table and gives it back; process a has a replica of it (a request
    made one) and an operator closes the table at a. The close finds the lease free and takes
    the table; at that moment a's lease loop drops the replica nobody watches. The close
    rebuilds the table from the store and closes it: answered, the table closed, no actor left
    at either process (before, the promotion was queued behind the drop and never answered)."""

    async def main() -> None:
        a, b = await _two(pg_cluster.new_database())
        try:
            assert a.cluster is not None
            await b.open_table(TableConfig(id="t", profile="generic"))
            replica = await a.find("t")
            assert replica is not None and not replica.owner
            await _given_up(b, "t")
            closing = asyncio.ensure_future(a.close_table("t"))
            await asyncio.sleep(0)  # the close has the replica and asks the store for the lease
            assert not closing.done()
            await a.cluster.drop(replica)
            assert replica.stopped
            await asyncio.wait_for(closing, PATIENCE)
            assert a.store.open_tables() == []
            assert "t" not in a.actors and "t" not in b.actors
            assert a.cluster.work.dropped == 1
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(main())


def test_a_replica_with_a_subscription_on_its_way_is_not_dropped(pg_cluster: PgCluster) -> None:
    """A subscription asked of a replica and not yet made when the lease loop looks for
    replicas nobody watches: the replica stays and the subscriber gets its events (dropped,
    the subscriber would have been left on a stopped actor, told nothing more)."""

    async def main() -> None:
        a, b = await _two(pg_cluster.new_database())
        try:
            assert a.cluster is not None
            await b.open_table(TableConfig(id="w", profile="generic", computer_players=1))
            replica = await a.find("w")
            assert replica is not None
            sub = Sub(ANN, _quiet)
            joining = asyncio.ensure_future(replica.subscribe(sub))
            await asyncio.sleep(0)
            assert replica.joining == 1 and sub not in replica.subscribers
            await a.cluster.drop(replica)
            await asyncio.wait_for(joining, PATIENCE)
            assert a.actors.get("w") is replica and not replica.stopped
            assert sub in replica.subscribers and sub.count >= 1
            await a.cluster.drop(replica)  # watched: kept
            assert not replica.stopped
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(main())

"""A cluster whose cost does not grow with its size (docs/scaling.md): a process keeps a replica
of a table another process runs only while one of its clients watches it, made on the first
subscription and dropped with the last, and its replicas' work is counted per table
(``GET /api/cluster``); every process lists every open table in its lobby, and
``GET /api/tables/{id}/server`` sends a table's clients to the process that runs it, where
nothing is forwarded.

The counts are held to the store: a replica that followed a table from its first command has
replayed exactly the table's stored commands (its ``last_seq``), once each."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from paigow.service.cluster.replicas import MOVING
from paigow.service.store.store import Store
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Client, Server, drive, eventually
from test_service_scale import LEASE, PROXY, audit, owners

__all__ = ["pg_cluster"]


@pytest.fixture
def two(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two processes on one new database, each announcing its own websocket address."""
    url = pg_cluster.new_database()
    servers: list[Server] = []
    try:
        for name in ("proc-a", "proc-b"):
            srv = Server(url, tmp_path, "--cluster", "--instance", name, "--lease-seconds", LEASE)
            srv.args = (*srv.args, *PROXY)
            os.environ["PAIGOW_ADDRESS"] = srv.ws_url
            servers.append(srv.start())
        yield servers[0], servers[1]
    finally:
        os.environ.pop("PAIGOW_ADDRESS", None)
        for srv in servers:
            srv.stop()


def report(srv: Server) -> dict[str, Any]:
    r = srv.http("GET", "/api/cluster", srv.login(OPERATOR))
    assert r.status_code == 200, r.text
    return dict(r.json())


def last_seq(url: str, table: str) -> int:
    store = Store(url)
    try:
        return int(store.head(table)[1] or 0)
    finally:
        store.close()


def waiting_for_wagers(st: dict[str, Any]) -> bool:
    w = st["waiting"]
    return bool(w) and w["for"] == "wagers" and st["rounds"] >= 1


def play_rounds(clients: list[Client], table: str, n: int) -> None:
    """``n`` more rounds, then until the table waits for the next wagers (it stays there: the
    wager window is long)."""
    start = clients[0].state[table]["rounds"]
    drive(clients, table, lambda s: s["rounds"] >= start + n)
    drive(clients, table, waiting_for_wagers)


def spread_two(a: Server, b: Server) -> tuple[str, str]:
    """Two tables opened on A, spread one to each process: (A's, B's)."""
    op = a.login(OPERATOR)
    for tid in ("ra", "rb"):
        a.open_table(op, id=tid, profile="generic", pause_seconds=0, wager_seconds=600)
    eventually(lambda: sorted(owners(a.db_url).values()) == ["proc-a", "proc-b"], "one table each")
    o = owners(a.db_url)
    return next(t for t in o if o[t] == "proc-a"), next(t for t in o if o[t] == "proc-b")


def test_a_replica_only_where_someone_watches(two: tuple[Server, Server]) -> None:
    """Table TA run by A, TB by B, both played. A watcher of TA on B: B keeps a replica of TA
    and replays exactly TA's stored commands into it, and none of TB's (it runs TB); A keeps
    no replica at all, replays nothing, and is not even told of TB's changes (no one but B
    watches TB). The watcher leaves: B drops the replica, and TA's next round costs B
    nothing."""
    a, b = two
    ta, tb = spread_two(a, b)
    at_a = a.seat(ta, ["repa1"], ["1"])
    at_b = b.seat(tb, ["repb1"], ["1"])
    watcher = b.client(b.player("repw"))  # B's client of A's table: B's replica
    watcher.subscribe(ta)
    seated = b.client(b.player("repb2"))  # and one who plays there through B
    seated.subscribe(ta)
    seated.ok(ta, "sit", seat="2", cents=20_000)
    play_rounds([*at_a, seated], ta, 2)
    play_rounds(at_b, tb, 2)
    # each of TA's stored commands replayed once into B's replica (eventually: it follows)
    eventually(
        lambda: report(b)["replica_commands"] == {ta: last_seq(a.db_url, ta)},
        "B's replica has replayed TA's stored commands, each once",
    )
    ra, rb = report(a), report(b)
    assert ra["runs"] == [ta] and ra["replicas"] == [], ra
    assert ra["replica_commands"] == {} and ra["replicas_created"] == 0, ra
    assert ra["changes_ignored"] == 0, ra  # A was not even told of TB's changes
    assert rb["changes_not_sent"] > 0, rb  # B told no one: no one else watches TB
    assert rb["runs"] == [tb] and rb["replicas"] == [ta], rb
    assert set(rb["replica_commands"]) == {ta}, rb  # and nothing of TB, which B runs
    assert rb["replicas_created"] == 1 and rb["forwarded"] > 0, rb

    watcher.close()
    seated.ok(ta, "leave")
    seated.send({"type": "unsubscribe", "table": ta})
    eventually(lambda: report(b)["replicas"] == [], "B drops its replica of TA")
    assert report(b)["replicas_dropped"] == 1
    before = report(b)["replica_commands"][ta]
    play_rounds(at_a, ta, 1)
    after = report(b)
    assert after["replica_commands"][ta] == before and after["replicas"] == [], after
    for c in (*at_a, *at_b, seated):
        c.close()
    assert audit(a.db_url) == []


def test_clients_sent_to_the_owner(two: tuple[Server, Server]) -> None:
    """Either process lists both tables in its lobby, the other's as its owner announced it;
    asked where a table's clients go, either answers the owner's address; players who connect
    there play without a command forwarded, a replica anywhere, or a change notified to the
    other process."""
    a, b = two
    ta, tb = spread_two(a, b)

    def lobby_line(srv: Server, tid: str) -> dict[str, Any] | None:
        """The table's line in ``srv``'s lobby, but what moves while a round is played (the
        phase and the round count: not announced, null at the other process)."""
        lines = srv.http("GET", "/api/tables").json()
        line = next((x for x in lines if x["id"] == tid), None)
        return None if line is None else {k: v for k, v in line.items() if k not in MOVING}

    def same_lines() -> bool:  # each process lists the other's table as its owner does
        return all(
            lobby_line(srv, tid) == lobby_line(own, tid) is not None
            for srv, own, tid in ((a, b, tb), (b, a, ta))
        )

    eventually(same_lines, "both tables in both lobbies")
    for srv in (a, b):
        for tid, owner in ((ta, a), (tb, b)):
            r = srv.http("GET", f"/api/tables/{tid}/server")
            assert r.status_code == 200, r.text
            assert r.json()["server"] == owner.ws_url, r.json()
    assert a.http("GET", "/api/tables/nosuch/server").status_code == 404

    def at_owner(tid: str, names: list[str]) -> list[Client]:
        srv = a if a.http("GET", f"/api/tables/{tid}/server").json()["owner"] == "proc-a" else b
        return srv.seat(tid, names, ["1", "2"])

    pa, pb = at_owner(ta, ["owna1", "owna2"]), at_owner(tb, ["ownb1", "ownb2"])
    play_rounds(pa, ta, 2)
    play_rounds(pb, tb, 2)
    for srv in (a, b):
        counts = report(srv)
        assert counts["forwarded"] == 0 and counts["replica_commands"] == {}, counts
        assert counts["replicas_created"] == 0 and counts["changes_ignored"] == 0, counts
        assert counts["changes_not_sent"] > 0, counts  # no one to tell
    for c in (*pa, *pb):
        c.close()
    assert audit(a.db_url) == []

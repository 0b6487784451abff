"""Tables in a cluster: two ``paigow serve --cluster`` processes on one PostgreSQL.

* The cap of private tables per player holds across the cluster (docs/service.md, "Private
  tables"): openings sent at once to both processes never leave a player more tables than
  ``--private-tables-per-player``, because the cap is checked and the place taken in one
  transaction with the player's account row locked (``paigow.service.private.rooms._reserve``),
  not by a lock of one process.
* A table opened on one process is never taken by the other's lease loop before its opener
  holds it (docs/scaling.md, "A table has one owner at a time"): the lease is taken before the
  table is stored, so every opening is answered 201, never a server error.
* The pit's floor on either process lists every open table with what the operator may do,
  the tables the other process runs too (asked of their owner: no replica is made for the
  floor, counted), never a server error, as asked for and as pushed to an operator who follows
  it (a change at the other process's table too); a
  table's rules (``/info``) and rounds (``/history``) are answered by either process. While
  a table's owner is silent (stopped), the floor pushed at the other process keeps showing it
  as the route does (seen through a replica made from the store), never dropping it.
* Tables closed do not count in a process's share (docs/scaling.md, "Sharing the tables
  out"): after one process's tables are closed, the other gives back what is over its share
  and the first takes it, and from then on every open table is held by one of them at every
  moment and can be closed at either process on the first asking; each process's ``/metrics``
  counts the leases the store says it holds.
"""

from __future__ import annotations

import contextlib
import json
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st

from metrics_text import parse
from paigow.service.cluster.floor_ask import parts_of
from paigow.service.db import leases
from paigow.service.db.schema import tables as db_tables
from paigow.service.private.tables import private_tables
from paigow.service.store.store import Store
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Server, eventually

__all__ = ["pg_cluster"]

CAP = 2


@contextlib.contextmanager
def pair(pg_cluster: PgCluster, tmp: Path, lease: str) -> Iterator[tuple[Server, Server, str]]:
    """Two cluster processes on one new database, with a cap of two private tables."""
    url = pg_cluster.new_database()
    args = (
        "--cluster",
        "--lease-seconds",
        lease,
        f"--private-tables-per-player={CAP}",
        "--limit=private.open=1000/1",
    )
    a = Server(url, tmp, "--instance", "proc-a", *args).start()
    b = Server(url, tmp, "--instance", "proc-b", *args).start()
    try:
        yield a, b, url
    finally:
        a.stop()
        b.stop()


@pytest.fixture
def two(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[tuple[Server, Server, str]]:
    """The pair with leases of three seconds."""
    with pair(pg_cluster, tmp_path, "3") as got:
        yield got


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
    op = {a: a.login(OPERATOR), b: b.login(OPERATOR)}
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
        for i, table in enumerate(opened):  # closed at either process, at the first asking
            srv = (a, b)[i % 2]  # (the tables shared out meanwhile: docs/scaling.md)
            r = srv.http("POST", f"/api/tables/{table}/close", op[srv])
            assert r.status_code == 200, (attempt, table, r.text)
        assert open_rows(url, "rush") == []  # the places free again for the next attempt


def test_a_table_being_opened_is_never_taken_by_the_other_process(
    pg_cluster: PgCluster, tmp_path: Path
) -> None:
    with pair(pg_cluster, tmp_path, "1") as (a, _b, url):  # b's lease loop: 3 looks a second
        opened_on(a, url)


def opened_on(a: Server, url: str) -> None:
    """48 tables opened on ``a``, six at a time: every one answered 201, stored and leased."""
    op = a.login(OPERATOR)
    ids = [f"race{i}" for i in range(48)]
    with ThreadPoolExecutor(6) as pool:
        answers = list(
            pool.map(
                lambda t: a.http("POST", "/api/tables", op, {"id": t, "profile": "generic"}), ids
            )
        )
    assert [r.status_code for r in answers] == [201] * len(ids), [
        r.text for r in answers if r.status_code != 201
    ]
    store = Store(url)
    try:
        stored = {t for t, _ in store.open_tables()}
        leased = set(leases.owners(store))
    finally:
        store.close()
    assert set(ids) <= stored & leased, sorted(set(ids) - (stored & leased))
    again = a.http("POST", "/api/tables", op, {"id": "race0", "profile": "generic"})
    assert again.status_code == 409 and "exists already" in again.text, again.text


def test_the_floor_of_either_process_lists_the_tables_of_both(
    two: tuple[Server, Server, str],
) -> None:
    a, b, url = two
    for srv, tid in ((a, "floor-a"), (b, "floor-b")):
        op = srv.login(OPERATOR)
        r = srv.http("POST", "/api/tables", op, {"id": tid, "profile": "generic"})
        assert r.status_code == 201, r.text
    store = Store(url)
    try:
        held = {t: o for t, (o, _) in leases.owners(store).items()}
    finally:
        store.close()
    assert held["floor-a"] != held["floor-b"]  # one table run by each process
    deadline = time.monotonic() + 30
    for srv in (a, b):  # each has heard of the other's table (its owner's announcement)
        while not {"floor-a", "floor-b"} <= {
            t["id"] for t in srv.http("GET", "/api/tables").json()
        }:
            assert time.monotonic() < deadline, "the owners' announcements never arrived"
            time.sleep(0.2)
    for srv in (a, b):
        op = srv.login(OPERATOR)
        r = srv.http("GET", "/api/pit/floor", op)
        assert r.status_code == 200, r.text
        rows = {t["id"]: t for t in r.json()}
        assert {"floor-a", "floor-b"} <= set(rows), sorted(rows)
        for tid in ("floor-a", "floor-b"):
            row = rows[tid]
            assert row["profile"] == "generic" and row["paused"] is False, row
            assert row["can"]["pause"] is True and row["can"]["close"] is True, row
        # the other process's table was asked of its owner: no replica made for the floor
        work = srv.http("GET", "/api/cluster", op).json()
        assert work["replicas"] == [] and work["replicas_created"] == 0, work
        assert work["floors_asked"] >= 1, work
    # the floor pushed to an operator who follows it at a: b's table too, and b's change
    follower = a.client(a.login(OPERATOR))
    follower.send({"type": "floor"})

    def pushed(pred: Any) -> dict[str, Any]:
        msg = follower.until(
            lambda m: m.get("type") == "floor" and pred({t["id"]: t for t in m["tables"]}),
            "the floor pushed",
            10,
        )
        return {t["id"]: t for t in msg["tables"]}

    rows = pushed(lambda ts: {"floor-a", "floor-b"} <= set(ts))
    assert rows["floor-b"]["paused"] is False and rows["floor-b"]["can"]["pause"] is True
    work = a.http("GET", "/api/cluster", a.login(OPERATOR)).json()
    assert work["replicas_created"] == 0, work  # b's table asked of b, never replayed here
    pause = a.http("POST", "/api/pit/tables/floor-b/pause", a.login(OPERATOR))
    assert pause.status_code == 200, pause.text
    rows = {t["id"]: t for t in a.http("GET", "/api/pit/floor", a.login(OPERATOR)).json()}
    assert rows["floor-b"]["paused"] is True and rows["floor-b"]["can"]["resume"] is True
    rows = pushed(lambda ts: ts["floor-b"]["paused"])  # asked of b (at most once a second)
    assert rows["floor-b"]["can"]["resume"] is True
    follower.close()
    for srv in (a, b):  # a table's rules and its rounds are answered by either process
        for tid in ("floor-a", "floor-b"):
            info = srv.http("GET", f"/api/tables/{tid}/info")
            assert info.status_code == 200, info.text
            assert info.json()["profile"] == "generic", info.json()
            rounds = srv.http("GET", f"/api/tables/{tid}/history")
            assert rounds.status_code == 200 and rounds.json() == [], rounds.text
        for path in ("info", "history"):
            assert srv.http("GET", f"/api/tables/nowhere/{path}").status_code == 404


def test_the_floor_pushed_keeps_a_table_whose_owner_is_silent(
    pg_cluster: PgCluster, tmp_path: Path
) -> None:
    # leases of 20 s: the silent owner's table is not taken over while the test looks (b
    # renews every 6.7 s, so its lease holds at least 13 s after it stops)
    with pair(pg_cluster, tmp_path, "20") as (a, b, url):
        op_b = b.login(OPERATOR)
        r = b.http("POST", "/api/tables", op_b, {"id": "quiet", "profile": "generic"})
        assert r.status_code == 201, r.text
        eventually(
            lambda: "quiet" in {t["id"] for t in a.http("GET", "/api/tables").json()},
            "b's announcement of its table at a",
        )
        op_a = a.login(OPERATOR)
        follower = a.client(op_a)
        follower.send({"type": "floor"})
        floors: list[set[str]] = []
        follower.until(
            lambda m: m.get("type") == "floor" and "quiet" in {t["id"] for t in m["tables"]},
            "the floor with b's table, asked of b",
            15,
        )
        assert b.proc is not None
        b.proc.send_signal(signal.SIGSTOP)
        try:
            # b answers no question now: a makes a replica of its table for the floor
            eventually(
                lambda: a.http("GET", "/api/cluster", op_a).json()["replicas_created"] >= 1,
                "a replica of the silent owner's table",
                20,
            )
            deadline = time.monotonic() + 5  # two answers without b at least
            while (left := deadline - time.monotonic()) > 0:
                with contextlib.suppress(TimeoutError):
                    msg = follower.recv(timeout=left)
                    if msg.get("type") == "floor":
                        floors.append({t["id"] for t in msg["tables"]})
            # every floor pushed while b was silent showed its table, and the route agrees
            assert all("quiet" in ids for ids in floors), floors
            rows = {t["id"]: t for t in a.http("GET", "/api/pit/floor", op_a).json()}
            assert rows["quiet"]["profile"] == "generic", rows
            store = Store(url)
            try:  # still b's all along: seen through the replica, not taken over
                assert leases.owners(store)["quiet"][0] == "proc-b"
            finally:
                store.close()
        finally:
            b.proc.send_signal(signal.SIGCONT)
        follower.close()


def held_now(url: str) -> tuple[set[str], dict[str, str]]:
    """The open tables and, of those, the ones whose lease is valid (table -> owner), read
    from the store itself."""
    store = Store(url)
    try:
        open_ids = {t for t, _ in store.open_tables()}
        valid = {t: o for t, (o, ok) in leases.owners(store).items() if ok and t in open_ids}
    finally:
        store.close()
    return open_ids, valid


def test_closed_tables_leave_the_share_and_every_open_table_stays_held(
    pg_cluster: PgCluster, tmp_path: Path
) -> None:
    # Before the fix, a process counted the tables it had closed in its share: after a's four
    # tables closed, b gave back two of its four (over its share of two) and a, "full" with
    # its closed tables, never took them: two open tables nobody ran, whose close was answered
    # "the table moved" at both processes for as long as the service ran.
    with pair(pg_cluster, tmp_path, "1") as (a, b, url):
        ops = {a: a.login(OPERATOR), b: b.login(OPERATOR)}
        for srv, prefix in ((a, "a"), (b, "b")):
            for i in range(4):
                r = srv.http(
                    "POST", "/api/tables", ops[srv], {"id": f"{prefix}{i}", "profile": "generic"}
                )
                assert r.status_code == 201, r.text
        for i in range(4):  # a runs the tables it opened: each closes there at once
            r = a.http("POST", f"/api/tables/a{i}/close", ops[a])
            assert r.status_code == 200, r.text
        deadline = time.monotonic() + 30  # shared out again: two each, every one held
        while True:
            open_ids, valid = held_now(url)
            owners = sorted(valid.values())
            if set(valid) == open_ids and owners.count("proc-a") == 2:
                break
            assert time.monotonic() < deadline, (sorted(open_ids), valid)
            time.sleep(0.2)
        assert open_ids == {"b0", "b1", "b2", "b3"}
        # and it stays so: no table is left without an owner. A lease of one second may lapse
        # for a moment on a loaded machine (a renewal late): the other process takes the
        # table at its next look; a table the shares leave to nobody stays unheld.
        start = time.monotonic()
        unheld_since: dict[str, float] = {}
        longest = 0.0
        while (t := time.monotonic()) < start + 6:
            open_ids, valid = held_now(url)
            for tid in open_ids:
                if tid in valid:
                    unheld_since.pop(tid, None)
                else:
                    longest = max(longest, t - unheld_since.setdefault(tid, t))
            time.sleep(0.1)
        assert longest < 3, (longest, sorted(unheld_since))

        # each process's own figures (docs/deploy.md, "Metrics and alerts"): the leases it
        # holds as the store has them, the cluster it sees, the tables it took over
        def agree() -> bool:
            _open, valid = held_now(url)
            for srv, name in ((a, "proc-a"), (b, "proc-b")):
                m = parse(srv.http("GET", "/metrics", ops[srv]).text)
                mine = sum(1 for o in valid.values() if o == name)
                if m.value("paigow_leases_held") != mine:
                    return False
                assert m.value("paigow_cluster_processes") == 2
                assert m.value("paigow_cluster_tables") == 4
            return True

        eventually(agree, "each process's figures as the store's leases say")
        took = parse(a.http("GET", "/metrics", ops[a]).text)
        assert took.value("paigow_lease_takeovers_total") >= 2  # b's two, given back
        for i in range(4):  # closed at a, whichever process runs each: first asking
            r = a.http("POST", f"/api/tables/b{i}/close", ops[a])
            assert r.status_code == 200, (i, r.text)
        assert held_now(url)[0] == set()


@given(
    st.lists(
        st.dictionaries(st.sampled_from(["id", "x", "y"]), st.text(max_size=300), min_size=1),
        max_size=60,
    ),
    st.integers(200, 2000),
)
def test_an_owners_floor_answer_is_cut_into_parts_that_fit_a_notification(
    rows: list[dict[str, Any]], room: int
) -> None:
    # The owners' answers travel as PostgreSQL notifications (under 8,000 bytes): each part
    # under the room given, unless one row alone is larger; together, the rows in order.
    parts = parts_of(rows, room)
    assert [r for p in parts for r in p] == rows
    assert all(p for p in parts) or parts == [[]]
    for p in parts:
        size = sum(len(json.dumps(r, separators=(",", ":")).encode()) + 1 for r in p)
        assert size <= room or len(p) == 1, (size, len(p))

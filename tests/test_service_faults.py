"""Fault drills (docs/reliability.md): the database restarted under play; a client that
disconnects after every step; duplicated and reordered client messages, by hand and generated
(hypothesis). After each: no chip lost or created (``paigow audit`` clean), no round stuck (play
goes on). ``kill -9`` of the server is tests/test_service_crash.py, of one process of several
tests/test_service_scale.py; the longer runs are scripts/drill.py."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paigow.service.pit.audit import audit_store
from paigow.service.store.store import Store
from paigow.service.tables.conduct import Floor, Wait, next_step
from paigow.service.tables.config import TableConfig
from paigow.service.tables.engine import TableEngine
from paigow.table.observation import OPERATOR as OPERATOR_VIEW
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Client, Server, default_policy, drive

__all__ = ["pg_cluster"]


def audit(url: str) -> list[str]:
    store = Store(url)
    try:
        return audit_store(store).findings
    finally:
        store.close()


def rounds_of(srv: Server, table: str) -> int:
    return int(srv.http("GET", f"/api/tables/{table}").json()["rounds"])


def test_database_restart_under_play(pg_cluster: PgCluster, tmp_path: Path) -> None:
    """PostgreSQL restarted (fast shutdown: every connection cut) while two players and two
    computer players play: commands in flight are refused with "nothing changed" or applied,
    the service reconnects by itself, play goes on, the audit is clean."""
    url = pg_cluster.new_database()
    srv = Server(url, tmp_path).start()
    try:
        op = srv.login(OPERATOR)
        srv.open_table(op, id="db1", profile="generic", computer_players=2, pause_seconds=0)
        clients = srv.seat("db1", ["dbrsa", "dbrsb"], ["1", "2"])
        goal = [10**9]
        failures: list[BaseException] = []

        def play() -> None:
            try:
                drive(clients, "db1", lambda s: s["rounds"] >= goal[0], limit=180, tolerate=True)
            except BaseException as e:  # reported by the main thread
                failures.append(e)

        t = threading.Thread(target=play)
        t.start()
        deadline = time.monotonic() + 60
        while rounds_of(srv, "db1") < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        pg_cluster.restart()
        after = rounds_of_retry(srv, "db1")
        goal[0] = after + 3
        t.join(200)
        assert not failures, failures
        assert not t.is_alive()
        for c in clients:
            c.close()
        live = srv.http("GET", "/api/audit", op).json()["findings"]
        stored = audit(url)
        assert live == [] and stored == [], (live, stored, srv.log())
    finally:
        srv.stop()
    assert audit(url) == []


def rounds_of_retry(srv: Server, table: str) -> int:
    """The table's rounds, asked until the service answers again after the restart."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return rounds_of(srv, table)
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("faults")
    s = Server(f"sqlite:///{tmp / 'faults.sqlite3'}", tmp).start()
    try:
        yield s
    finally:
        s.stop()


def test_a_client_that_disconnects_at_every_step(srv: Server) -> None:
    """A player who connects, answers one decision and disconnects, again and again (beside a
    steady player): every round finishes, the audit is clean."""
    op = srv.login(OPERATOR)
    srv.open_table(op, id="dc1", profile="generic", computer_players=2, pause_seconds=0)
    steady = srv.seat("dc1", ["steady"], ["1"])[0]
    token = srv.player("flaky")
    c = srv.client(token)
    c.subscribe("dc1")
    c.ok("dc1", "sit", seat="2", cents=20_000)
    c.close()
    start = rounds_of(srv, "dc1")
    reconnects = 0
    deadline = time.monotonic() + 120
    while rounds_of(srv, "dc1") < start + 3:
        assert time.monotonic() < deadline, "the table is stuck"
        drive([steady], "dc1", lambda s: "flaky" in ((s["waiting"] or {}).get("who") or []))
        c = srv.client(token)
        reconnects += 1
        st = c.subscribe("dc1")
        w = st["waiting"]
        if w and "flaky" in w["who"]:
            for action, args in default_policy(c, "dc1", st)[:1]:  # one step, then gone
                r = c.command("dc1", action, **args)
                assert r["status"] in ("applied", "duplicate"), r
        c.close()
    assert reconnects >= 6
    steady.close()
    assert srv.http("GET", "/api/audit", op).json()["findings"] == []
    assert audit(srv.db_url) == []


def _wait_for(c: Client, table: str, what: str) -> dict[str, Any]:
    return c.wait_state(table, lambda s: bool(s["waiting"]) and s["waiting"]["for"] == what, what)


def test_duplicated_and_reordered_messages(srv: Server) -> None:
    """The same command sent twice at once is applied once (the second answer: duplicate, the
    same sequence number); a command sent before its moment is refused and changes nothing;
    answers come in the order the commands were sent."""
    op = srv.login(OPERATOR)
    srv.open_table(op, id="dup1", profile="generic", computer_players=2, pause_seconds=0)
    a = srv.seat("dup1", ["dupa"], ["1"])[0]
    st = _wait_for(a, "dup1", "wagers")
    wager = {
        "type": "command",
        "table": "dup1",
        "id": "w-1",
        "action": "wager",
        "args": {"spot": "1", "cents": 500},
    }
    early_set = {
        "type": "command",
        "table": "dup1",
        "id": "s-1",
        "action": "set",
        "args": {"spot": "1", "high": ["6-6", "4-5"], "low": ["1-2", "3-3"]},
    }
    for m in (early_set, wager, wager, wager):  # reordered and duplicated, without waiting
        a.send(m)
    results = [a.until(lambda m: m.get("type") == "result", "result") for _ in range(4)]
    assert [r["id"] for r in results] == ["s-1", "w-1", "w-1", "w-1"]
    assert results[0]["status"] == "refused"
    assert results[1]["status"] == "applied"
    assert [r["status"] for r in results[2:]] == ["duplicate", "duplicate"]
    assert {r["seq"] for r in results[1:]} == {results[1]["seq"]}
    st = a.state["dup1"]
    mine = [w for w in st["round"]["wagers"] if w["player"] == "dupa"]
    assert len(mine) == 1
    a.send({**wager, "id": "w-2"})  # a second main wager on the spot: refused
    r = a.until(lambda m: m.get("type") == "result" and m["id"] == "w-2", "w-2")
    assert r["status"] == "refused"
    rounds = a.state["dup1"]["rounds"]
    drive([a], "dup1", lambda s: s["rounds"] >= rounds + 2)
    a.close()
    assert audit(srv.db_url) == []


MESSAGES = st.sampled_from(
    [
        ("wager", {"spot": "1", "cents": 500}),
        ("wager", {"spot": "1", "cents": 500, "kind": "pair-fortunes"}),
        ("remove_wager", {"ref": "w1"}),
        ("ready", {}),
        ("house_way", {"spot": "1"}),
        ("set", {"spot": "1", "high": ["6-6", "4-5"], "low": ["1-2", "3-3"]}),
        ("stand", {}),
        ("bank", {"accept": False}),
        ("leave", {}),
        ("sit", {"seat": "1", "cents": 5000}),
    ]
)


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(burst=st.lists(st.tuples(MESSAGES, st.integers(0, 3)), min_size=1, max_size=8))
def test_generated_bursts_of_duplicated_and_reordered_commands(
    srv: Server, burst: list[tuple[tuple[str, dict[str, Any]], int]]
) -> None:
    """Bursts of commands in any order, some with an id used before (a duplicate or a clash):
    every command gets exactly one answer, in order; an id used again is never applied twice;
    the ledger stays balanced and play goes on."""
    op = srv.login(OPERATOR)
    table = "gen1"
    if srv.http("GET", f"/api/tables/{table}").status_code == 404:
        srv.open_table(op, id=table, profile="generic", computer_players=2, pause_seconds=0)
        srv.seat(table, ["gena"], ["1"])[0].close()
    c = srv.client(srv.login("gena"))
    c.subscribe(table)
    base = f"k{time.monotonic_ns()}"
    for (action, args), n in burst:
        c.send(
            {"type": "command", "table": table, "id": f"{base}-{n}", "action": action, "args": args}
        )
    results = [c.until(lambda m: m.get("type") == "result", "a result") for _ in range(len(burst))]
    assert [r["id"] for r in results] == [f"{base}-{n}" for _, n in burst]
    applied: dict[str, int] = {}
    for r in results:
        if r["status"] == "applied" and r.get("seq") is not None:
            assert r["id"] not in applied, r  # an id is applied once
            applied[r["id"]] = r["seq"]
        if r["status"] == "duplicate":
            assert r["id"] in applied or r.get("seq") is not None
    c.close()
    findings = srv.http("GET", "/api/audit", op).json()["findings"]
    assert findings == [], (burst, findings)


def _burst_table(srv: Server) -> str:
    """The bursts' table: opened here with ``gena`` seated when this test runs alone (the burst
    test keeps its own copy of these lines, since Hypothesis derives its examples from the
    test's source)."""
    table = "gen1"
    if srv.http("GET", f"/api/tables/{table}").status_code == 404:
        op = srv.login(OPERATOR)
        srv.open_table(op, id=table, profile="generic", computer_players=2, pause_seconds=0)
        srv.seat(table, ["gena"], ["1"])[0].close()
    return table


def test_play_goes_on_after_the_generated_bursts(srv: Server) -> None:
    """No round stuck after the bursts (run after them, in file order): the table finishes more
    rounds. Run alone, it plays a fresh table."""
    table = _burst_table(srv)
    c = srv.client(srv.login("gena"))
    st = c.subscribe(table)
    if "gena" not in st["seats"]:
        c.ok(table, "sit", seat="1", cents=5000)
    rounds = c.state[table]["rounds"]
    drive([c], table, lambda s: s["rounds"] >= rounds + 2, tolerate=True)
    c.close()
    assert audit(srv.db_url) == []


def test_a_batch_across_rounds_rolls_back_whole() -> None:
    """A batch the store could not write that finished a round and began the next (the
    dealer's chores after the last decision) is rolled back to exactly the table before it:
    replaying the stored commands and the rolled-back table agree, and the same steps can be
    taken again (found by the database-restart drill)."""
    cfg = TableConfig(id="rb", profile="generic", computer_players=0)
    e = TableEngine(cfg)
    stored = [{"a": "sit", "player": "a", "seat": "1", "cents": 10_000}]
    e.apply(stored[0])
    floor, rng = Floor(), random.Random(3)
    for _ in range(200):  # the second round's settlement is reached in about 30 steps
        if e.session.rounds >= 1 and e.round is not None and e.round.phase == "surrender":
            break
        step = next_step(e, floor, rng)
        if isinstance(step, Wait):
            if step.what == "wagers" and not e.round.wagers:  # type: ignore[union-attr]
                c = {"a": "wager", "player": "a", "spot": "1", "cents": 500}
                e.apply(c)
                stored.append(c)
            floor.expired.add(step.key)
            continue
        assert step is not None
        e.apply(step)
        stored.append(step)
        if step["a"] == "finish":
            floor = Floor(f"r{e.session.rounds}-after")  # as the service does, per round
        if step["a"] == "begin":
            floor = Floor(f"r{e.session.rounds + 1}")
    else:
        raise AssertionError("the second round never reached its settlement")
    before = e.checkpoint()
    view = json.dumps(e.view(OPERATOR_VIEW), sort_keys=True)
    batch: list[dict[str, Any]] = [{"a": "settle"}, {"a": "finish"}, {"a": "begin", "banker": None}]
    for cmd in batch:
        e.apply(cmd)
    e.rollback(before)
    assert json.dumps(e.view(OPERATOR_VIEW), sort_keys=True) == view
    fresh = TableEngine(cfg)
    for c in stored:
        fresh.apply(c)
    assert json.dumps(fresh.view(OPERATOR_VIEW), sort_keys=True) == view
    e.apply({"a": "settle"})  # the table goes on from there
    e.apply({"a": "finish"})
    assert e.session.rounds == fresh.session.rounds + 1

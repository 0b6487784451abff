"""Several server processes sharing one PostgreSQL (``paigow serve --cluster``, docs/scaling.md):
a table is run by one process at a time under a lease; clients of another process play through
it (commands forwarded, updates relayed, every message still projected for its reader); the
tables spread over the processes; ``kill -9`` of the process that runs a table in mid-round: the
other process takes it within seconds, rebuilds it from the store, the clients reconnect and the
round goes on; no chip lost or created (``paigow audit``), no round stuck."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from paigow.service.db import leases
from paigow.service.pit.audit import audit_store
from paigow.service.store.store import Store
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_proxy import Nginx
from service_support import OPERATOR, PASSWORD, Server, drive, eventually

__all__ = ["pg_cluster"]

LEASE = "3"
#: nginx runs on loopback: its X-Forwarded-For is believed (docs/scaling.md).
PROXY = ("--trusted-proxy", "127.0.0.1")


def cluster_server(url: str, tmp: Path, name: str) -> Server:
    args = ("--cluster", "--instance", name, "--lease-seconds", LEASE, *PROXY)
    return Server(url, tmp, *args).start()


@pytest.fixture
def two(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two processes on one new database."""
    url = pg_cluster.new_database()
    a = cluster_server(url, tmp_path, "proc-a")
    b = cluster_server(url, tmp_path, "proc-b")
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def owners(url: str) -> dict[str, str]:
    store = Store(url)
    try:
        return {t: o for t, (o, valid) in leases.owners(store).items() if valid}
    finally:
        store.close()


def audit(url: str) -> list[str]:
    store = Store(url)
    try:
        return audit_store(store).findings
    finally:
        store.close()


def test_clients_of_either_process_play_one_table(two: tuple[Server, Server]) -> None:
    """A table opened on process A, played by one player on A and one on B: both see every
    change, each only their own tiles until the exposure (the replica projects for its
    reader); B's commands run at A; one owner; the audit is clean."""
    a, b = two
    op = a.login(OPERATOR)
    a.open_table(op, id="s1", profile="generic", computer_players=2, pause_seconds=0)
    assert owners(a.db_url) == {"s1": "proc-a"}
    pa = a.seat("s1", ["scalea"], ["1"])[0]
    pb = b.client(b.player("scaleb"))
    pb.subscribe("s1")
    pb.ok("s1", "sit", seat="2", cents=20_000)

    def dealt(st: dict[str, Any]) -> bool:
        w = st["waiting"]
        return bool(w) and w["for"] == "setting" and len(w["who"]) == 2

    st = drive([pa, pb], "s1", dealt)
    # drive stops on the first client to see the deal; each reads its own view once it has it
    # (B's arrives through its process's replica, a moment later).
    pa.wait_state("s1", dealt, "the deal at A")
    pb.wait_state("s1", dealt, "the deal at B")
    mine_b = pb.state["s1"]["round"]["positions"]
    assert mine_b["2"]["pieces"] is not None and mine_b["1"]["pieces"] is None
    mine_a = pa.state["s1"]["round"]["positions"]
    assert mine_a["1"]["pieces"] is not None and mine_a["2"]["pieces"] is None
    rounds = st["rounds"]
    drive([pa, pb], "s1", lambda s: s["rounds"] >= rounds + 2)
    assert pa.state["s1"]["seq"] <= pb.state["s1"]["seq"] + 50
    for c in (pa, pb):
        c.close()
    assert owners(a.db_url) == {"s1": "proc-a"}
    assert audit(a.db_url) == []


def test_tables_spread_over_the_processes(two: tuple[Server, Server]) -> None:
    """Four tables opened on A while B runs: A gives tables back between rounds until each
    runs its share; a table opened on B is B's."""
    a, b = two
    op = a.login(OPERATOR)
    for i in range(4):
        a.open_table(op, id=f"sp{i}", profile="generic", pause_seconds=0)

    def spread() -> bool:
        o = owners(a.db_url)
        return len(o) == 4 and sorted(o.values()).count("proc-b") == 2

    eventually(spread, "two tables each")
    b.open_table(b.login(OPERATOR), id="sp-b", profile="generic")
    assert owners(a.db_url)["sp-b"] == "proc-b"
    assert audit(a.db_url) == []


def test_kill9_of_the_owner_mid_round(two: tuple[Server, Server]) -> None:
    """kill -9 of the process that runs the table while a round waits for settings: the other
    process takes the table once the lease runs out, rebuilt from the store; the player of the
    killed process reconnects to the other one; the same round goes on and finishes; play goes
    on; the event log names the takeover; the audit is clean."""
    a, b = two
    op = a.login(OPERATOR)
    a.open_table(
        op, id="k1", profile="generic", computer_players=2, pause_seconds=0, setting_seconds=600
    )
    pa = a.seat("k1", ["killa"], ["1"])[0]
    pb = b.client(b.player("killb"))
    pb.subscribe("k1")
    pb.ok("k1", "sit", seat="2", cents=20_000)

    def both_setting(st: dict[str, Any]) -> bool:
        w = st["waiting"]
        return bool(w) and w["for"] == "setting" and len(w["who"]) == 2

    st = drive([pa, pb], "k1", both_setting)
    round_no = st["rounds"] + 1
    spot = st["round"]["positions"]
    assert spot
    killed_at = time.monotonic()
    a.kill9()
    pa.close()
    eventually(lambda: owners(b.db_url).get("k1") == "proc-b", "proc-b runs k1", limit=60)
    taken = time.monotonic() - killed_at
    pa = b.client(b.login("killa"))  # the player of the killed process reconnects
    st = pa.subscribe("k1")
    assert st["rounds"] + 1 == round_no and st["round_open"], st  # the same round
    drive([pa, pb], "k1", lambda s: s["rounds"] >= round_no + 1, tolerate=True)
    events = b.http("GET", "/api/events", b.login(OPERATOR)).json()
    assert any(e["kind"] == "table_taken" and e["table"] == "k1" for e in events)
    assert any(e["kind"] == "crash_recovery" for e in events) or taken < 6
    for c in (pa, pb):
        c.close()
    assert audit(b.db_url) == []
    print(f"\ntable taken over {taken:.1f} s after kill -9 (lease {LEASE} s)")


def test_a_cluster_needs_postgresql(tmp_path: Path) -> None:
    """--cluster on SQLite: one clear error line, exit 2."""
    import subprocess
    import sys

    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "paigow.cli.main",
            "serve",
            "--cluster",
            "--db",
            f"sqlite:///{tmp_path / 'x.sqlite3'}",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 2 and "PostgreSQL" in r.stderr and "Traceback" not in r.stderr


def test_one_address_for_two_processes(two: tuple[Server, Server], tmp_path: Path) -> None:
    """nginx in front of both processes: the API and the websockets at one address; players
    play through it; kill -9 of the process that runs the table: the players reconnect to the
    same address (nginx takes the dead process out), the other process takes the table, the
    round goes on, the audit is clean."""
    a, b = two
    proxy = Nginx([a.port, b.port], tmp_path).start()
    try:
        front = Server(a.db_url, tmp_path)  # an HTTP and websocket helper aimed at nginx
        front.base, front.ws_url = proxy.base, proxy.ws_url
        op = front.login(OPERATOR)
        front.open_table(
            op,
            id="n1",
            profile="generic",
            computer_players=2,
            pause_seconds=0,
            setting_seconds=600,
        )
        players = front.seat("n1", ["fronta", "frontb"], ["1", "2"])

        def setting(st: dict[str, Any]) -> bool:
            w = st["waiting"]
            return bool(w) and w["for"] == "setting" and len(w["who"]) == 2

        st = drive(players, "n1", setting)
        round_no = st["rounds"] + 1
        runner = a if owners(a.db_url)["n1"] == "proc-a" else b
        other = b if runner is a else a
        runner.kill9()
        for c in players:
            c.close()
        name = other.args[other.args.index("--instance") + 1]
        eventually(lambda: owners(other.db_url).get("n1") == name, "the other runs n1")
        players = [front.reconnect(n) for n in ("fronta", "frontb")]
        for c in players:
            assert c.subscribe("n1")["rounds"] + 1 == round_no
        drive(players, "n1", lambda s: s["rounds"] >= round_no + 1, tolerate=True)
        for c in players:
            c.close()
        assert audit(a.db_url) == []
    finally:
        proxy.stop()


def test_a_revocation_reaches_the_other_process(two: tuple[Server, Server]) -> None:
    """A player's websocket on process A; the player signs out through process B: A closes the
    websocket with 4401 within a second (PostgreSQL NOTIFY). The same for a suspension. (A
    command forwarded to the table's owner is checked against its session in the owner's
    commit: tests/test_service_revocation.py.)"""
    a, b = two
    op = a.login(OPERATOR)
    a.open_table(op, id="rv", profile="generic", wager_seconds=3600)
    token = a.player("farout")
    pa = a.client(token)
    pa.subscribe("rv")
    pa.ok("rv", "sit", seat="1", cents=5000)
    assert b.http("POST", "/api/logout", token).status_code == 200
    t0 = time.monotonic()  # the sign-out has committed
    code, _, _ = pa.closed()
    took = time.monotonic() - t0
    assert code == 4401 and took < 1.0, (code, took)
    again = b.http("POST", "/api/login", body={"name": "farout", "password": PASSWORD})
    other = a.client(again.json()["token"])
    r = b.http("POST", "/api/accounts/farout/suspend", b.login(OPERATOR))
    assert r.status_code == 200
    t0 = time.monotonic()
    code, _, _ = other.closed()
    took = time.monotonic() - t0
    assert code == 4401 and took < 1.0, (code, took)
    assert audit(a.db_url) == []


def test_chat_reaches_the_other_process(two: tuple[Server, Server]) -> None:
    """Table chat across processes (PostgreSQL NOTIFY): a message posted on A reaches a player
    connected to B; a deletion through B leaves A's watchers; a mute set through A keeps B from
    sending the muted player's messages; a silence set through B is refused on A."""
    a, b = two
    op = a.login(OPERATOR)
    a.open_table(op, id="cx", profile="generic", wager_seconds=3600)
    pa = a.client(a.player("chata"))
    pa.subscribe("cx")
    pa.ok("cx", "sit", seat="1", cents=5000)
    pb = b.client(b.player("chatb"))
    pb.subscribe("cx")
    pb.ok("cx", "sit", seat="2", cents=5000)

    def post(c: Any, text: str) -> dict[str, Any]:
        c.send({"type": "chat", "table": "cx", "text": text, "ref": text[:40]})
        return dict(c.until(lambda m: m.get("type") == "chat_result", f"result of {text!r}"))

    def is_chat(text: str) -> Any:
        return lambda m: m.get("type") == "chat" and m["message"]["text"] == text

    r = post(pa, "hello from a")
    assert r["status"] == "posted", r
    got = pb.until(is_chat("hello from a"), "a's message on b")  # posted on a, shown on b
    assert got["message"]["id"] == r["id"] and got["message"]["author"] == "chata"
    d = b.http("POST", f"/api/tables/cx/chat/{r['id']}/delete", b.login(OPERATOR))
    assert d.status_code == 200, d.text
    pa.until(lambda m: m.get("type") == "chat_deleted" and m["id"] == r["id"], "deleted on a")
    m = a.http("POST", "/api/me/mutes", b.login("chatb"), {"player": "chata", "mute": True})
    assert m.json() == {"muted": ["chata"]}
    pc = b.client(b.player("chatc"))  # a spectator on B who muted nobody
    pc.subscribe("cx")
    deadline = time.monotonic() + 10
    for n in range(5):  # the mute reaches B by notification; until then B may still send chata's
        start = len(pb.messages)
        text = f"muted yet? {n}"
        assert post(pa, text)["status"] == "posted"
        pc.until(is_chat(text), "chata's message on b")  # b has handled it: pb got it, or not
        assert post(pb, f"marker {n}")["status"] == "posted"  # after it, in order, on pb
        if not [x for x in pb.messages[start:] if is_chat(text)(x)]:
            break
        assert time.monotonic() < deadline, "the mute never reached process b"
        time.sleep(2.1)  # within chat.account's five messages per 10 s
    else:
        raise AssertionError("the mute never reached process b")
    s = b.http("POST", "/api/accounts/chata/silence", b.login(OPERATOR), {"minutes": 5})
    assert s.status_code == 200
    deadline = time.monotonic() + 10
    while "silenced" not in post(pa, "am I silenced?").get("error", ""):
        assert time.monotonic() < deadline, "the silence never reached process a"
        time.sleep(2.1)

"""Where the table's features meet (docs/reliability.md, "Threats"), on a real server of each
backend:

* **Refused buy-ins do not stall a table.** Nobody can hold a table up by sending commands the
  service refuses: a player with an empty wallet, or with a daily buy-in limit of one cent,
  who asks for a seat every few tenths of a second is refused each time in words, before the
  table is touched; the window the table waits in keeps its deadline, rounds go on, and the
  log shows no crash's traceback (before, each refused ``sit`` was taken by the table, refused
  by the commit, logged with a traceback, and armed the window again at full length: the table
  stood still for as long as the flood lasted).
  The table's own path is tested in process too: a buy-in that passes the look before and is
  refused by the commit leaves the window's timer and deadline as they were.
* **An operator's limits and options audit clean.** A table opened with limits of its own and
  changed by the pit between rounds plays each round by those rules; the audit replays each
  stored round by them (before, by the bundled profile: every such round was a finding).
* **An operator's close mid-round is a stored round.** Closing a table in the middle of a round
  voids the round and stores it (its row, its record), so the audit replays what is stored and
  finds nothing (before, the void and the finish were stored but not the round's row, and the
  audit reported the round missing for ever).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from paigow.service.accounts.auth import User
from paigow.service.db.background import spawn
from paigow.service.db.database import DatabaseAwayError
from paigow.service.pit.audit import AuditReport, audit_store
from paigow.service.store.store import Store
from paigow.service.tables.config import TableConfig
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_pg import PgCluster
from service_sim import Sim
from service_support import OPERATOR, Client, Server, drive, eventually

__all__ = ["pg_cluster"]


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """``paigow serve`` on a new database of each backend, shared by the module's tests."""
    tmp = tmp_path_factory.mktemp(f"seams-{request.param}")
    srv = Server(db_url(request.param, tmp, request), tmp).start()
    try:
        yield srv
    finally:
        srv.stop()


def _log(srv: Server) -> str:
    """The server's whole log so far."""
    return (srv.workdir / f"server-{srv.port}.log").read_text(errors="replace")


def _flood(
    attacker: Client, table: str, *, seat: str, cents: int, stop: threading.Event
) -> list[Any]:
    """``attacker`` (connected before the rounds are counted: on a busy machine its sign-in
    could otherwise take the rounds' whole time) asks for ``seat`` every 0.3 s until ``stop``;
    every answer."""
    answers: list[Any] = []
    try:
        while not stop.is_set():
            answers.append(attacker.command(table, "sit", seat=seat, cents=cents))
            stop.wait(0.3)
    finally:
        attacker.close()
    return answers


def _windows(c: Client, table: str, rounds: int) -> dict[str, set[float]]:
    """Read ``c``'s frames until the table has finished ``rounds`` more rounds: each window's
    key with the deadlines it was shown with."""
    seen: dict[str, set[float]] = {}
    start = c.state[table]["rounds"]

    def note(msg: dict[str, Any]) -> bool:
        if msg.get("table") == table and msg.get("type") in ("state", "event"):
            w = msg["state"]["waiting"]
            if w is not None and w["deadline"] is not None:
                seen.setdefault(w["key"], set()).add(w["deadline"])
            return bool(msg["state"]["rounds"] >= start + rounds)
        return False

    c.until(note, f"{rounds} rounds while refused buy-ins flood the table", limit=90)
    return seen


@pytest.mark.parametrize("why", ["wallet", "limit"])
def test_refused_buy_ins_neither_stall_a_table_nor_lengthen_its_window(
    server: Server, why: str
) -> None:
    """A table waits 2 s for a player who never wagers; an account that cannot pay asks for a
    seat every 0.3 s meanwhile. Each ``sit`` is refused in words (the wallet, or the daily
    limit), every window keeps the one deadline it was first shown with, three rounds are
    played during the flood, and no traceback is logged."""
    table = f"flood-{why}"
    op = server.login(OPERATOR)
    server.open_table(
        op,
        id=table,
        profile="generic",
        computer_players=2,
        wager_seconds=2,
        pause_seconds=0,
        missed_decisions=1000,  # the idle player is waited for in every round
    )
    (idle,) = server.seat(table, [f"idle{why}"], ["1"])
    st = idle.wait_state(table, lambda st: st["waiting"] is not None, "a window")
    free = next(str(s) for s in range(1, 8) if str(s) not in st["seats"].values())
    attacker = f"short{why}"
    token = server.player(attacker)
    cents = 10**9  # more than the sign-up grant: the wallet is short
    if why == "limit":
        r = server.http("POST", "/api/me/protection/limit", token, {"cents": 1})
        assert r.status_code == 200, r.text
        cents = 500
    log_before = len(_log(server))
    stop = threading.Event()
    answers: list[Any] = []

    attacking = server.client(token)

    def attack() -> None:
        answers.extend(_flood(attacking, table, seat=free, cents=cents, stop=stop))

    flood = threading.Thread(target=attack)
    flood.start()
    try:
        windows = _windows(idle, table, 3)
    finally:
        stop.set()
        flood.join(timeout=60)
    idle.close()
    moved = {k: sorted(v) for k, v in windows.items() if len(v) > 1}
    assert not moved, f"windows shown with more than one deadline: {moved}"
    assert "Traceback" not in _log(server)[log_before:]
    assert len(answers) >= 3, answers
    for a in answers:
        assert a["status"] == "refused", a
        want = "your wallet holds" if why == "wallet" else "daily buy-in limit"
        assert want in a["error"], a  # in words: not an account's name and a negative sum


def test_an_operator_closing_a_table_mid_round_stores_the_void_round(server: Server) -> None:
    """A table is closed while its round waits for a player's wager: the round is void, its
    row is stored with the void and the finish, and the audit of the database finds nothing
    (the stored rounds are the rounds the commands replay to)."""
    table = "closemid"
    op = server.login(OPERATOR)
    server.open_table(op, id=table, profile="generic", computer_players=2, pause_seconds=0)
    (p,) = server.seat(table, ["closer"], ["1"])
    st = p.wait_state(
        table, lambda s: s["round"] is not None and s["waiting"] is not None, "a round's window"
    )
    assert st["round"]["phase"] != "done"
    r = server.http("POST", f"/api/tables/{table}/close", op)
    assert r.status_code == 200, r.text
    p.close()
    report, stored = _audited(server, table)
    assert [f for f in report.findings if table in f] == []
    assert stored, "no round stored"
    assert stored[0]["record"]["void"] == "the table closed", stored[0]["record"]["void"]


def _audited(server: Server, table: str) -> tuple[AuditReport, list[dict[str, Any]]]:
    """The audit of the server's store, and ``table``'s last ten stored rounds."""
    store = Store(server.db_url)
    try:
        return audit_store(store), store.recall_table(table, 10)
    finally:
        store.close()


def test_tables_with_an_operators_limits_and_options_audit_clean(server: Server) -> None:
    """A Colorado table opened with limits of its own, then changed by the pit between rounds
    (a higher minimum, Dragon's Eye off): every stored round replays by the rules the table
    played it by, and the audit finds nothing (before, each such round was reported as
    "the record's rules differ from the bundled profile")."""
    table = "ownlimits"
    op = server.login(OPERATOR)
    server.open_table(
        op, id=table, profile="colorado", computer_players=2, pause_seconds=0, min_wager=500
    )
    (p,) = server.seat(table, ["limitsplayer"], ["1"])
    drive([p], table, lambda st: st["rounds"] >= 1)
    r = server.http(
        "POST", f"/api/pit/tables/{table}/configure", op, {"min_wager": 1000, "max_wager": 50_000}
    )
    assert r.status_code == 200, r.text
    drive([p], table, lambda st: st["rounds"] >= 3 and st["limits"]["min"] == 1000)
    p.close()
    report, stored = _audited(server, table)
    assert len(stored) >= 3
    assert {x["record"]["rules"]["table"]["min_wager"] for x in stored} == {500, 1000}
    assert [f for f in report.findings if table in f] == []


def test_a_replica_made_while_its_owner_writes_is_never_held(
    pg_cluster: Any, tmp_path: Path
) -> None:
    """Two ``--cluster`` processes; a table run by one writes as fast as it can (computer
    players, a seated player who never acts and windows of no time), while spectators subscribe
    to it through the other again and again (each time a replica is made from the store, and
    dropped when they leave). No replica is ever shown held as altered, and no ``table_held``
    alert is logged: a replica reads the chain's head before the commands, so a batch
    committed in between is not taken for an altered history."""
    url = pg_cluster.new_database()
    args = ("--cluster", "--lease-seconds", "3")
    a = Server(url, tmp_path, "--instance", "proc-a", *args).start()
    b = Server(url, tmp_path, "--instance", "proc-b", *args).start()
    try:
        op = a.login(OPERATOR)
        a.open_table(
            op,
            id="busy",
            profile="generic",
            computer_players=5,
            pause_seconds=0,
            wager_seconds=0,
            setting_seconds=0,
            decision_seconds=0,
            missed_decisions=1000,
        )
        eventually(lambda: "busy" in a.http("GET", "/api/cluster", op).json()["runs"], "a runs it")
        (idle,) = a.seat("busy", ["replicaidle"], ["1"])
        start = idle.wait_state("busy", lambda st: st["round"] is not None, "a round")["rounds"]
        held = []
        for _ in range(60):
            w = b.watcher()
            w.send({"type": "subscribe", "table": "busy"})
            msg = w.until(lambda m: m.get("table") == "busy", "the table's state or an error")
            if msg.get("type") == "state" and msg["state"].get("held"):
                held.append(msg["state"]["held"])
            w.close()
            while idle.pending():
                pass
        rounds = idle.wait_state("busy", lambda st: True, "the state")["rounds"]
        assert rounds >= start + 5, "the table did not write while the replicas were made"
        assert held == []
        for srv in (a, b):
            events = srv.http("GET", "/api/events?table=busy&limit=1000", srv.login(OPERATOR))
            assert events.status_code == 200, events.text
            assert [e for e in events.json() if e["kind"] == "table_held"] == []
    finally:
        a.stop()
        b.stop()


def test_a_buy_in_refused_by_the_commit_leaves_the_window_as_it_was(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The table's own path, in process: the buy-in passes the look before (the wallet had the
    money), then the commit refuses it (the wallet emptied meanwhile). The sender is told why,
    the window the table waits in keeps its timer and its deadline (after the actor has looked
    at the table again), and nothing is logged as a crash."""
    sim = Sim(TableConfig(id="t", profile="generic", wager_seconds=30), players=1, seed=1)
    late = User(50, "late", "player")

    async def main() -> None:
        await sim.start()
        a = sim.actor
        assert a.wait is not None and a.wait.what == "wagers"
        deadline, key = a.deadline, a.wait.key
        sim.store.refuse = "wallet:late would hold -500 cents"
        r = await a.command(late, "k-late", "sit", {"seat": "5", "cents": 1000})
        assert r == {"status": "refused", "error": sim.store.refuse}
        await asyncio.sleep(1.5)  # (the old code looked at the table again after a second)
        assert a.wait is not None and a.wait.key == key
        assert a.deadline == deadline
        assert "late" not in a.engine.seats
        await a.stop()

    with caplog.at_level(logging.INFO, logger="paigow.service"):
        asyncio.run(main())
    assert [r for r in caplog.records if r.exc_info] == []


def test_a_database_that_does_not_answer_is_a_503_and_a_1013_never_a_traceback(
    tmp_path: Path,
) -> None:
    """The service's PostgreSQL stops for a while (a restart, a network fault) while a table
    commits every second: every request that needs it is answered 503 with ``Retry-After``
    and the reason in words, a websocket opened meanwhile is closed with 1013 (try again
    later), the table's failed commits and the service's own rounds are warning lines, nothing
    is logged as a crash; once the database is back, the same requests are answered as before
    and the table plays again (before, each request was a 500 with a traceback, and so was
    each commit)."""
    AWAY = "the database is not answering; try again in a moment"  # noqa: N806
    pg = PgCluster()
    pg.start()
    try:
        srv = Server(pg.new_database(), tmp_path).start()
        try:
            op = srv.login(OPERATOR)
            token = srv.player("awayplayer")
            srv.open_table(  # a table that commits every second: its windows run out
                op,
                id="awaytable",
                profile="generic",
                computer_players=2,
                wager_seconds=1,
                pause_seconds=0,
                missed_decisions=1000,
            )
            (seated,) = srv.seat("awaytable", ["awayseated"], ["1"])
            seated.wait_state("awaytable", lambda st: st["rounds"] >= 1, "a round played")
            srv.open_table(op, id="awayquiet", profile="generic")  # its chat not read yet
            spectator = Client(srv.ws_url + "/watch", None)
            before = len(_log(srv))
            pg.down()
            # a spectator's subscription needs the table's chat from the store: the reason in
            # words, and the socket goes on (the simulation found it a traceback, the socket
            # closed)
            spectator.send({"type": "subscribe", "table": "awayquiet"})
            said = [spectator.recv() for _ in range(2)]
            assert {"type": "error", "error": AWAY} in said, said
            spectator.send({"type": "ping"})
            assert spectator.recv()["type"] == "pong"
            spectator.close()
            for path, who in (("/api/me", token), ("/api/events", op), ("/api/me/rounds", token)):
                r = srv.http("GET", path, who)
                assert r.status_code == 503, (path, r.status_code, r.text)
                assert r.headers["Retry-After"] == "2"
                assert r.json() == {"detail": AWAY}
            with pytest.raises(ConnectionClosed) as closed:
                srv.client(token)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            time.sleep(6)  # the service's own rounds (sessions' sweep, reminders) meet it too
            pg.up()
            eventually(lambda: srv.http("GET", "/api/me", token).status_code == 200, "back")
            assert srv.http("GET", "/api/events", op).status_code == 200
            now = seated.wait_state("awaytable", lambda st: True, "the table")["rounds"]
            seated.wait_state("awaytable", lambda st: st["rounds"] >= now + 2, "play again")
            seated.close()
            assert "Traceback" not in _log(srv)[before:]
        finally:
            srv.stop()
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):  # (stopped already)
            pg.stop()


def test_a_task_left_to_run_says_what_went_wrong_in_a_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The tasks the service does not wait for (a replica's catch-up, a subscription answered
    later, the chat's reload): one the database did not answer is a warning line, a bug an
    error with its traceback, and neither is left to asyncio's "Task exception was never
    retrieved" (the simulation found a replica's catch-up during a PostgreSQL restart logged
    that way, a traceback per catch-up)."""

    async def away() -> None:
        raise DatabaseAwayError

    async def bug() -> None:
        raise KeyError("a bug")

    async def main() -> set[asyncio.Task[Any]]:
        keep: set[asyncio.Task[Any]] = set()
        spawn(away(), keep, "catch-up")
        spawn(bug(), keep, "reload")
        for _ in range(5):
            await asyncio.sleep(0)
        return keep

    with caplog.at_level(logging.INFO):
        keep = asyncio.run(main())
        gc.collect()
    assert keep == set()
    lines = [(r.levelname, r.getMessage(), r.exc_info is not None) for r in caplog.records]
    assert ("WARNING", "catch-up: " + str(DatabaseAwayError()), False) in lines
    assert ("ERROR", "reload failed", True) in lines
    assert not [x for x in lines if "never retrieved" in x[1]]

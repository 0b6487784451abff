"""``GET /metrics`` and the JSON log of a real ``paigow serve`` (docs/deploy.md, "Metrics and
alerts" and "Logs"): who may read the figures (an operator on the service's address, anyone on
``--metrics-address``, nobody else), that every documented series is there, that the figures
of two rounds agree with what the clients sent and what the store recorded (counted by the test
and read back from the API, never from the service's own counters), that the ledger's audit
runs by itself and is a figure, and that every line of ``--log-format json`` is an object
naming the event, table, account and request it belongs to."""

from __future__ import annotations

import json
import socket
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from metrics_text import Scrape, documented, parse
from paigow.service.db.database import DatabaseAwayError
from paigow.service.kit.metrics import LATENCY_BUCKETS, refusal_reason
from paigow.service.kit.metrics_http import MAX_HEAD
from paigow.service.tables.actor import GONE
from service_pg import free_port
from service_support import OPERATOR, Client, Server, default_policy, drive, eventually

DEPLOY_MD = Path(__file__).resolve().parent.parent / "docs" / "deploy.md"
#: What deploy/backup.sh writes (node_exporter's textfile), not the service.
BACKUP = {"paigow_backup_last_success_timestamp_seconds", "paigow_backup_size_bytes"}
#: What appears once the service audited.
AUDIT = {"paigow_audit_findings", "paigow_audit_last_run_timestamp_seconds"}


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on SQLite with its figures on a private address, its ledger audited every
    1.2 s and its log in JSON from the level info (every event)."""
    tmp = tmp_path_factory.mktemp("metrics")
    port = free_port()
    s = Server(
        f"sqlite:///{tmp / 'service.sqlite3'}",
        tmp,
        "--metrics-address",
        f"127.0.0.1:{port}",
        "--audit-minutes",
        "0.02",
        "--log-format",
        "json",
        "--log-level",
        "info",
    )
    s.metrics_port = port  # type: ignore[attr-defined]
    s.start()
    try:
        yield s
    finally:
        s.stop()


def _private(srv: Server, path: str = "/metrics", **kw: Any) -> httpx.Response:
    port = srv.metrics_port  # type: ignore[attr-defined]
    return httpx.get(f"http://127.0.0.1:{port}{path}", timeout=30, **kw)


def _scrape(srv: Server) -> Scrape:
    r = srv.http("GET", "/metrics", srv.login(OPERATOR))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain; version=0.0.4")
    return parse(r.text)


def _families(s: Scrape) -> set[str]:
    return {n for n in s.types if n.startswith("paigow_")}


def test_the_figures_are_an_operators_or_the_private_addresss(srv: Server) -> None:
    """On the service's address: 401 signed out, 403 for a player, 200 for the operator; on
    --metrics-address: the same families to anyone, only GET or HEAD /metrics, OpenMetrics
    when asked for, and a request line and headers of at most MAX_HEAD bytes."""
    assert srv.http("GET", "/metrics").status_code == 401
    assert srv.http("GET", "/metrics", srv.player("metrics_player")).status_code == 403
    through = _scrape(srv)
    r = _private(srv)
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    assert _families(parse(r.text)) == _families(through)
    assert _private(srv, "/api/tables").status_code == 404
    port = srv.metrics_port  # type: ignore[attr-defined]
    assert httpx.post(f"http://127.0.0.1:{port}/metrics", timeout=30).status_code == 405
    head = httpx.head(f"http://127.0.0.1:{port}/metrics", timeout=30)
    assert head.status_code == 200 and head.content == b""
    om = _private(srv, headers={"accept": "application/openmetrics-text; version=1.0.0"})
    assert om.headers["content-type"].startswith("application/openmetrics-text")
    assert om.text.endswith("# EOF\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(b"GET /metrics HTTP/1.1\r\nX-Long: " + b"a" * MAX_HEAD + b"\r\n\r\n")
        assert sock.recv(100) == b""  # closed, unanswered


def test_every_documented_series_is_there(srv: Server) -> None:
    """docs/deploy.md's table of series and the families a scrape has are the same (the
    backup's are deploy/backup.sh's; the audit's appear with the first audit)."""
    eventually(lambda: _families(_scrape(srv)) >= AUDIT, "the first audit")
    names = _families(_scrape(srv))
    docs = {n for n in documented(DEPLOY_MD) if n.startswith("paigow_")}
    assert names == docs - BACKUP, (names - docs, docs - BACKUP - names)
    s = _scrape(srv)
    for fam in ("process_cpu_seconds_total", "process_resident_memory_bytes"):
        assert fam in s.types, fam


def _histogram_whole(s: Scrape, name: str, **labels: str) -> None:
    """The buckets count up to the total: each bound's count at most the next one's, +Inf's
    the count, and the bounds the documented ones."""
    buckets = {
        dict(lab)["le"]: v
        for lab, v in s.where(f"{name}_bucket").items()
        if {k: v for k, v in lab if k != "le"} == labels
    }
    bounds = sorted(float(b) for b in buckets if b != "+Inf")
    counts = [buckets[next(k for k in buckets if k != "+Inf" and float(k) == b)] for b in bounds]
    assert counts == sorted(counts)
    assert counts[-1] <= buckets["+Inf"] == s.value(f"{name}_count", **labels)
    if name == "paigow_command_seconds":
        assert tuple(bounds) == LATENCY_BUCKETS


def test_two_rounds_move_the_figures_as_the_record_says(srv: Server) -> None:
    """Two players play two rounds at a table of their own. The command histogram's counts
    grow by exactly the commands the clients sent, by action (counted here as they are sent);
    the rounds by the rounds the store recorded (read back from the table's rounds); refusals
    by the one the rules refused and the one sent to no table; the seats, the sockets and the
    table's wait for a round are what the test made them; each door's refusals equal
    ``GET /api/limits``'."""
    op = srv.login(OPERATOR)
    t = "metered"
    srv.open_table(op, id=t, profile="generic", pause_seconds=0)
    before = _scrape(srv)
    sent: Counter[str] = Counter()

    def counting(c: Client, table: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        acts = default_policy(c, table, st)
        sent.update(a for a, _ in acts)
        return acts

    clients = srv.seat(t, ["meta", "metb"], ["1", "2"])
    sent.update({"pause": 1, "resume": 1, "sit": 2})
    try:
        refused = clients[0].command(t, "wager", spot="1", cents=10**9)
        assert refused["status"] == "refused"
        sent["wager"] += 1
        nowhere = clients[0].command("no-such-table", "wager", spot="1", cents=500)
        assert nowhere["status"] == "refused"  # (counted as a refusal, not a command)
        drive(clients, t, lambda st: st["rounds"] >= 2, counting)
        during = _scrape(srv)
        assert during.value("paigow_websockets", kind="player") == len(clients)
        assert during.value("paigow_seated_players", kind="person") == 2
    finally:
        for c in clients:
            c.close()
    after = _scrape(srv)
    rounds = srv.http("GET", f"/api/tables/{t}/rounds", op).json()
    stored = sum(1 for r in rounds if not r["void"])
    assert stored >= 2
    grew = after.value("paigow_rounds_total") - before.value("paigow_rounds_total")
    assert grew == stored
    for action, n in sent.items():
        was = before.value("paigow_command_seconds_count", action=action)
        assert after.value("paigow_command_seconds_count", action=action) - was == n, action
        _histogram_whole(after, "paigow_command_seconds", action=action)
    counted = {dict(lab)["action"] for lab in after.where("paigow_command_seconds_count")}
    assert counted - {
        a for a in counted if before.has("paigow_command_seconds_count", action=a)
    } <= set(sent)

    def refusals(s: Scrape, reason: str) -> float:
        return s.value("paigow_command_refusals_total", reason=reason)

    assert refusals(after, "table_gone") - refusals(before, "table_gone") == 1
    assert refusals(after, "rules") - refusals(before, "rules") >= 1
    assert after.value("paigow_group_commit_batches_sum") > before.value(
        "paigow_group_commit_batches_sum"
    )
    _histogram_whole(after, "paigow_group_commit_seconds")
    assert after.value("paigow_group_commit_failures_total") == 0
    # the players stay seated (a closed socket does not stand them up): the table waits
    assert after.value("paigow_seated_players", kind="person") == 2
    assert 0 <= after.value("paigow_table_seconds_since_round", table=t) < 60
    lobby = srv.http("GET", "/api/tables").json()
    assert after.value("paigow_tables", state="running") == len(lobby)
    limits = srv.http("GET", "/api/limits", op).json()["doors"]
    for door in limits:
        assert after.has("paigow_rate_limited_total", door=door), door
    now = _scrape(srv)
    limits = srv.http("GET", "/api/limits", op).json()["doors"]
    for door, row in limits.items():
        assert now.value("paigow_rate_limited_total", door=door) == row["refused"], door
    assert now.value("paigow_pool_workers", pool="hashing") == 2  # the default --hash-workers


def test_the_audit_runs_by_itself_and_is_a_figure(srv: Server) -> None:
    """--audit-minutes 0.02: the audit's time moves on without anyone asking, and its findings
    are those ``GET /api/audit`` lists (none: every chip accounted for)."""
    first = eventually(
        lambda: _scrape(srv).value("paigow_audit_last_run_timestamp_seconds") or None,
        "an audit",
    )
    eventually(
        lambda: _scrape(srv).value("paigow_audit_last_run_timestamp_seconds") > first,
        "another audit",
    )
    found = srv.http("GET", "/api/audit", srv.login(OPERATOR)).json()
    assert found["findings"] == []
    assert _scrape(srv).value("paigow_audit_findings") == len(found["findings"]) == 0
    assert time.time() - _scrape(srv).value("paigow_audit_last_run_timestamp_seconds") < 30


def test_every_line_of_the_json_log_is_an_object_that_names_its_request(srv: Server) -> None:
    """A table opened with an ``X-Request-ID``: the response echoes it, and the log's
    ``table_opened`` line carries it with the table and the account; an id that is not a plain
    token is replaced by a new one. Every line of the log is a JSON object with the fields
    docs/deploy.md lists."""
    op = srv.login(OPERATOR)
    rid = "req-0123456789abcdef"
    r = srv.http(
        "POST",
        "/api/tables",
        op,
        {"id": "logged", "profile": "generic"},
        headers={"x-request-id": rid},
    )
    assert r.status_code == 201 and r.headers["x-request-id"] == rid
    bad = srv.http("GET", "/healthz", headers={"x-request-id": "two words"})
    new = bad.headers["x-request-id"]
    assert new != "two words" and len(new) == 32 and int(new, 16) >= 0

    def opened() -> dict[str, Any] | None:
        for line in _log_lines(srv):
            obj = json.loads(line)
            if obj["event"] == "table_opened" and obj["table"] == "logged":
                return dict(obj)
        return None

    line = eventually(opened, "the table_opened line")
    assert line["request_id"] == rid and line["account"] == OPERATOR
    assert line["detail"] == {"profile": "generic"} and line["level"] == "info"
    fields = {"time", "level", "event", "table", "account", "request_id", "logger", "message"}
    lines = _log_lines(srv)
    assert len(lines) > 5
    for text in lines:
        obj = json.loads(text)
        assert fields <= set(obj), text
        assert obj["time"].endswith("Z") and obj["level"] in ("debug", "info", "warning", "error")


def _log_lines(srv: Server) -> list[str]:
    """Every line the server wrote (its standard output and error, whole)."""
    return (srv.workdir / f"server-{srv.port}.log").read_text().splitlines()


def test_each_refusal_is_counted_under_its_reason() -> None:
    """The reasons' words, as the service says them, map to their reason; a rule's words to
    ``rules`` (a few names: a series per sentence would have no bound)."""
    assert refusal_reason(GONE) == "table_gone"
    assert refusal_reason(str(DatabaseAwayError())) == "database"
    assert refusal_reason("rate limit: too many messages; wait 0.50 s") == "rate_limit"
    assert refusal_reason("the session has expired") == "session"
    assert refusal_reason("the table is held: its stored history was altered") == "held"
    assert refusal_reason("no open table 'x'") == "table_gone"
    assert refusal_reason("the command could not be forwarded; retry") == "forwarding"
    assert refusal_reason("wager 1000000000 is over the table's maximum 50000") == "rules"

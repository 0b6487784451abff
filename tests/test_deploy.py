"""docs/deploy.md, done here with its own files (tests/deploy_stack.py): the schema migrated by
``paigow db upgrade`` (twice at once), ``paigow serve`` as the systemd unit starts it, nginx with
TLS in front (HTTP sent to HTTPS, HTTP/2, websockets, the client's address), play through it
with its figures scraped through nginx and on the metrics address, a backup taken while the
service runs (its figure written for node_exporter) and the restore drill passing ``paigow
audit``, a broken backup failing the drill, log rotation, the JSON log, the unit files as
systemd-analyze reads them, and Prometheus' files as promtool reads and tests them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from deploy_requests import _api, _login, _scrape
from deploy_stack import DEPLOY, INSTALLED, Stack, exec_start, replaced, run, unit_values
from metrics_text import documented, parse
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import PASSWORD, Client, default_policy, drive

__all__ = ["pg_cluster"]

OPERATOR = "operator"  # the unit's --operator
TABLE = "deployed"


@pytest.fixture(scope="module")
def stack(pg_cluster: PgCluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    s = Stack(pg_cluster, tmp_path_factory.mktemp("deploy"), "a long operator secret")
    try:
        s.create_database()
        yield s
    finally:
        s.stop()


def test_db_upgrade_twice_at_once_then_status(stack: Stack) -> None:
    """docs/deploy.md, "PostgreSQL": an empty database has no schema (status exits 1); two
    ``paigow db upgrade`` started together both succeed, one migrating and the other finding
    it done (the migration holds an advisory lock); then status says up to date (exit 0)."""
    db = "postgresql:///paigow"
    empty = stack.paigow("db", "status", "--db", db, check=False)
    assert empty.returncode == 1 and "no schema yet" in empty.stdout
    procs = [
        subprocess.Popen(
            [exec_start(0)[0], "db", "upgrade", "--db", db],
            env=stack.env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    said = sorted(out for out, _ in outs)
    head = stack.paigow("--version", "--json").stdout
    revision = re.search(r'"schema": "([^"]+)"', head)
    assert revision is not None
    assert said == sorted(
        [
            f"postgresql:///paigow: schema migrated from nothing (a new database) to "
            f"{revision[1]}\n",
            f"postgresql:///paigow: schema {revision[1]}, up to date already\n",
        ]
    ), said
    status = stack.paigow("db", "status", "--db", db)
    assert status.stdout == f"postgresql:///paigow: schema {revision[1]}, up to date\n"


@pytest.fixture(autouse=True)
def logs_after(stack: Stack) -> Iterator[None]:
    """After each test, the ends of the service's log and of nginx's error and access logs
    (pytest shows them with a failing test's report)."""
    yield
    print(
        "serve.log:",
        stack.log(),
        "nginx error.log:",
        stack.nginx_log(),
        "nginx access.log:",
        stack.nginx_log("access.log"),
        sep="\n",
    )


@pytest.fixture(scope="module")
def running(stack: Stack) -> Stack:
    stack.start_server()
    stack.start_nginx()
    return stack


def test_http_goes_to_https_and_the_certificate_renewal_stays(running: Stack) -> None:
    """Port 80 answers every path with a permanent redirect to HTTPS, but the ACME
    challenges of the certificate's renewal."""
    http = f"http://127.0.0.1:{running.http}"
    r = httpx.get(http + "/api/tables?x=1", timeout=30)
    assert r.status_code == 301 and r.headers["location"] == "https://127.0.0.1/api/tables?x=1"
    token = running.root / "acme" / ".well-known" / "acme-challenge" / "token-1"
    token.write_text("challenge answer")
    r = httpx.get(http + "/.well-known/acme-challenge/token-1", timeout=30)
    assert r.status_code == 200 and r.text == "challenge answer"
    six = httpx.get(f"http://[::1]:{running.http}/healthz", timeout=30)
    assert six.status_code == 301


def test_https_serves_the_table_with_hsts_http2_and_compression(running: Stack) -> None:
    """Over TLS (IPv4 and IPv6): the health check, HSTS on every answer, HTTP/2 offered by
    ALPN, and the page as the service sends it (brotli, its caching headers) through nginx."""
    r = httpx.get(running.base + "/healthz", verify=running.tls, timeout=30)
    assert r.status_code == 200 and r.json()["status"] == "ok"
    assert r.headers["strict-transport-security"] == "max-age=63072000"
    six = httpx.get(f"https://[::1]:{running.https}/healthz", verify=running.tls, timeout=30)
    assert six.status_code == 200
    page = httpx.get(running.base + "/", headers={"accept-encoding": "br"}, verify=running.tls)
    assert page.headers["content-encoding"] == "br" and page.headers["vary"] == "Accept-Encoding"
    assert page.headers["cache-control"] == "no-cache"
    missing = httpx.get(running.base + "/nothing", verify=running.tls, timeout=30)
    assert missing.status_code == 404
    assert missing.headers["strict-transport-security"] == "max-age=63072000"
    version = run(
        [
            "curl",
            "--silent",
            "--http2",
            "--cacert",
            str(running.certs / "fullchain.pem"),
            "--output",
            "/dev/null",
            "--write-out",
            "%{http_version}",
            running.base + "/healthz",
        ],
        check=True,
        timeout=30,
    ).stdout
    assert version == "2"


def _promtool() -> str:
    found = shutil.which("promtool")
    assert found, "promtool is not installed: run `make test` (Debian's prometheus)"
    return found


def test_a_round_through_nginx_over_wss(running: Stack) -> None:
    """The operator (the unit's --operator, its password from the environment file) opens a
    table; two players register (one sign-up grant: one address) and sign in over HTTPS, the
    cashier credits their wallets, and they play two rounds over wss:// with the page's own
    Origin, which the service accepts through nginx (Host with its port); a foreign Origin is
    refused. ``/metrics``, scraped through nginx as the operator before and after, has every
    series docs/deploy.md lists, and they moved: the rounds by the rounds the table stored,
    the players' commands by the commands they sent (counted here)."""
    op = _login(running, OPERATOR, running.password)
    before, _ = _scrape(running, op)
    _api(running, "POST", "/api/tables", op, json={"id": TABLE, "profile": "generic"})
    ws = running.base.replace("https", "wss") + "/ws"
    clients = []
    for name, seat in (("ann", "1"), ("bob", "2")):
        r = httpx.post(
            running.base + "/api/register",
            json={"name": name, "password": PASSWORD},
            verify=running.tls,
            timeout=30,
        )
        assert r.status_code == 201, r.text
        # Both register from nginx's one address: the sign-up grant goes to the first only
        # (once per address per --signup-grant-period), so the cashier credits each wallet.
        credited = _api(
            running,
            "POST",
            f"/api/pit/accounts/{name}/adjust",
            op,
            json={"cents": 50_000, "reason": "a table's first players", "key": f"deploy-{name}"},
        )
        assert credited["wallet"] == (150_000 if name == "ann" else 50_000), credited
        c = Client(ws, _login(running, name), origin=running.base, tls=running.tls)
        c.subscribe(TABLE)
        c.ok(TABLE, "sit", seat=seat, cents=50_000)
        clients.append(c)
    sent: dict[str, int] = {"sit": 2}

    def counting(c: Client, table: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        acts = default_policy(c, table, st)
        for a, _ in acts:
            sent[a] = sent.get(a, 0) + 1
        return acts

    try:
        drive(clients, TABLE, lambda st: st["rounds"] >= 2, counting, limit=120)
        after, text = _scrape(running, op)
        assert after.value("paigow_websockets", kind="player") == 2
    finally:
        for c in clients:
            c.close()
    service = {
        n for n in documented(DEPLOY.parent / "docs" / "deploy.md") if n.startswith("paigow_")
    }
    service -= {"paigow_backup_last_success_timestamp_seconds", "paigow_backup_size_bytes"}
    service -= {"paigow_audit_findings", "paigow_audit_last_run_timestamp_seconds"}  # (later)
    assert service <= set(after.types), service - set(after.types)
    grew = after.value("paigow_rounds_total") - before.value("paigow_rounds_total")
    assert grew == _rounds(running, op) >= 2
    for action, n in sent.items():
        was = before.value("paigow_command_seconds_count", action=action)
        assert after.value("paigow_command_seconds_count", action=action) - was == n, action
    assert after.value("paigow_seated_players", kind="person") == 2
    assert after.value("paigow_tables", state="running") == 1
    assert after.value("paigow_group_commit_batches_sum") >= grew
    lint = run([_promtool(), "check", "metrics"], input=text, timeout=60)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    token = _login(running, "ann")
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        Client(ws, token, origin="https://elsewhere.example", tls=running.tls).recv(timeout=10)


def test_the_figures_are_the_operators_through_nginx_and_anyones_on_the_private_address(
    running: Stack,
) -> None:
    """Through nginx: a stranger 401, a player 403, the operator 200. The unit's
    --metrics-address (loopback) answers the same families to anyone; Prometheus scrapes
    that (deploy/prometheus/prometheus.yml)."""
    r = httpx.get(running.base + "/metrics", verify=running.tls, timeout=30)
    assert r.status_code == 401
    r = httpx.get(
        running.base + "/metrics",
        headers={"authorization": f"Bearer {_login(running, 'ann')}"},
        verify=running.tls,
        timeout=30,
    )
    assert r.status_code == 403
    through, _ = _scrape(running, _login(running, OPERATOR, running.password))
    direct = httpx.get(f"http://127.0.0.1:{running.metrics}/metrics", timeout=30)
    assert direct.status_code == 200
    assert set(parse(direct.text).types) == set(through.types)


def test_the_log_is_json_and_names_nginxs_request_id(running: Stack) -> None:
    """The unit logs with --log-format json: every line of serve.log is a JSON object; the
    table opened through nginx is logged with nginx's request id, the one its access log
    wrote for that request."""
    lines = (running.logs / "serve.log").read_text().splitlines()
    objs = [json.loads(line) for line in lines]
    assert all({"time", "level", "event", "request_id"} <= set(o) for o in objs)
    (opened,) = [o for o in objs if o["event"] == "table_opened" and o["table"] == TABLE]
    assert opened["account"] == OPERATOR and re.fullmatch(r"[0-9a-f]{32}", opened["request_id"])
    access = (running.root / "access.log").read_text()
    (line,) = [x for x in access.splitlines() if "POST /api/tables " in x]
    assert f"request_id={opened['request_id']}" in line


def test_the_service_sees_the_clients_address_not_what_it_claims(running: Stack) -> None:
    """nginx replaces X-Forwarded-For with the connection's address, and the service takes it
    from nginx (127.0.0.1) only: a client cannot pose as another address to the per-address
    sign-in limits. The event log records the failed sign-in from the real address."""
    r = httpx.post(
        running.base + "/api/login",
        json={"name": "nobody_here", "password": "wrong password"},
        headers={"x-forwarded-for": "203.0.113.9"},
        verify=running.tls,
        timeout=30,
    )
    assert r.status_code == 401
    op = _login(running, OPERATOR, running.password)
    events = _api(running, "GET", "/api/events?limit=1000", op)
    failed = [e for e in events if "nobody_here" in str(e)]
    assert failed and all("203.0.113.9" not in str(e) for e in failed), failed
    assert any("127.0.0.1" in str(e) for e in failed), failed


def _rounds(s: Stack, token: str) -> int:
    return sum(1 for r in _api(s, "GET", f"/api/tables/{TABLE}/rounds", token) if not r["void"])


def test_backup_while_serving_and_the_restore_drill(running: Stack) -> None:
    """deploy/backup.sh while the service runs (the table paused by its operator, so that the
    backup's moment is known), then more play; deploy/restore-drill.sh restores the backup into
    a scratch database, finds it at this version's schema and audits it clean, with exactly
    the rounds played when the backup was taken; the scratch database is gone after. Old
    backups beyond PAIGOW_BACKUPS_KEEP are removed."""
    backups = running.root / "backups"
    textfile = running.root / "node-exporter"
    textfile.mkdir()
    env = dict(
        running.env(),
        PAIGOW=exec_start(0)[0],
        PAIGOW_BACKUPS=str(backups),
        PAIGOW_DATABASE="paigow",
        PAIGOW_BACKUPS_KEEP="2",
        PAIGOW_METRICS_DIR=str(textfile),
    )
    started = time.time()
    op = _login(running, OPERATOR, running.password)
    operator = Client(
        running.base.replace("https", "wss") + "/ws", op, origin=running.base, tls=running.tls
    )
    try:
        operator.ok(TABLE, "pause")
        at_backup = _rounds(running, op)
        assert at_backup >= 2
        made = []
        for _ in range(3):
            done = run([str(DEPLOY / "backup.sh")], env=env, timeout=120)
            assert done.returncode == 0, done.stderr
            made.append(Path(done.stdout.strip()))
        operator.ok(TABLE, "resume")
    finally:
        operator.close()
    assert sorted(backups.iterdir()) == sorted(made[1:])  # the newest two kept
    # the last backup's time and size, for node_exporter's textfile collector
    prom = (textfile / "paigow_backup.prom").read_text()
    assert sorted(p.name for p in textfile.iterdir()) == ["paigow_backup.prom"]
    figures = parse(prom)
    stamp = figures.value("paigow_backup_last_success_timestamp_seconds")
    assert started - 1 <= stamp <= time.time() + 1
    assert figures.value("paigow_backup_size_bytes") == made[-1].stat().st_size
    lint = run([_promtool(), "check", "metrics"], input=prom, timeout=60)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    drill = run([str(DEPLOY / "restore-drill.sh")], env=env, timeout=300)
    assert drill.returncode == 0, drill.stdout + drill.stderr
    assert f"restore drill: {made[-1]} restored and audited clean" in drill.stdout
    audited = re.search(r"audited .* (\d+) rounds", drill.stdout)
    assert audited is not None and int(audited[1]) == at_backup, drill.stdout
    assert "clean: the ledger balances to the cent" in drill.stdout
    assert _databases(running) == ["paigow"]


def test_a_broken_backup_fails_the_drill(running: Stack) -> None:
    """A backup cut short does not restore: the drill exits non-zero, says why, and leaves no
    scratch database behind."""
    backups = running.root / "backups"
    newest = sorted(backups.glob("paigow-*.dump"))[-1]
    broken = running.root / "broken.dump"
    broken.write_bytes(newest.read_bytes()[: newest.stat().st_size // 2])
    env = dict(running.env(), PAIGOW=exec_start(0)[0], PAIGOW_BACKUPS=str(backups))
    drill = run(
        [str(DEPLOY / "restore-drill.sh"), str(broken)],
        env=env,
        timeout=300,
    )
    assert drill.returncode != 0 and "pg_restore" in drill.stderr, drill.stderr
    assert _databases(running) == ["paigow"]
    nothing = run(
        [str(DEPLOY / "restore-drill.sh")],
        env=dict(env, PAIGOW_BACKUPS=str(running.root / "none")),
        timeout=60,
    )
    assert nothing.returncode == 2 and "no backup to restore" in nothing.stderr


def _databases(s: Stack) -> list[str]:
    out = run(
        ["psql", "-At", "-d", "postgres", "-c", "SELECT datname FROM pg_database"],
        env=s.env(),
        check=True,
        timeout=60,
    ).stdout.split()
    return sorted(d for d in out if d == "paigow" or d.startswith("paigow_drill_"))


def test_logrotate_rotates_the_service_log_in_place(running: Stack) -> None:
    """deploy/logrotate/paigow, run by logrotate on the log the unit writes: the log so far
    moves to serve.log.1, the file the service holds is emptied in place (copytruncate) and
    the service goes on answering."""
    logrotate = shutil.which("logrotate") or "/usr/sbin/logrotate"
    assert Path(logrotate).exists(), "logrotate is not installed: run `make test`"
    log = running.logs / "serve.log"
    before = log.read_text()
    assert "paigow serve: http://127.0.0.1:" in before
    conf = running.root / "logrotate.conf"
    conf.write_text(
        replaced(
            (DEPLOY / "logrotate" / "paigow").read_text(encoding="utf-8"),
            [("/var/log/paigow/", f"{running.logs}/", 2)],
        ),
        encoding="utf-8",
    )
    done = run(
        [logrotate, "--force", "--state", str(running.root / "logrotate.state"), str(conf)],
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert (running.logs / "serve.log.1").read_text() == before
    assert log.stat().st_size == 0
    r = httpx.get(running.base + "/healthz", verify=running.tls, timeout=30)
    assert r.status_code == 200
    assert running.server is not None and running.server.poll() is None


# ------------------------------------------------------------------ the unit files


def _for_systemd_analyze(tmp: Path, name: str) -> Path:
    """A copy of a unit whose programs exist on this machine (systemd-analyze verify checks
    them): the installed paigow is this checkout's, /opt/paigow/deploy is deploy/."""
    text = (DEPLOY / "systemd" / name).read_text(encoding="utf-8")
    text = text.replace(INSTALLED, exec_start(0)[0]).replace("/opt/paigow/deploy", str(DEPLOY))
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_unit_files_pass_systemd_analyze(tmp_path: Path) -> None:
    """systemd-analyze verify finds nothing in the units, and the service's sandbox exposes
    little (systemd-analyze security, printed); the service runs as its own user, restarts on
    failure, and the backup runs as postgres from the timer."""
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze is not installed: run `make test` (Debian's systemd)"
    units = [
        _for_systemd_analyze(tmp_path, n)
        for n in ("paigow.service", "paigow-backup.service", "paigow-backup.timer")
    ]
    done = run(
        [analyze, "verify", "--man=no", *map(str, units)],
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0 and done.stdout + done.stderr == "", done.stdout + done.stderr
    security = run(
        [analyze, "security", "--offline=true", "--no-pager", str(units[0])],
        timeout=120,
    )
    level = re.search(r"Overall exposure level for paigow.service: ([\d.]+) (\w+)", security.stdout)
    assert level is not None, security.stdout + security.stderr
    print(f"\nsystemd-analyze security: exposure {level[1]} {level[2]}")
    assert float(level[1]) <= 2.0, security.stdout
    service = DEPLOY / "systemd" / "paigow.service"
    assert unit_values(service, "User") == ["paigow"] == unit_values(service, "Group")
    assert unit_values(service, "Restart") == ["on-failure"]
    backup = DEPLOY / "systemd" / "paigow-backup.service"
    assert unit_values(backup, "User") == ["postgres"]
    assert unit_values(backup, "ExecStart") == [
        "/opt/paigow/deploy/backup.sh",
        "/opt/paigow/deploy/restore-drill.sh",
    ]


def test_prometheus_reads_the_scrape_configuration_and_the_alerts_pass_their_tests() -> None:
    """deploy/prometheus as promtool reads it: the configuration and its rule file valid, and
    the alerts' unit tests (deploy/prometheus/alerts_test.yml) passing: each alert fires on
    what it is for and not on healthy series. Every alert is documented in docs/deploy.md and
    tested there."""
    folder = DEPLOY / "prometheus"
    for args in (
        ["check", "config", "prometheus.yml"],
        ["check", "rules", "alerts.yml"],
        ["test", "rules", "alerts_test.yml"],
    ):
        done = run([_promtool(), *args], cwd=folder, timeout=120)
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    rules = (folder / "alerts.yml").read_text(encoding="utf-8")
    alerts = set(re.findall(r"- alert: (\w+)", rules))
    tested = set(re.findall(r"alertname: (\w+)", (folder / "alerts_test.yml").read_text()))
    guide = (DEPLOY.parent / "docs" / "deploy.md").read_text(encoding="utf-8")
    assert alerts == tested, alerts ^ tested
    assert alerts <= set(re.findall(r"^\| `(Paigow\w+)`", guide, re.M)), alerts


def test_the_dashboards_queries_are_promql_of_documented_series(tmp_path: Path) -> None:
    """Each query of deploy/grafana/paigow.json parses as PromQL (promtool checks it as a
    recording rule) and names only series docs/deploy.md documents (or a process's own)."""
    dash = json.loads((DEPLOY / "grafana" / "paigow.json").read_text(encoding="utf-8"))
    exprs = [t["expr"] for p in dash["panels"] for t in p["targets"]]
    assert len(exprs) >= 18
    rules = tmp_path / "dashboard.yml"
    body = "\n".join(
        f"      - record: dashboard:query{i}\n        expr: {json.dumps(e)}"
        for i, e in enumerate(exprs)
    )
    rules.write_text(f"groups:\n  - name: dashboard\n    rules:\n{body}\n", encoding="utf-8")
    done = run([_promtool(), "check", "rules", str(rules)], timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    known = documented(DEPLOY.parent / "docs" / "deploy.md")
    for e in exprs:
        for name in re.findall(r"\b((?:paigow|process)_[a-z_]+)", e):
            base = re.sub(r"_(bucket|sum|count)$", "", name)
            assert base in known or name.startswith("process_"), (name, e)


def test_every_deployment_file_is_in_the_guide() -> None:
    """docs/deploy.md names every file of deploy/, and every deploy/ file it names exists."""
    guide = (DEPLOY.parent / "docs" / "deploy.md").read_text(encoding="utf-8")
    files = {p.relative_to(DEPLOY.parent).as_posix() for p in DEPLOY.rglob("*") if p.is_file()}
    named = set(re.findall(r"deploy/[\w./-]+[\w]", guide))
    assert files <= named, files - named
    assert named <= files | {"deploy/nginx", "deploy/systemd", "deploy/logrotate"}, named - files

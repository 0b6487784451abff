"""Player protection against a real ``paigow serve`` (docs/service.md, "Player protection"): a
daily buy-in limit lowered at once and raised only after the cooling-off, every figure the
routes give compared with the ledger; self-exclusion refusing every seat and buy-in until it
ends and never lifted early; the session reminder sent after the chosen interval; every refusal
a specific 4xx; the pit shows it all."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from paigow.service.db import schema as db
from paigow.service.protection.tables import protection
from paigow.service.store.store import Store
from paigow.service.wire.view_schema import ref
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_support import OPERATOR, Server
from web_schema import errors

__all__ = ["pg_cluster"]

COOLING_HOURS = 0.002  # 7.2 seconds


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp(f"protection-{request.param}")
    srv = Server(
        db_url(request.param, tmp, request),
        tmp,
        f"--protection-cooling-hours={COOLING_HOURS}",
        "--reminder-minute-seconds=0.5",
    ).start()
    try:
        server_op = srv.login(OPERATOR)
        srv.open_table(server_op, id="prot", profile="generic", pause_seconds=0)
        op = srv.client(server_op)
        op.subscribe("prot")
        op.ok("prot", "pause")  # no round: players sit down and leave at once
        op.close()
        yield srv
    finally:
        srv.stop()


def _ledger_today(server: Server, name: str) -> int:
    """The player's buy-ins of this UTC day, summed from the ledger independently."""
    store = Store(server.db_url)
    try:
        start = dt.datetime.now(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
        with store.engine.connect() as c:
            rows = c.execute(
                sa.select(db.ledger.c.cents, db.ledger.c.created_at).where(
                    db.ledger.c.debit == f"wallet:{name}", db.ledger.c.reason == "buy-in"
                )
            ).all()
        return sum(
            int(cents)
            for cents, at in rows
            if (at if at.tzinfo else at.replace(tzinfo=dt.UTC)) >= start
        )
    finally:
        store.close()


def _stored(server: Server, name: str) -> dict[str, Any] | None:
    store = Store(server.db_url)
    try:
        with store.engine.connect() as c:
            row = c.execute(sa.select(protection).where(protection.c.account == name)).mappings()
            found = row.first()
        return None if found is None else dict(found)
    finally:
        store.close()


def _protection(server: Server, token: str) -> dict[str, Any]:
    r = server.http("GET", "/api/me/protection", token)
    assert r.status_code == 200, r.text
    assert errors(r.json(), ref("Protection")) == []
    return dict(r.json())


def test_a_limit_is_lowered_at_once_and_raised_after_the_cooling_off(server: Server) -> None:
    ann = server.player("lann")
    assert _protection(server, ann)["daily_limit"] is None
    r = server.http("POST", "/api/me/protection/limit", ann, {"cents": 30_000})
    assert r.status_code == 200 and r.json()["daily_limit"] == 30_000
    assert r.json()["pending"] is None
    c = server.client(ann)
    c.subscribe("prot")
    c.ok("prot", "sit", seat="1", cents=20_000)
    c.ok("prot", "leave")
    mine = _protection(server, ann)
    assert mine["spent_today"] == _ledger_today(server, "lann") == 20_000
    assert mine["left_today"] == 10_000
    refused = c.command("prot", "sit", seat="1", cents=15_000)
    assert refused["status"] == "refused"
    assert "daily buy-in limit is $300.00" in refused["error"]
    assert "$200.00 bought in today (UTC), $100.00 left" in refused["error"]
    assert _ledger_today(server, "lann") == 20_000  # nothing moved
    # a raise waits for the cooling-off: the lower limit holds meanwhile
    r = server.http("POST", "/api/me/protection/limit", ann, {"cents": 100_000})
    assert r.status_code == 200
    raised = r.json()
    assert raised["daily_limit"] == 30_000 and raised["pending"]["limit"] == 100_000
    stored = _stored(server, "lann")
    assert stored is not None and stored["daily_limit"] == 30_000
    assert stored["next_limit"] == 100_000
    assert c.command("prot", "sit", seat="1", cents=15_000)["status"] == "refused"
    time.sleep(COOLING_HOURS * 3600 + 0.5)
    after = _protection(server, ann)
    assert after["daily_limit"] == 100_000 and after["pending"] is None
    c.ok("prot", "sit", seat="1", cents=15_000)
    c.ok("prot", "leave")
    assert _protection(server, ann)["spent_today"] == _ledger_today(server, "lann") == 35_000
    # lowering again is at once, even below what was bought in today
    low = server.http("POST", "/api/me/protection/limit", ann, {"cents": 100}).json()
    assert low["daily_limit"] == 100 and low["left_today"] == 0
    c.close()


def test_self_exclusion_refuses_every_buy_in_and_cannot_be_lifted(server: Server) -> None:
    bob = server.player("lbob")
    c = server.client(bob)
    c.subscribe("prot")
    c.ok("prot", "sit", seat="2", cents=5_000)
    r = server.http("POST", "/api/me/protection/exclude", bob, {"days": 7})
    assert r.status_code == 409 and "leave your seat first (prot)" in r.text
    c.ok("prot", "leave")
    r = server.http("POST", "/api/me/protection/exclude", bob, {"days": 7})
    assert r.status_code == 200, r.text
    until = dt.datetime.fromisoformat(r.json()["excluded_until"])
    stored = _stored(server, "lbob")
    assert stored is not None
    s_until = stored["excluded_until"]
    s_until = s_until if s_until.tzinfo else s_until.replace(tzinfo=dt.UTC)
    assert s_until == until
    assert dt.timedelta(days=6, hours=23) < until - dt.datetime.now(dt.UTC) <= dt.timedelta(days=7)
    refused = c.command("prot", "sit", seat="2", cents=5_000)
    assert refused["status"] == "refused"
    assert "excluded yourself from play until" in refused["error"]
    # a shorter period keeps the later end; there is no route that lifts it
    r = server.http("POST", "/api/me/protection/exclude", bob, {"days": 1})
    assert r.status_code == 200 and r.json()["excluded_until"] == until.isoformat()
    for body in ({"days": 0}, {"days": 3651}, {"days": "1"}, {"days": None}, {}):
        r = server.http("POST", "/api/me/protection/exclude", bob, body)
        assert r.status_code == 422, (body, r.text)
    pit = server.http("GET", "/api/pit/accounts/lbob", server.login(OPERATOR)).json()
    assert pit["protection"]["excluded_until"] == until.isoformat()
    c.close()


def test_bad_limits_and_reminders_are_refused_with_the_field(server: Server) -> None:
    cal = server.player("lcal")
    for path, body in (
        ("limit", {"cents": 0}),
        ("limit", {"cents": 10**12 + 1}),
        ("limit", {"cents": 1.5}),
        ("limit", {}),
        ("reminder", {"minutes": 0}),
        ("reminder", {"minutes": 721}),
        ("reminder", {"minutes": "5"}),
    ):
        r = server.http("POST", f"/api/me/protection/{path}", cal, body)
        assert r.status_code == 422, (path, body, r.text)
        assert ("cents" if path == "limit" else "minutes") in r.text
    assert _stored(server, "lcal") is None  # nothing written
    r = server.http("POST", "/api/me/protection/limit", None, {"cents": 5})
    assert r.status_code == 401


def test_the_reminder_comes_after_the_chosen_interval(server: Server) -> None:
    """A minute is half a second on this server: a reminder every 2 minutes arrives about
    every second, naming the minutes since sign-in."""
    dee = server.player("ldee")
    r = server.http("POST", "/api/me/protection/reminder", dee, {"minutes": 2})
    assert r.status_code == 200 and r.json()["reminder_minutes"] == 2
    c = server.client(dee)
    first = c.until(lambda m: m.get("type") == "reminder", "a reminder", limit=30)
    second = c.until(lambda m: m.get("type") == "reminder", "another", limit=30)
    assert first["every"] == second["every"] == 2
    assert second["minutes"] >= first["minutes"] + 2 and first["minutes"] % 2 == 0
    server.http("POST", "/api/me/protection/reminder", dee, {"minutes": None})
    pit = server.http("GET", "/api/pit/accounts/ldee", server.login(OPERATOR)).json()
    assert pit["protection"]["reminder_minutes"] is None
    c.close()

"""Signing out really signs out: whatever ends a session — sign-out, a password change, an
operator suspending the account or revoking the session, the session cap, expiry — closes
every websocket of that session within a second (close code 4401, docs/service.md), and no
command of it is applied after the revocation commits: the session is checked in the
transaction that commits the command (src/paigow/service/db/sessions_sql.py, ``check_session``).

Before the fix an open websocket kept sitting, wagering and leaving after ``POST /api/logout``
(a ``sit`` after sign-out took $10 from the wallet), and a revoked token opening a websocket
was refused with HTTP 403 instead of the documented close code.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime as dt
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from paigow.service.accounts.accounts import SWEEP
from paigow.service.accounts.auth import hash_password, new_token, token_hash
from paigow.service.db.sessions_sql import (
    SessionRevokedError,
    check_session,
    check_sessions,
    end_sessions,
    open_session,
)
from paigow.service.hub import Service, ServiceOptions
from paigow.service.store.store import Store
from paigow.service.tables.config import TableConfig
from paigow.service.wire.protocol import ACTIONS, OPERATOR_ACTIONS
from paigow.table.observation import OPERATOR as OPERATOR_VIEW
from service_fixtures import operator_token, pg_cluster, server
from service_pg import PgCluster
from service_support import OPERATOR, PASSWORD, SAMPLE_ARGS, Client, Server

__all__ = ["operator_token", "pg_cluster", "server"]


def wallet(srv: Server, name: str) -> int:
    store = Store(srv.db_url)
    try:
        return store.balance(f"wallet:{name}")
    finally:
        store.close()


def ops_by(srv: Server, table: str, actor: str) -> int:
    store = Store(srv.db_url)
    try:
        return sum(1 for o in store.ops(table) if o.actor == actor)
    finally:
        store.close()


@pytest.fixture(scope="module")
def table(server: Server, operator_token: str) -> str:
    server.open_table(operator_token, id="rv", profile="generic", wager_seconds=3600)
    return "rv"


def _sign_in(srv: Server, name: str, password: str = PASSWORD) -> str:
    r = srv.http("POST", "/api/login", body={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _register(srv: Server, name: str) -> None:
    r = srv.http("POST", "/api/register", body={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text


def test_sign_out_stops_the_websocket(server: Server, table: str) -> None:
    """The defect: after POST /api/logout an open websocket still sat, wagered and left. Now
    it is closed with 4401 within a second of the sign-out's answer, and a ``sit`` sent after
    the sign-out takes nothing from the wallet."""
    _register(server, "leaver")
    token = _sign_in(server, "leaver")
    c = server.client(token)
    c.subscribe(table)
    before = wallet(server, "leaver")
    r = server.http("POST", "/api/logout", token)
    assert r.status_code == 200
    t0 = time.monotonic()
    sit = {"type": "command", "table": table, "id": "k1", "action": "sit"}
    with contextlib.suppress(ConnectionClosed):
        c.send(sit | {"args": {"seat": "6", "cents": 1000}})
    code, _, got = c.closed()
    took = time.monotonic() - t0
    assert code == 4401 and took < 1.0, (code, took)
    assert not [m for m in got if m.get("type") == "result" and m["status"] == "applied"], got
    assert wallet(server, "leaver") == before and ops_by(server, table, "leaver") == 0
    assert server.http("GET", "/api/me", token).status_code == 401


def test_a_revoked_token_opening_a_websocket_gets_4401(server: Server) -> None:
    """A signed-out token opening a websocket: accepted, then closed with 4401 (a browser sees
    the close code; an HTTP 403 at the handshake it cannot tell apart from a network fault)."""
    _register(server, "latecomer")
    token = _sign_in(server, "latecomer")
    assert server.http("POST", "/api/logout", token).status_code == 200
    with pytest.raises(ConnectionClosed) as e:
        Client(server.ws_url, token).recv(timeout=10)
    assert e.value.rcvd is not None and e.value.rcvd.code == 4401


def test_a_password_change_ends_every_other_session(server: Server, table: str) -> None:
    """POST /api/password with the current password: every other session of the account ends
    (its websocket closed with 4401 within a second), the one that changed it goes on; the old
    password no longer signs in, the new one does; a wrong current password is 403."""
    _register(server, "changer")
    mine, other = _sign_in(server, "changer"), _sign_in(server, "changer")
    me, them = server.client(mine), server.client(other)
    body = {"password": "not the password", "new_password": "a new long password"}
    assert server.http("POST", "/api/password", mine, body).status_code == 403
    body["password"] = PASSWORD
    r = server.http("POST", "/api/password", mine, body)
    assert r.status_code == 200 and r.json()["sessions_ended"] == 1, r.text
    code, took, _ = them.closed()
    assert code == 4401 and took < 1.0, (code, took)
    me.send({"type": "ping"})
    assert me.until(lambda m: m.get("type") == "pong", "pong")["type"] == "pong"
    assert server.http("GET", "/api/me", other).status_code == 401
    r = server.http("POST", "/api/login", body={"name": "changer", "password": PASSWORD})
    assert r.status_code == 401
    assert _sign_in(server, "changer", "a new long password")
    me.close()


def test_suspension_ends_every_session_until_reinstated(
    server: Server, operator_token: str, table: str
) -> None:
    """An operator suspends an account: each of its websockets closes with 4401 within a
    second, its tokens are refused, it cannot sign in (403) until reinstated; the event log
    names both; an operator cannot suspend themself."""
    _register(server, "rogue")
    sockets = [server.client(_sign_in(server, "rogue")) for _ in range(2)]
    r = server.http("POST", "/api/accounts/rogue/suspend", operator_token)
    assert r.status_code == 200 and r.json()["sessions_ended"] >= 2, r.text
    for c in sockets:
        code, took, _ = c.closed()
        assert code == 4401 and took < 1.0, (code, took)
    r = server.http("POST", "/api/login", body={"name": "rogue", "password": PASSWORD})
    assert r.status_code == 403 and "suspended" in r.json()["detail"]
    assert server.http("POST", "/api/accounts/nobody/suspend", operator_token).status_code == 404
    assert (
        server.http("POST", f"/api/accounts/{OPERATOR}/suspend", operator_token).status_code == 409
    )
    assert server.http("POST", "/api/accounts/rogue/reinstate", operator_token).status_code == 200
    assert _sign_in(server, "rogue")
    kinds = [e["kind"] for e in server.http("GET", "/api/events?limit=1000", operator_token).json()]
    assert "account_suspended" in kinds and "account_reinstated" in kinds


def test_an_operator_revokes_one_session(server: Server, operator_token: str) -> None:
    """GET /api/accounts/{name}/sessions lists an account's sessions (and its websockets open
    here); revoking one closes its websocket with 4401 within a second, the other session goes
    on."""
    _register(server, "twice")
    first, second = _sign_in(server, "twice"), _sign_in(server, "twice")
    c1, c2 = server.client(first), server.client(second)
    rows = server.http("GET", "/api/accounts/twice/sessions", operator_token).json()
    ids = {r["id"]: r for r in rows}
    assert token_hash(first) in ids and ids[token_hash(first)]["websockets"] == 1
    r = server.http(
        "POST", f"/api/accounts/twice/sessions/{token_hash(first)}/revoke", operator_token
    )
    assert r.status_code == 200, r.text
    code, took, _ = c1.closed()
    assert code == 4401 and took < 1.0, (code, took)
    c2.send({"type": "ping"})
    assert c2.until(lambda m: m.get("type") == "pong", "pong")
    again = f"/api/accounts/twice/sessions/{token_hash(first)}/revoke"
    assert server.http("POST", again, operator_token).status_code == 404
    other = f"/api/accounts/{OPERATOR}/sessions/{token_hash(second)}/revoke"
    assert server.http("POST", other, operator_token).status_code == 404  # not boss's session
    c2.close()


def test_a_session_ended_elsewhere_or_expired_is_closed_by_the_sweep(server: Server) -> None:
    """A session deleted from the store by anything else (a notification lost, say), and one
    that expires while connected: each websocket is closed with 4401 by the next sweep."""
    _register(server, "swept")
    token = _sign_in(server, "swept")
    store = Store(server.db_url)
    try:
        user = store.user_by_name("swept")
        assert user is not None
        short = new_token()
        soon = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=3)
        store.add_session(token_hash(short), user["id"], soon)
        c, expiring = server.client(token), server.client(short)
        end_sessions(store, [token_hash(token)])
    finally:
        store.close()
    code, took, _ = c.closed(within=2 * SWEEP)
    assert code == 4401 and took < 2 * SWEEP + 1, (code, took)
    code, took, _ = expiring.closed(within=2 * SWEEP + 3)
    assert code == 4401, code


# ---------------------------------------------------------------------- in the actor itself
#: Every command with arguments it could take (a declined bank, a stranger abandoned).
REVOKED_ARGS = dict(SAMPLE_ARGS, bank={"accept": False}, abandon={"player": "ann"})


def _snapshot(svc: Service, table: str) -> tuple[Any, ...]:
    actor = svc.actors[table]
    floor = copy.deepcopy(actor.floor)
    return (
        actor.seq,
        actor.state(OPERATOR_VIEW),
        repr(vars(floor)),
        svc.store.balances(""),
        len(svc.store.ops(table)),
    )


async def _revoked_commands(url: str) -> None:
    svc = Service(Store(url), ServiceOptions(seed=3))
    await svc.start()
    try:
        store = svc.store
        cfg = TableConfig(id="rx", profile="generic", wager_seconds=3600, pause_seconds=0)
        actor = await svc.open_table(cfg)
        later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)
        users = {}
        for name, role in (("ann", "player"), ("opx", "operator")):
            store.set_password(name, hash_password(PASSWORD), role)
            store.cashier(f"wallet:{name}", 100_000, "deposit")
            row = store.user_by_name(name)
            assert row is not None
            users[name] = (row["id"], name, role, new_token())
            open_session(store, token_hash(users[name][3]), row["id"], later, 10)
        from paigow.service.accounts.auth import User

        ann = User(users["ann"][0], "ann", "player")
        opx = User(users["opx"][0], "opx", "operator")
        s_ann, s_op = token_hash(users["ann"][3]), token_hash(users["opx"][3])
        r = await actor.command(ann, "k-sit", "sit", {"seat": "1", "cents": 5000}, s_ann)
        assert r["status"] == "applied", r
        while actor.wait is None or actor.wait.what != "wagers":
            if actor.wait is not None and actor.wait.what == "bank offer":
                await actor.command(ann, "k-bank", "bank", {"accept": False}, s_ann)
            await asyncio.sleep(0.01)
        r = await actor.command(ann, "k-w", "wager", {"spot": "1", "cents": 500}, s_ann)
        assert r["status"] == "applied", r
        ref = actor.engine.round.wagers[0].ref if actor.engine.round else "w1"
        end_sessions(store, [s_ann, s_op])  # both sessions end here (a sign-out commits)
        samples = dict(REVOKED_ARGS, remove_wager={"ref": ref})
        for who, session, actions in ((ann, s_ann, ACTIONS), (opx, s_op, OPERATOR_ACTIONS)):
            for action in actions:
                before = _snapshot(svc, "rx")
                r = await actor.command(
                    who, f"x-{action}", action, samples.get(action, {}), session
                )
                assert r["status"] == "refused", (action, r)
                assert _snapshot(svc, "rx") == before, action
                if action in ("leave", "ready", "remove_wager", "pause", "expire"):
                    assert "signed out" in r["error"], (action, r)  # its rights allowed it
    finally:
        await svc.stop()


def test_no_command_of_a_revoked_session_is_applied_sqlite(tmp_path: Path) -> None:
    """Every player and operator action sent with a session that ended before the command
    commits — even one its rights allow (leave, ready, taking a wager back, a pause) — is
    refused and changes nothing: not the engine, not the floor's decisions, not a balance, not
    a stored command (the command in flight against the revocation)."""
    asyncio.run(_revoked_commands(f"sqlite:///{tmp_path / 'rv.sqlite3'}"))


def test_no_command_of_a_revoked_session_is_applied_postgresql(pg_cluster: PgCluster) -> None:
    """The same on PostgreSQL."""
    asyncio.run(_revoked_commands(pg_cluster.new_database()))


def test_a_revocation_waits_for_a_command_committing_on_postgresql(pg_cluster: PgCluster) -> None:
    """The order is decided by the database: a command's transaction holds its session's row
    (FOR SHARE) until it commits, so a sign-out committing at the same moment waits for it; a
    sign-out committed first makes the command's check fail."""
    store = Store(pg_cluster.new_database())
    try:
        store.migrate()
        store.set_password("racer", hash_password(PASSWORD), "player")
        row = store.user_by_name("racer")
        assert row is not None
        h = token_hash(new_token())
        open_session(store, h, row["id"], dt.datetime.now(dt.UTC) + dt.timedelta(hours=1), 10)
        done = threading.Event()
        with store.engine.begin() as c:
            check_session(c, h)

            def revoke() -> None:
                end_sessions(store, [h])
                done.set()

            t = threading.Thread(target=revoke)
            t.start()
            assert not done.wait(0.5)  # the sign-out waits for the command's commit
        assert done.wait(30)
        t.join()
        with store.engine.begin() as c, pytest.raises(SessionRevokedError):
            check_session(c, h)
    finally:
        store.close()


def _expiry_at_commit(store: Store) -> None:
    """A group commit's check of its senders' sessions: a live one passes, one a second past
    its expiry is refused as expired, one signed out as signed out, and one bad session among
    live ones refuses the whole check (the expiry is compared in the statement itself); with
    both kinds among them, the signed-out one is said."""
    try:
        store.migrate()
        store.set_password("clock", hash_password(PASSWORD), "player")
        row = store.user_by_name("clock")
        assert row is not None
        at = dt.datetime.now(dt.UTC)
        live, old, gone = (token_hash(new_token()) for _ in range(3))
        open_session(store, live, row["id"], at + dt.timedelta(hours=1), 10)
        open_session(store, old, row["id"], at - dt.timedelta(seconds=1), 10)
        with store.engine.begin() as c:
            check_sessions(c, [live, live])
        for bad, why in ((old, "has expired"), (gone, "signed out")):
            with store.engine.begin() as c, pytest.raises(SessionRevokedError, match=why):
                check_sessions(c, [live, bad, live])
        # one expired and one signed out: the signed-out one is said, in either order (a group
        # commit refused is then written batch by batch, each told its own)
        for group in ([old, gone, live], [gone, old, live]):
            with store.engine.begin() as c, pytest.raises(SessionRevokedError, match="signed out"):
                check_sessions(c, group)
    finally:
        store.close()


def test_a_session_expired_at_commit_is_refused_sqlite(tmp_path: Path) -> None:
    """:func:`check_sessions` on SQLite (its times stored as text)."""
    _expiry_at_commit(Store(f"sqlite:///{tmp_path / 'exp.sqlite3'}"))


def test_a_session_expired_at_commit_is_refused_postgresql(pg_cluster: PgCluster) -> None:
    """The same on PostgreSQL."""
    _expiry_at_commit(Store(pg_cluster.new_database()))

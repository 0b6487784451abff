"""Authorisation of every endpoint and every websocket message: no session, an expired or a
forged token, a player acting as operator, an operator playing, a spectator, the wrong seat and
the wrong table; every message after the session ended (signed out, the password changed, the
account suspended); the websocket's Origin check; sign-in rate limits; malformed messages."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from paigow.service.accounts.auth import hash_password, new_token, token_hash
from paigow.service.store.store import Store
from paigow.service.wire.protocol import ACTIONS, OPERATOR_ACTIONS
from service_fixtures import operator_token, pg_cluster, server
from service_support import OPERATOR, PASSWORD, SAMPLE_ARGS, Client, Server

__all__ = ["operator_token", "pg_cluster", "server"]


def expired_token(server: Server, name: str) -> str:
    store = Store(server.db_url)
    try:
        user = store.user_by_name(name)
        assert user is not None
        token = new_token()
        past = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
        store.add_session(token_hash(token), user["id"], past)
        return token
    finally:
        store.close()


@pytest.fixture(scope="module")
def tokens(server: Server, operator_token: str) -> dict[str, str | None]:
    server.open_table(operator_token, id="auth", profile="generic", pause_seconds=0)
    server.open_table(operator_token, id="other", profile="generic", pause_seconds=0)
    player = server.player("authp")
    server.player("authz")  # suspended and reinstated below
    return {
        "none": None,
        "forged": "x" * 43,
        "expired": expired_token(server, "authp"),
        "player": player,
        "operator": operator_token,
    }


ROUTES = [  # method, path, body, minimum role: public / player / operator
    ("GET", "/healthz", None, "public"),
    ("GET", "/openapi.json", None, "public"),
    ("GET", "/api/tables", None, "public"),
    ("GET", "/api/tables/auth", None, "public"),
    ("GET", "/api/tables/auth/server", None, "public"),
    ("GET", "/api/cluster", None, "operator"),
    ("GET", "/api/limits", None, "operator"),
    ("GET", "/api/me", None, "player"),
    ("GET", "/api/me/rounds", None, "player"),
    ("POST", "/api/tables", {"id": "made", "profile": "generic"}, "operator"),
    ("GET", "/api/tables/auth/rounds", None, "operator"),
    ("GET", "/api/tables/auth/meters", None, "operator"),
    ("POST", "/api/wallets/authp/deposit", {"cents": 100}, "operator-410"),  # retired
    ("GET", "/api/audit", None, "operator"),
    ("GET", "/api/events", None, "operator"),
    ("GET", "/api/events?since=0&limit=5&table=auth", None, "operator"),
    ("POST", "/api/tables/other/close", None, "operator"),
    ("GET", "/api/session", None, "public"),
    ("GET", "/api/tables/auth/info", None, "public"),
    ("GET", "/api/tables/auth/history", None, "public"),
    ("GET", "/api/tables/auth/advice/1", None, "viewer"),
    ("GET", "/api/trainer/profiles", None, "public"),
    ("GET", "/api/rules", None, "public"),
    ("GET", "/api/rules/generic", None, "public"),
    ("POST", "/api/tutorial/deal", {"deal": 9}, "public"),
    ("POST", "/api/tutorial/play", {"deal": 9, "house_way": True}, "public"),
    ("POST", "/api/trainer/deal", {"profile": "generic", "drill": "all"}, "public"),
    (
        "POST",
        "/api/trainer/answer",
        {"profile": "generic", "pieces": ["6-6", "4-5", "1-2", "3-3"], "high": ["6-6", "4-5"]}
        | {"low": ["1-2", "3-3"]},
        "public",
    ),
    ("GET", "/api/trainer/stats?profile=generic", None, "player"),
    ("POST", "/api/password", {"password": "not the one", "new_password": "x" * 8}, "password"),
    ("GET", "/api/accounts/authz/sessions", None, "operator"),
    ("POST", "/api/accounts/authz/suspend", None, "operator"),
    ("POST", "/api/accounts/authz/reinstate", None, "operator"),
    ("POST", f"/api/accounts/authz/sessions/{'0' * 64}/revoke", None, "operator-404"),
    ("GET", "/api/tables/auth/chat", None, "operator"),
    ("POST", "/api/tables/auth/chat/1/delete", None, "operator-404"),
    ("POST", "/api/accounts/authz/silence", {"minutes": 1}, "operator"),
    ("POST", "/api/accounts/authz/unsilence", None, "operator"),
    ("GET", "/api/me/mutes", None, "player"),
    ("POST", "/api/me/mutes", {"player": "authz", "mute": False}, "player"),
    ("GET", "/api/pit/floor", None, "operator"),
    ("GET", "/api/pit/profiles", None, "operator"),
    ("POST", "/api/pit/tables/auth/pause", None, "operator"),
    ("POST", "/api/pit/tables/auth/resume", None, "operator"),
    ("POST", "/api/pit/tables/auth/configure", {"advice": True}, "operator"),
    ("POST", "/api/pit/tables/auth/look", None, "operator-403"),  # no surveillance right
    ("GET", "/api/pit/tables/auth/rounds/999999", None, "operator-404"),
    ("GET", "/api/pit/tables/nosuch/report", None, "operator-404"),  # (its making: test_web_pit)
    ("POST", "/api/pit/accounts/authz/surveillance", {"surveillance": True}, "operator-409"),
    ("GET", "/api/pit/accounts", None, "operator"),
    ("GET", "/api/pit/accounts/authz", None, "operator"),
    ("POST", "/api/private-tables", {"profile": "generic"}, "player-only"),
    ("GET", "/api/me/private-tables", None, "player"),
    ("GET", "/api/private-tables/0000-0000", None, "public-404"),  # no such code
    ("GET", "/api/pit/private-tables", None, "operator"),
    ("GET", "/api/me/protection", None, "player"),
    ("POST", "/api/me/protection/limit", {"cents": 10**12}, "player"),
    ("POST", "/api/me/protection/reminder", {"minutes": None}, "player"),
    ("POST", "/api/me/protection/exclude", {"days": 0}, "player-422"),  # never excluded here
    (
        "POST",
        "/api/pit/accounts/authz/adjust",
        {"cents": 1, "reason": "the route matrix", "key": "route-matrix"},
        "operator",
    ),
    ("POST", "/api/pit/accounts/authz/payment-id", {"payment_id": None}, "operator"),
    ("GET", "/api/pit/meters", None, "operator"),
    ("GET", "/api/pit/meters.csv", None, "operator"),
    ("POST", "/api/logout", None, "player"),
]


def test_every_route(server: Server, tokens: dict[str, str | None]) -> None:
    """Public routes answer anyone; the others refuse a missing, forged or expired session
    (401) and a player on an operator's route (403)."""
    for method, path, body, need in ROUTES:
        for who in ("none", "forged", "expired", "player", "operator"):
            if path == "/api/logout" and who in ("player", "operator"):
                continue  # would end the session the other checks use
            r = server.http(method, path, tokens[who], body)
            if need == "public-404":  # anyone passes the door; the code opens no table
                assert r.status_code == 404, (method, path, who, r.text)
            elif need == "player-only" and who == "operator":  # operators do not play
                assert r.status_code == 403, (method, path, who, r.text)
            elif need == "player-422" and who in ("player", "operator"):  # past the door
                assert r.status_code == 422, (method, path, who, r.text)
            elif need == "viewer" and who == "player":  # not seated: not the hand's viewer
                assert r.status_code == 409, (method, path, who, r.text)
            elif need == "password" and who in ("player", "operator"):  # the wrong password
                assert r.status_code == 403, (method, path, who, r.text)
            elif need.startswith("operator-") and who == "operator":  # passes the door; then
                # no such session or round (404), no surveillance right (403), not an operator's
                # account (409)
                assert r.status_code == int(need[9:]), (method, path, who, r.text)
            elif need.startswith("operator-") and who == "player":
                assert r.status_code == 403, (method, path, who, r.text)
            elif need == "viewer" and who == "operator":  # sees every hand; none dealt yet
                assert r.status_code < 500 and r.status_code not in (401, 403), (path, r.text)
            elif need == "public" or (
                need in ("player", "player-only") and who in ("player", "operator")
            ):
                assert r.status_code < 400, (method, path, who, r.text)
            elif who in ("none", "forged", "expired"):
                assert r.status_code == 401, (method, path, who, r.text)
            elif need == "operator" and who == "player":
                assert r.status_code == 403, (method, path, who, r.text)
            else:
                assert r.status_code < 400, (method, path, who, r.text)


def test_the_matrix_covers_every_route() -> None:
    """Every route of the application is in the matrix above (a new route cannot skip it)."""
    from paigow.service.hub import Service
    from paigow.service.routes.app import create_app

    app = create_app(Service(Store("sqlite://")))

    def template(path: str) -> str:
        path = path.split("?", maxsplit=1)[0].replace("/wallets/authp/", "/wallets/{name}/")
        path = path.replace("/advice/1", "/advice/{spot}").replace("/authz/", "/{name}/")
        path = path.replace("0" * 64, "{session_id}").replace("/chat/1/", "/chat/{message_id}/")
        path = path.replace("/rounds/999999", "/rounds/{round_no}")
        path = path.replace("/private-tables/0000-0000", "/private-tables/{code}")
        path = path.replace("/rules/generic", "/rules/{profile}")
        path = path.removesuffix("/authz") + ("/{name}" if path.endswith("/authz") else "")
        path = path.replace("/tables/nosuch/", "/tables/{table_id}/")
        return path.replace("/tables/auth", "/tables/{table_id}").replace(
            "/tables/other", "/tables/{table_id}"
        )

    covered = {(m, template(p)) for m, p, _, _ in ROUTES}
    covered |= {("POST", "/api/register"), ("POST", "/api/login")}  # open to all: below
    # every HTTP route, those of included routers too, as the OpenAPI document lists them
    routes = {(m.upper(), p) for p, ms in app.openapi()["paths"].items() for m in ms}
    assert len(routes) >= 20
    for method, path in sorted(routes):
        assert (method, path) in covered, (method, path)


def test_login_rate_limit(server: Server) -> None:
    """Five failed sign-ins for a name, then 429 with Retry-After, even with the right password."""
    server.player("limited")
    for _ in range(5):
        r = server.http("POST", "/api/login", body={"name": "limited", "password": "wrong pass"})
        assert r.status_code == 401
    r = server.http("POST", "/api/login", body={"name": "limited", "password": PASSWORD})
    assert r.status_code == 429 and "retry-after" in r.headers


def test_websocket_handshake(server: Server, tokens: dict[str, str | None]) -> None:
    """No session, a forged or expired token, a page of another site: refused."""
    for who in ("forged", "expired"):
        with pytest.raises((InvalidStatus, ConnectionClosed)):
            Client(server.ws_url, str(tokens[who])).recv(timeout=5)
    with pytest.raises((InvalidStatus, ConnectionClosed)):
        Client(server.ws_url, str(tokens["player"]), origin="http://evil.example").recv(timeout=5)
    same = Client(server.ws_url, str(tokens["player"]), origin=server.base)
    assert same.welcome["type"] == "welcome"
    same.close()


def test_every_message(server: Server, tokens: dict[str, str | None]) -> None:
    """Operator actions by a player, player actions by the operator, anything but sitting by a
    spectator, another seat's actions, another table's: refused; nobody sees another's tiles."""
    op = server.client(str(tokens["operator"]))
    # another table of its own: the route matrix's tables may be closed or not yet made
    server.open_table(str(tokens["operator"]), id="elsewhere", profile="generic")
    a = server.client(server.player("autha"))
    b = server.client(server.player("authb"))
    spectator = server.client(server.player("watcher"))
    op.subscribe("auth")
    op.ok("auth", "pause")
    for c in (a, b, spectator):
        c.subscribe("auth")
    a.ok("auth", "sit", seat="1", cents=5000)
    b.ok("auth", "sit", seat="2", cents=5000)
    op.ok("auth", "resume")
    for action in OPERATOR_ACTIONS:
        r = a.command("auth", action, **SAMPLE_ARGS.get(action, {}))
        assert r["status"] == "refused" and "operator" in r["error"], (action, r)
    for action in ACTIONS:
        r = op.command("auth", action, **SAMPLE_ARGS.get(action, {}))
        assert r["status"] == "refused" and "operators" in r["error"], (action, r)
        if action != "sit":
            r = spectator.command("auth", action, **SAMPLE_ARGS.get(action, {}))
            assert r["status"] == "refused" and "not seated" in r["error"], (action, r)
    a.wait_state("auth", lambda st: bool(st["waiting"]) and st["waiting"]["for"] == "wagers", "w")
    a.ok("auth", "wager", spot="1", cents=500)
    ref = a.state["auth"]["round"]["wagers"][0]["ref"]
    r = b.command("auth", "remove_wager", ref=ref)
    assert r["status"] == "refused" and "not authb's" in r["error"]
    r = b.command("auth", "wager", spot="1", cents=500)  # a's spot
    assert r["status"] == "refused"
    r = a.command("elsewhere", "wager", spot="1", cents=500)  # another table
    assert r["status"] == "refused" and "not seated at table elsewhere" in r["error"]
    b.ok("auth", "wager", spot="2", cents=500)
    a.ok("auth", "ready")
    b.ok("auth", "ready")
    st = b.wait_state(
        "auth", lambda s: bool(s["waiting"]) and s["waiting"]["for"] == "setting", "d"
    )
    assert st["round"]["positions"]["1"]["pieces"] is None  # a's tiles, to b
    assert st["round"]["positions"]["2"]["pieces"] is not None
    for action in ("set", "house_way", "surrender", "void_hand"):
        r = b.command("auth", action, **SAMPLE_ARGS[action])  # spot 1 is a's
        assert r["status"] == "refused" and "not authb's" in r["error"], (action, r)
    for action in ("cut", "style", "bank_set", "dealer_wager", "pd_stake", "roll"):
        r = b.command("auth", action, **SAMPLE_ARGS.get(action, {}))
        assert r["status"] == "refused", (action, r)
    r = b.command("auth", "bank", accept=True)
    assert r["status"] == "refused" and "no bank offer" in r["error"]
    for c in (op, a, b, spectator):
        c.close()


def test_malformed_messages(server: Server, tokens: dict[str, str | None]) -> None:
    """Not JSON, unknown types, missing fields, wrong types, unknown actions, a table that is
    not open, a huge frame: a clear error each time (a command's refused by its id), and the
    service stays up."""
    c = server.client(str(tokens["player"]))
    for raw, word in [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"type": "dance"}', "type"),
        ('{"type": "subscribe"}', "table"),
        ('{"type": "command", "table": "auth"}', "idempotency"),
        ('{"type": "subscribe", "table": "nope"}', "no open table"),
        ('{"type": "floor", "table": "auth"}', "a floor message has only 'watch'"),
        ('{"type": "floor"}', "the floor is for operators only"),
    ]:
        c.send(raw)
        msg = c.until(lambda m: m.get("type") == "error", raw)
        assert word in msg["error"], (raw, msg)
    r = c.command("auth", "dance")
    assert r["status"] == "refused" and "unknown action" in r["error"]
    # a command for a table that is not open is answered like any command: refused, by its id
    r = c.command("nope", "sit", key="to-nowhere", seat="1", cents=1000)
    assert r["id"] == "to-nowhere" and r["status"] == "refused", r
    assert r["error"] == "no open table 'nope'", r
    r = c.command("auth", "sit", seat="6", cents="1000")
    assert r["status"] == "refused" and "cents" in r["error"]
    c.send({"type": "ping"})
    assert c.until(lambda m: m.get("type") == "pong", "pong")
    with pytest.raises(ConnectionClosed):
        c.send("x" * 200_000)
        c.recv(timeout=10)
    assert server.http("GET", "/healthz").status_code == 200


def test_session_expiring_while_connected(server: Server) -> None:
    """A session that expires while its websocket is open: its next command is refused."""
    store = Store(server.db_url)
    try:
        user = store.user_by_name(OPERATOR)
        assert user is not None
        token = new_token()
        soon = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=1)
        store.add_session(token_hash(token), user["id"], soon)
    finally:
        store.close()
    c = server.client(token)
    while dt.datetime.now(dt.UTC) < soon + dt.timedelta(milliseconds=100):
        time.sleep(0.05)
    try:
        r = c.command("auth", "pause")
    except ConnectionClosed as e:
        # On a loaded machine the socket may open after the session ended: it is closed then
        # as a session that ended (4401), which refuses the command as surely.
        assert e.rcvd is not None and e.rcvd.code == 4401, e
    else:
        assert r["status"] == "refused" and "expired" in r["error"]
    c.close()


def test_table_options_the_profile_refuses(server: Server, operator_token: str) -> None:
    """Options a profile does not allow are refused with the reason (R-PF, R-DE: the profile's
    [side_bets]); unknown options too."""
    r = server.http(
        "POST",
        "/api/tables",
        operator_token,
        {"id": "nopf", "profile": "generic", "pair_fortunes": "1"},
    )
    assert r.status_code == 409 and "does not offer Pair Fortunes" in r.json()["detail"]
    r = server.http(
        "POST",
        "/api/tables",
        operator_token,
        {"id": "nokey", "profile": "generic", "colour": "red"},
    )
    assert r.status_code == 422
    r = server.http("POST", "/api/tables", operator_token, {"id": "Bad Id!", "profile": "generic"})
    assert r.status_code == 409 and "table id" in r.json()["detail"]


REVOCATIONS = ("sign-out", "password change", "suspension")


def _end(server: Server, kind: str, name: str, token: str) -> None:
    """End ``name``'s session ``token`` by ``kind``."""
    if kind == "sign-out":
        r = server.http("POST", "/api/logout", token)
    elif kind == "password change":  # from another session of the account: this one ends
        other = server.http("POST", "/api/login", body={"name": name, "password": PASSWORD})
        body = {"password": PASSWORD, "new_password": PASSWORD + " 2"}
        r = server.http("POST", "/api/password", other.json()["token"], body)
    else:
        r = server.http("POST", f"/api/accounts/{name}/suspend", server.login(OPERATOR))
    assert r.status_code == 200, (kind, r.text)


@pytest.mark.parametrize("kind", REVOCATIONS)
def test_every_message_after_the_session_ends(server: Server, kind: str) -> None:
    """A seated player's and an operator's websockets; their sessions end (signed out, the
    password changed from another session, the account suspended); then every message type —
    subscribe, unsubscribe, ping, the floor and a command of every player or operator action —
    is sent on each at once: none is handled (no pong, state, event, result or floor), each
    websocket is closed with 4401 within a second of the revocation's answer, and nothing is
    stored."""
    i = REVOCATIONS.index(kind)
    table, player, op2 = f"rv{i}", f"revp{i}", f"revo{i}"
    store = Store(server.db_url)
    try:
        store.set_password(op2, hash_password(PASSWORD), "operator")
    finally:
        store.close()
    server.open_table(server.login(OPERATOR), id=table, profile="generic", wager_seconds=3600)
    p_token, o_token = server.player(player), server.login(op2)
    pc, oc = server.client(p_token), server.client(o_token)
    for c in (pc, oc):
        c.subscribe(table)
    pc.ok(table, "sit", seat="1", cents=5000)
    seq = pc.state[table]["seq"]
    oc.wait_state(table, lambda st: st["seq"] == seq, "the operator has seen the sit")
    stored = len(_ops(server, table))
    assert stored == seq  # nothing more in flight: what comes below came after the revocation
    deadline = oc.state[table]["waiting"]["deadline"]
    _end(server, kind, player, p_token)
    # The player's connection closing is news for the operator, whose session is still valid:
    # the table waits for an absent player only away_seconds, so the wager window is shortened
    # (what the operator receives before its own session ends).
    oc.wait_state(
        table,
        lambda st: st["waiting"]["deadline"] < deadline,
        "the operator sees the wager window shortened (away_seconds)",
    )
    _end(server, kind, op2, o_token)
    t0 = time.monotonic()
    for c, actions in ((pc, ACTIONS), (oc, OPERATOR_ACTIONS)):
        messages: list[dict[str, Any]] = [
            {"type": "subscribe", "table": table},
            {"type": "unsubscribe", "table": table},
            {"type": "ping"},
            {"type": "floor"},
        ]
        messages += [
            {"type": "command", "table": table, "id": f"after-{a}", "action": a}
            | {"args": SAMPLE_ARGS.get(a, {})}
            for a in actions
        ]
        for m in messages:
            try:
                c.send(m)
            except ConnectionClosed:
                break
    for c in (pc, oc):
        code, _, got = c.closed()
        took = time.monotonic() - t0
        assert code == 4401 and took < 1.0, (kind, code, took)
        handled = [m for m in got if m.get("type") in ("pong", "state", "event", "result", "floor")]
        assert not handled, (kind, handled)
    assert len(_ops(server, table)) == stored


def _ops(server: Server, table: str) -> list[Any]:
    store = Store(server.db_url)
    try:
        return list(store.ops(table))
    finally:
        store.close()


def test_a_name_registered_twice_at_once(server: Server) -> None:
    """Eight registrations of one new name at the same moment: one account, the others told
    the name is taken (409), none a server error (on PostgreSQL the second insert used to hit
    the unique constraint)."""
    import concurrent.futures as cf

    def register(_: int) -> int:
        body = {"name": "twin", "password": PASSWORD}
        return int(server.http("POST", "/api/register", body=body).status_code)

    with cf.ThreadPoolExecutor(8) as ex:
        codes = sorted(ex.map(register, range(8)))
    assert codes == [201] + [409] * 7, codes

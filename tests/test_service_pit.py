"""The pit's API (docs/service.md, "The pit"): a real ``paigow serve`` on SQLite and on
PostgreSQL.

* Every pit route (and every other operator route) is refused to a player's session (403) and
  to nobody signed in (401), and nothing changes.
* The floor shows every table as the table itself says it is, and is pushed to the operators
  who follow it; an operator changes a table's limits and options between rounds (a change
  asked during a round waits for its end), each change in the event log with what it was
  before; a change the profile does not allow is refused with why.
* The hands of an open round are seen only with the surveillance right, each look logged.
* Every answer of the pit's routes fits its schema.

(The accounts, wallet adjustments and the pit's meters: tests/test_service_pit_accounts_meters.py.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from paigow.service.wire.protocol import SERVER_MESSAGES
from paigow.service.wire.view_schema import ROOTS, ref
from paigow.service.wire.view_schema_floor import FLOOR_ROOTS
from paigow.service.wire.view_schema_kit import list_of
from pit_events import events
from service_fixtures import operator_token, pg_cluster, server
from service_support import OPERATOR, Client, Server, drive
from web_schema import errors

__all__ = ["operator_token", "pg_cluster", "server"]


# ---------------------------------------------------------------- who may
def _pit_doors(table: str, name: str) -> list[tuple[str, str, Any]]:
    return [
        ("GET", "/api/pit/floor", None),
        ("GET", "/api/pit/profiles", None),
        ("GET", "/api/pit/accounts?q=a", None),
        ("GET", f"/api/pit/accounts/{name}", None),
        ("GET", "/api/pit/meters", None),
        ("GET", "/api/pit/meters.csv", None),
        ("GET", f"/api/pit/tables/{table}/rounds/1", None),
        ("POST", f"/api/pit/tables/{table}/pause", {}),
        ("POST", f"/api/pit/tables/{table}/resume", {}),
        ("POST", f"/api/pit/tables/{table}/configure", {"computer_players": 3}),
        ("POST", f"/api/pit/accounts/{name}/adjust", {"cents": 100, "reason": "not allowed"}),
        ("POST", f"/api/pit/tables/{table}/look", None),
        ("POST", f"/api/pit/accounts/{name}/surveillance", {"surveillance": True}),
        ("POST", "/api/tables", {"id": "intruder", "profile": "generic"}),
        ("POST", f"/api/tables/{table}/close", None),
        ("GET", f"/api/tables/{table}/rounds", None),
        ("GET", f"/api/tables/{table}/meters", None),
        ("POST", f"/api/wallets/{name}/deposit", {"cents": 100}),
        ("POST", f"/api/accounts/{name}/suspend", None),
        ("POST", f"/api/accounts/{name}/reinstate", None),
        ("GET", f"/api/accounts/{name}/sessions", None),
        ("POST", f"/api/accounts/{name}/sessions/{'0' * 64}/revoke", None),
        ("GET", "/api/events", None),
        ("GET", "/api/audit", None),
    ]


def test_players_and_strangers_reach_no_pit_door(server: Server, operator_token: str) -> None:
    """Each operator route answers 403 to a player's session and 401 to nobody; the table,
    the wallet and the account are as they were."""
    server.open_table(operator_token, id="pit-guard", profile="generic", computer_players=1)
    player = server.player("pitguard")
    before = server.http("GET", "/api/pit/accounts/pitguard", operator_token).json()
    for method, path, body in _pit_doors("pit-guard", "pitguard"):
        r = server.http(method, path, player, body)
        assert r.status_code == 403, (method, path, r.status_code, r.text)
        r = server.http(method, path, None, body)
        assert r.status_code == 401, (method, path, r.status_code, r.text)
    after = server.http("GET", "/api/pit/accounts/pitguard", operator_token).json()
    assert after["wallet"] == before["wallet"] and after["suspended_at"] is None
    assert after["ledger"] == before["ledger"]
    floor = {t["id"]: t for t in server.http("GET", "/api/pit/floor", operator_token).json()}
    assert floor["pit-guard"]["computer_players"] == 1 and not floor["pit-guard"]["paused"]
    assert "intruder" not in floor


# ---------------------------------------------------------------- the floor
def _floor(server: Server, token: str) -> dict[str, dict[str, Any]]:
    r = server.http("GET", "/api/pit/floor", token)
    assert r.status_code == 200, r.text
    return {t["id"]: t for t in r.json()}


def test_the_floor_shows_each_table_as_it_is(server: Server, operator_token: str) -> None:
    """Profile, limits, seats and players, round count, phase and computer players on the
    floor are the table's own state (GET /api/tables/ID); what may be done follows from it."""
    server.open_table(
        operator_token, id="pit-floor", profile="maryland", computer_players=2, min_wager=1000
    )
    t = _floor(server, operator_token)["pit-floor"]
    st = server.http("GET", "/api/tables/pit-floor", operator_token).json()
    assert t["profile"] == st["profile"] == "maryland"
    assert t["limits"] == st["limits"] == {"min": 1000, "max": 500000}
    assert {v: k for k, v in t["seats"].items() if v} == st["seats"]
    assert sorted(n for n in st["seats"] if n.startswith("bot-")) == ["bot-5", "bot-6"]
    assert t["rounds"] == st["rounds"] and t["paused"] == st["paused"] is False
    assert t["held"] is None and t["pending"] is None
    assert t["offer"]["pair_fortunes"] == ["A", "B", "C", "D"]
    assert not t["offer"]["dragons_eye"] and t["offer"]["computer_players"] == 5
    assert t["can"] == {
        "pause": True,
        "resume": False,
        "configure": True,
        "close": True,
        "look": False,
    }
    r = server.http("POST", "/api/pit/tables/pit-floor/pause", operator_token)
    assert r.status_code == 200, r.text
    t = _floor(server, operator_token)["pit-floor"]
    assert t["paused"] and t["can"]["resume"] and not t["can"]["pause"]
    assert server.http("GET", "/api/tables/pit-floor", operator_token).json()["paused"]
    assert server.http("POST", "/api/pit/tables/pit-floor/resume", operator_token).is_success
    assert server.http("POST", "/api/pit/tables/nowhere/pause", operator_token).status_code == 404


# ---------------------------------------------------------------- the floor pushed
#: How long a change of a table may take to reach an operator who follows the floor (the feed
#: looks four times a second; the rest is a busy test machine's slack).
PUSHED = 5.0


def _floors(c: Client) -> list[dict[str, Any]]:
    """The floors ``c`` was pushed so far (every message read that is waiting)."""
    while c.pending():
        pass
    return [m for m in c.messages if m.get("type") == "floor"]


def _pushed(
    c: Client, what: str, pred: Callable[[dict[str, dict[str, Any]]], bool]
) -> dict[str, dict[str, Any]]:
    """The tables (by id) of the next floor pushed to ``c`` whose tables satisfy ``pred``."""
    msg = c.until(
        lambda m: m.get("type") == "floor" and pred({t["id"]: t for t in m["tables"]}),
        what,
        PUSHED,
    )
    return {t["id"]: t for t in msg["tables"]}


def _pushed_as_asked(c: Client, server: Server, token: str) -> None:
    """The floor pushed to ``c`` is the floor ``GET /api/pit/floor`` answers: the last one
    pushed, or the one pushed for the change the GET saw (the other tests' tables may play
    on meanwhile: asked again then)."""
    deadline = time.monotonic() + 30
    while True:
        asked = server.http("GET", "/api/pit/floor", token).json()
        floors = _floors(c)
        if floors and floors[-1]["tables"] == asked:
            return

        def same(m: dict[str, Any], asked: Any = asked) -> bool:
            return m.get("type") == "floor" and m["tables"] == asked

        try:
            c.until(same, "the floor asked for, pushed", PUSHED)
            return
        except AssertionError:
            assert time.monotonic() < deadline, "no floor pushed was ever the floor asked for"


def test_the_floor_is_pushed_to_the_operators_who_follow_it(
    server: Server, operator_token: str
) -> None:
    """An operator's websocket that follows the floor gets it at once and again whenever a
    table changes (a player sits, a round opens), each the floor GET /api/pit/floor answers and
    each fitting its schema; whether an operator may look at the hands is theirs (granted while
    they follow, it comes at once); a player is refused in words; an operator who stops
    following is sent no more."""
    table = "pit-push"
    server.open_table(operator_token, id=table, profile="generic", pause_seconds=0)
    op, eye = server.client(operator_token), server.client(server.operator("pitpusheye"))
    player = server.client(server.player("pitpusher"))
    try:
        for c in (op, eye):
            c.send({"type": "floor"})
        first = op.until(lambda m: m.get("type") == "floor", "the floor, at once", PUSHED)
        for schema in (SERVER_MESSAGES["floor"], ref(ROOTS["/ws floor"])):
            assert errors(first, schema) == [], errors(first, schema)
        assert first["tables"] and {t["id"] for t in first["tables"]} >= {table}
        _pushed_as_asked(op, server, operator_token)
        row = _pushed(eye, "the floor, at once", lambda ts: table in ts)[table]
        assert row["seats"]["1"] is None and not row["can"]["look"]

        # a player sits: pushed within a bounded wait, the floor as asked for
        player.subscribe(table)
        sat = time.monotonic()
        player.ok(table, "sit", seat="1", cents=50_000)
        _pushed(op, "the player seated", lambda ts: ts[table]["seats"]["1"] == "pitpusher")
        assert time.monotonic() - sat < PUSHED
        _pushed_as_asked(op, server, operator_token)

        # a round opens: neither operator may look until one is granted the right
        drive([player], table, lambda st: (st["round"] or {}).get("phase") == "setting")
        for c in (op, eye):
            row = _pushed(c, "the round open", lambda ts: ts[table]["round_open"])[table]
            assert row["can"] == {**row["can"], "look": False}, row["can"]
        grant = {"surveillance": True}
        r = server.http("POST", "/api/pit/accounts/pitpusheye/surveillance", operator_token, grant)
        assert r.status_code == 200, r.text
        row = _pushed(eye, "the right granted", lambda ts: ts[table]["can"]["look"])[table]
        assert row["round_open"]
        assert errors(_floors(eye)[-1], ref("FloorFeed")) == []
        assert not any(
            t["can"]["look"] for f in _floors(op) for t in f["tables"]
        )  # the other operator's floor offers no look

        # a player is refused in words, and their socket goes on
        player.send({"type": "floor"})
        refused = player.until(lambda m: m.get("type") == "error", "the player refused", PUSHED)
        assert refused["error"] == "the floor is for operators only"
        player.send({"type": "ping"})
        player.until(lambda m: m.get("type") == "pong", "the player's pong", PUSHED)

        # an operator who stops following is pushed nothing more; the other one still is
        eye.send({"type": "floor", "watch": False})
        eye.send({"type": "ping"})
        eye.until(lambda m: m.get("type") == "pong", "the pong after stopping", PUSHED)
        stopped = len(_floors(eye))
        before = len(_floors(op))
        drive([player], table, lambda st: st["rounds"] >= 1 and not st["round_open"])
        _pushed(op, "the round's end", lambda ts: ts[table]["rounds"] >= 1)
        assert len(_floors(op)) > before and len(_floors(eye)) == stopped
    finally:
        for c in (op, eye, player):
            c.close()


def test_options_change_between_rounds(server: Server, operator_token: str) -> None:
    """Limits, advice, Pair Fortunes and the computer players change at once at a table between
    rounds; the lobby and the event log say so (with what it was before)."""
    server.open_table(operator_token, id="pit-opts", profile="maryland", computer_players=1)
    change = {
        "min_wager": 2500,
        "max_wager": 100000,
        "advice": False,
        "pair_fortunes": "B",
        "computer_players": 3,
    }
    r = server.http("POST", "/api/pit/tables/pit-opts/configure", operator_token, change)
    assert r.status_code == 200, r.text
    t = r.json()
    assert t["limits"] == {"min": 2500, "max": 100000} and t["advice"] is False
    assert t["variations"]["pair_fortunes"] == "B" and t["computer_players"] == 3
    st = server.http("GET", "/api/tables/pit-opts", operator_token).json()
    assert sorted(st["seats"]) == ["bot-4", "bot-5", "bot-6"]
    assert st["limits"] == {"min": 2500, "max": 100000}
    (ev,) = events(server, operator_token, "table_options", "pit-opts")
    assert ev["actor"] == OPERATOR and ev["detail"]["options"] == change
    assert ev["detail"]["before"] == {
        "min_wager": None,
        "max_wager": None,
        "advice": True,
        "pair_fortunes": None,
        "computer_players": 1,
    }
    assert ev["detail"]["sat"] == ["bot-5", "bot-4"] and ev["detail"]["left"] == []
    fewer = {"computer_players": 1, "pair_fortunes": ""}
    r = server.http("POST", "/api/pit/tables/pit-opts/configure", operator_token, fewer)
    assert r.status_code == 200, r.text
    assert r.json()["variations"]["pair_fortunes"] is None
    st = server.http("GET", "/api/tables/pit-opts", operator_token).json()
    assert sorted(st["seats"]) == ["bot-6"]  # those in the lowest seats leave first


@pytest.mark.parametrize(
    ("change", "status", "why"),
    [
        ({"min_wager": 9000, "max_wager": 100}, 409, "minimum <= maximum"),
        ({"pair_fortunes": "Z"}, 409, "Pair Fortunes table 'Z' is not offered"),
        ({"dragons_eye": True}, 409, "does not offer Dragon's Eye"),
        ({"computer_players": 6}, 409, "computer players: 0..5"),
        ({"computer_players": 99}, 422, "less than or equal to 8"),
        ({}, 409, "name at least one option"),
        ({"house_way": "x"}, 422, "Extra inputs"),
    ],
)
def test_a_change_not_allowed_is_refused_with_why(
    server: Server, operator_token: str, change: dict[str, Any], status: int, why: str
) -> None:
    """A change the profile or the table does not allow is refused, naming why; nothing
    changes."""
    if "pit-no" not in _floor(server, operator_token):
        server.open_table(operator_token, id="pit-no", profile="maryland")
    before = _floor(server, operator_token)["pit-no"]
    r = server.http("POST", "/api/pit/tables/pit-no/configure", operator_token, change)
    assert r.status_code == status and why in r.text, r.text
    after = _floor(server, operator_token)["pit-no"]
    assert after == before


def test_a_change_asked_during_a_round_waits_for_its_end(
    server: Server, operator_token: str
) -> None:
    """Asked while a round is open, the change is on the floor as pending and the round plays
    on with the old limits; the next round has the new ones."""
    server.open_table(operator_token, id="pit-wait", profile="generic", pause_seconds=0)
    (c,) = server.seat("pit-wait", ["pitwaiter"], ["1"])
    c.wait_state("pit-wait", lambda st: st["round_open"], "a round opens")
    r = server.http(
        "POST", "/api/pit/tables/pit-wait/configure", operator_token, {"min_wager": 700}
    )
    assert r.status_code == 200, r.text
    t = r.json()
    if t["round_open"]:  # (the round could have ended meanwhile: then it is applied)
        assert t["pending"] == {"options": {"min_wager": 700}, "by": OPERATOR}
        assert t["limits"]["min"] == 500
    st = drive([c], "pit-wait", lambda st: st["rounds"] >= 1 and st["limits"]["min"] == 700)
    assert st["limits"]["min"] == 700
    assert _floor(server, operator_token)["pit-wait"]["pending"] is None
    assert len(events(server, operator_token, "table_options", "pit-wait")) == 1
    c.close()


# ---------------------------------------------------------------- surveillance
def test_hidden_hands_need_the_surveillance_right_and_each_look_is_logged(
    server: Server, operator_token: str
) -> None:
    """While a round is open an operator sees no unexposed hand (the floor offers no look, the
    look is refused 403) unless another operator granted them the surveillance right; each look
    shows every dealt hand and is in the event log; the right withdrawn, the next look is
    refused at once. Nobody grants it to themself, and a player cannot hold it."""
    eye = server.operator("piteye")
    server.open_table(operator_token, id="pit-eye", profile="generic", pause_seconds=0)
    (c,) = server.seat("pit-eye", ["piteyed"], ["1"])
    drive([c], "pit-eye", lambda st: st["round"] is not None and st["round"]["phase"] == "setting")
    assert not _floor(server, eye)["pit-eye"]["can"]["look"]
    assert server.http("POST", "/api/pit/tables/pit-eye/look", eye).status_code == 403
    grant = {"surveillance": True}
    r = server.http("POST", "/api/pit/accounts/piteye/surveillance", eye, grant)
    assert r.status_code == 403  # not to themself
    r = server.http("POST", "/api/pit/accounts/piteyed/surveillance", operator_token, grant)
    assert r.status_code == 409  # a player
    r = server.http("POST", "/api/pit/accounts/piteye/surveillance", operator_token, grant)
    assert r.status_code == 200, r.text
    assert _floor(server, eye)["pit-eye"]["can"]["look"]
    assert not _floor(server, operator_token)["pit-eye"]["can"]["look"]
    r = server.http("POST", "/api/pit/tables/pit-eye/look", eye)
    assert r.status_code == 200, r.text
    look = r.json()
    public = server.http("GET", "/api/tables/pit-eye", operator_token).json()["round"]
    dealt = [p for p, v in public["positions"].items() if v["dealt"]]
    assert dealt and sorted(look["hands"]) == sorted(dealt)
    assert all(look["hands"][p] for p in dealt)  # every dealt hand, seen
    assert all(public["positions"][p]["pieces"] is None for p in dealt)  # the floor: none
    (ev,) = events(server, operator_token, "surveillance_look", "pit-eye")
    assert ev["actor"] == "piteye" and ev["id"] == look["event"]
    assert ev["detail"]["round"] == look["round"]
    assert events(server, operator_token, "surveillance_granted")[-1]["level"] == "alert"
    grant = {"surveillance": False}
    r = server.http("POST", "/api/pit/accounts/piteye/surveillance", operator_token, grant)
    assert r.status_code == 200
    assert server.http("POST", "/api/pit/tables/pit-eye/look", eye).status_code == 403
    c.close()


# ---------------------------------------------------------------- the answers' schemas
def test_every_pit_answer_fits_its_schema(server: Server, operator_token: str) -> None:
    """Every answer of the pit's routes, and of the operator's routes the pit reads (the event
    log, the audit, a table's chat, a silence), fits the schema ``view_schema.ROOTS`` names for
    it: the pit's TypeScript types are generated from those schemas (tests/web_schema.py), so a
    field the server adds, drops or makes null fails here before the page misreads it."""
    table, name = "pit-schema", "pitschema"
    server.open_table(
        operator_token,
        id=table,
        profile="colorado",
        computer_players=2,
        pause_seconds=0,
        pair_fortunes="1",
    )
    eye = server.operator("pitschemaeye")
    clients = server.seat(table, [name], ["1"])
    drive(
        clients,
        table,
        lambda st: st["rounds"] >= 1 and (st["round"] or {}).get("phase") == "setting",
    )
    adjust = {"cents": 100, "reason": "the schemas' own adjustment", "key": "pit-schema-1"}
    asked: dict[str, tuple[str, str, Any]] = {
        "GET /api/pit/floor": ("GET", "/api/pit/floor", None),
        "GET /api/pit/profiles": ("GET", "/api/pit/profiles", None),
        "POST /api/pit/tables/{id}/pause": ("POST", f"/api/pit/tables/{table}/pause", None),
        "POST /api/pit/tables/{id}/resume": ("POST", f"/api/pit/tables/{table}/resume", None),
        "POST /api/pit/tables/{id}/configure": (
            "POST",
            f"/api/pit/tables/{table}/configure",
            {"computer_players": 1},
        ),
        "GET /api/pit/tables/{id}/rounds/{n}": ("GET", f"/api/pit/tables/{table}/rounds/1", None),
        "POST /api/pit/accounts/{name}/surveillance": (
            "POST",
            "/api/pit/accounts/pitschemaeye/surveillance",
            {"surveillance": True},
        ),
        "POST /api/pit/tables/{id}/look": ("POST", f"/api/pit/tables/{table}/look", None),
        "GET /api/pit/accounts": ("GET", f"/api/pit/accounts?q={name}", None),
        "GET /api/pit/accounts/{name}": ("GET", f"/api/pit/accounts/{name}", None),
        "POST /api/pit/accounts/{name}/adjust": (
            "POST",
            f"/api/pit/accounts/{name}/adjust",
            adjust,
        ),
        "GET /api/pit/meters": ("GET", "/api/pit/meters", None),
        "GET /api/pit/private-tables": ("GET", "/api/pit/private-tables", None),
        "GET /api/events": ("GET", "/api/events?limit=50", None),
        "GET /api/audit": ("GET", "/api/audit", None),
        "GET /api/tables/{id}/chat": ("GET", f"/api/tables/{table}/chat", None),
        "POST /api/accounts/{name}/silence": (
            "POST",
            f"/api/accounts/{name}/silence",
            {"minutes": 5},
        ),
        "POST /api/accounts/{name}/unsilence": ("POST", f"/api/accounts/{name}/unsilence", None),
    }
    assert set(asked) == set(FLOOR_ROOTS)  # every answer of the floor's schemas is asked for
    clients[0].send({"type": "chat", "table": table, "text": "good luck", "ref": "m-1"})
    try:
        for route, (method, path, body) in asked.items():
            token = eye if route.endswith("/look") else operator_token  # (granted the right)
            r = server.http(method, path, token, body)
            for _ in range(50):  # the chat line written (messages are written in groups)
                if r.status_code != 200 or r.json() != []:
                    break
                time.sleep(0.1)
                r = server.http(method, path, token, body)
            assert r.status_code == 200, (route, r.text)
            found = r.json()
            want = ROOTS[route]
            schema = list_of(ref(want[:-2])) if want.endswith("[]") else ref(want)
            assert errors(found, schema) == [], (route, errors(found, schema))
            assert found, route  # (an empty list would check nothing)
    finally:
        for c in clients:
            c.close()

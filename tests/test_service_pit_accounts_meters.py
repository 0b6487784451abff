"""The pit's accounts and meters (docs/service.md, "The pit"): a real ``paigow serve`` on SQLite
and on PostgreSQL.

* An account is found by part of its name and shown with its wallet, sessions and suspension.
* A wallet adjustment needs a reason, is one balanced ledger movement with the cashier and an
  event, and the audit stays clean; one that would make the wallet negative changes nothing.
* The pit's meters (and their CSV) equal sums worked out here, independently, from the stored
  round records: their wagers, transfers and nets (not through the settlement statement); any
  stored round is recalled whole.

(Who may reach these routes, the floor, its options and the surveillance right:
tests/test_service_pit.py.)
"""

from __future__ import annotations

import csv
import io
from functools import partial
from typing import Any

from paigow.service.store.store import Store
from pit_events import events
from pit_reference import FIGURES, independent, stored_records
from service_fixtures import operator_token, pg_cluster, server
from service_support import OPERATOR, Client, Server, default_policy, drive

__all__ = ["operator_token", "pg_cluster", "server"]


# ---------------------------------------------------------------- accounts
def test_a_wallet_adjustment_is_a_balanced_audited_movement(
    server: Server, operator_token: str
) -> None:
    """+12.34 with a reason: the wallet, a ledger line ``adjustment: REASON`` against the
    cashier, a ``wallet_adjusted`` event; the audit is clean. Without a reason, or taking more
    than the wallet holds: refused, nothing changes."""
    server.player("pitadjust")
    a0 = server.http("GET", "/api/pit/accounts/pitadjust", operator_token).json()
    body = {"cents": 1234, "reason": "goodwill after a dropped connection", "key": "pit-adjust-1"}
    r = server.http("POST", "/api/pit/accounts/pitadjust/adjust", operator_token, body)
    assert r.status_code == 200, r.text
    assert r.json()["wallet"] == a0["wallet"] + 1234
    a1 = server.http("GET", "/api/pit/accounts/pitadjust", operator_token).json()
    assert a1["wallet"] == a0["wallet"] + 1234
    line = a1["ledger"][0]
    assert line["cents"] == 1234 and line["other"] == "cashier"
    assert line["reason"] == "adjustment: goodwill after a dropped connection"
    (ev,) = [
        e
        for e in events(server, operator_token, "wallet_adjusted")
        if e["detail"]["account"] == "pitadjust"
    ]
    assert ev["actor"] == OPERATOR and ev["detail"]["cents"] == 1234
    assert ev["detail"]["reason"] == body["reason"]
    for bad, status in (
        ({"cents": 100}, 422),
        ({"cents": 100, "reason": ""}, 422),
        ({"cents": 0, "reason": "nothing"}, 422),
        (
            {"cents": -(a1["wallet"] + 1), "reason": "more than it holds", "key": "pit-adjust-2"},
            409,
        ),
    ):
        r = server.http("POST", "/api/pit/accounts/pitadjust/adjust", operator_token, bad)
        assert r.status_code == status, (bad, r.text)
    nobody = {**body, "key": "pit-adjust-3"}
    r = server.http("POST", "/api/pit/accounts/nobody/adjust", operator_token, nobody)
    assert r.status_code == 404
    a2 = server.http("GET", "/api/pit/accounts/pitadjust", operator_token).json()
    assert a2["wallet"] == a1["wallet"] and a2["ledger"] == a1["ledger"]
    assert server.http("GET", "/api/audit", operator_token).json()["findings"] == []


def test_accounts_are_found_and_shown(server: Server, operator_token: str) -> None:
    """Search by part of a name; an account's wallet, sessions, seats and suspension."""
    server.player("pitfinda")
    server.player("pitfindb")
    found = server.http("GET", "/api/pit/accounts?q=pitfind", operator_token).json()
    assert [a["name"] for a in found] == ["pitfinda", "pitfindb"]
    store = Store(server.db_url)
    try:
        for a in found:
            assert a["wallet"] == store.balance(f"wallet:{a['name']}")
    finally:
        store.close()
    acct = server.http("GET", "/api/pit/accounts/pitfinda", operator_token).json()
    assert acct["role"] == "player" and len(acct["sessions"]) == 1
    assert acct["ledger"][0]["reason"] == "grant"
    r = server.http("POST", "/api/accounts/pitfinda/suspend", operator_token)
    assert r.status_code == 200
    acct = server.http("GET", "/api/pit/accounts/pitfinda", operator_token).json()
    assert acct["suspended_at"] is not None and acct["sessions"] == []
    assert server.http("GET", "/api/pit/accounts?q=pitfinda", operator_token).json()[0]["suspended"]
    assert server.http("POST", "/api/accounts/pitfinda/reinstate", operator_token).is_success
    assert server.http("GET", "/api/pit/accounts/nobody", operator_token).status_code == 404


# ---------------------------------------------------------------- meters
def _side_policy(c: Client, table: str, st: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The plain player, with a Pair Fortunes wager beside the Pai Gow wager at pit-m1 (which
    offers it)."""
    out = default_policy(c, table, st)
    rnd = st["round"] or {}
    if (
        table == "pit-m1"
        and st["waiting"]["for"] == "wagers"
        and not any(w["player"] == st["you"] for w in rnd.get("wagers", []))
    ):
        spot = st["seats"][st["you"]]
        out.insert(1, ("wager", {"spot": spot, "cents": 500, "kind": "pair-fortunes"}))
    return out


def _played(rounds: int, st: dict[str, Any]) -> bool:
    return bool(st["rounds"] >= rounds)


def test_meters_equal_sums_over_the_stored_rounds(server: Server, operator_token: str) -> None:
    """After rounds at two tables (people, computer players, a side bet), the pit's meters of
    today — total, per table, per profile — and the CSV's lines equal the independent sums over
    every stored round record; hold is win over handle."""
    server.open_table(
        operator_token,
        id="pit-m1",
        profile="colorado",
        computer_players=2,
        pause_seconds=0,
        pair_fortunes="1",
    )
    server.open_table(
        operator_token, id="pit-m2", profile="generic", computer_players=1, pause_seconds=0
    )
    for table, names in (("pit-m1", ["pitmetera", "pitmeterb"]), ("pit-m2", ["pitmeterc"])):
        clients = server.seat(table, names, ["1", "2"][: len(names)])
        # six rounds played by the people seated, so that some hand wins and pays commission
        # (counted from their seating: the computer players may have played rounds before it,
        # the more so on a busy machine; three were sometimes not enough)
        until = clients[0].state[table]["rounds"] + 6
        drive(clients, table, partial(_played, until), _side_policy)
        for c in clients:
            c.close()
    m = server.http("GET", "/api/pit/meters", operator_token).json()
    want = independent(stored_records(server.db_url))
    for k in FIGURES:
        assert m["total"][k] == want["total"][k], k
    assert m["total"]["rounds"] >= 6 and m["total"]["handle"] > 0
    assert m["total"]["side_handle"] > 0 and m["total"]["commission"] > 0
    handle = m["total"]["handle"] + m["total"]["side_handle"]
    assert m["total"]["hold"] == round(100 * m["total"]["win"] / handle, 2)
    got_tables = {t["table"]: t for t in m["tables"]}
    assert set(got_tables) == set(want["tables"])
    for tid, exp in want["tables"].items():
        for k in FIGURES:
            assert got_tables[tid][k] == exp[k], (tid, k)
    by_profile = {p["profile"]: p["rounds"] for p in m["profiles"]}
    assert by_profile["colorado"] == want["tables"]["pit-m1"]["rounds"]
    assert sum(h["rounds"] for h in m["hours"]) == m["total"]["rounds"]
    sides = m["total"]["sides"]
    assert sum(s["handle"] for s in sides.values()) == m["total"]["side_handle"]
    assert sum(s["win"] for s in sides.values()) == m["total"]["side_win"]
    r = server.http("GET", "/api/pit/meters.csv", operator_token)
    assert r.headers["content-type"].startswith("text/csv")
    lines = list(csv.DictReader(io.StringIO(r.text)))
    main = [x for x in lines if x["kind"] == "all"]
    for k in FIGURES:
        assert sum(int(x[k]) for x in main) == want["total"][k], k
    side = [x for x in lines if x["kind"] != "all"]
    assert sum(int(x["handle"]) for x in side) == want["total"]["side_handle"]
    bad = server.http("GET", "/api/pit/meters?first=2026-02-30", operator_token)
    assert bad.status_code == 422
    backwards = server.http(
        "GET", "/api/pit/meters?first=2026-02-02&last=2026-02-01", operator_token
    )
    assert backwards.status_code == 422
    assert server.http("GET", "/api/audit", operator_token).json()["findings"] == []


def test_any_round_of_any_table_is_recalled_whole(server: Server, operator_token: str) -> None:
    """GET /api/pit/tables/ID/rounds/N: the stored record, every hand, with its statement;
    404 for a round that is not stored."""
    if not any(r[0] == "pit-m2" for r in stored_records(server.db_url)):
        test_meters_equal_sums_over_the_stored_rounds(server, operator_token)
    stored = dict(
        enumerate((r[2] for r in stored_records(server.db_url) if r[0] == "pit-m2"), start=1)
    )  # (by round, from 1)
    got = server.http("GET", "/api/pit/tables/pit-m2/rounds/2", operator_token).json()
    assert got["table"] == "pit-m2" and got["round"] == 2
    assert got["record"]["net"] == stored[2]["net"]
    assert got["record"]["positions"] == stored[2]["positions"]  # every hand, as stored
    assert got["statement"]["players"]
    for path in ("/api/pit/tables/pit-m2/rounds/9999", "/api/pit/tables/nowhere/rounds/1"):
        assert server.http("GET", path, operator_token).status_code == 404
    assert server.http("GET", "/api/pit/tables/pit-m2/rounds/0", operator_token).status_code == 422

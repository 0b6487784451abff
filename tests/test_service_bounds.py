"""Every amount is bounded at the edge. Generated from the service's own OpenAPI document and
from the websocket protocol's schemas: every integer a client can send, on every route and in
every message, has a lower and an upper bound inside the ledger's range (its columns are
BIGINT), and a value past it — the bound plus one, 2^63 - 1, 2^63, 10^40 and their negatives —
is refused (HTTP 422; a ``refused`` result on the websocket) naming the field and the bound,
never a server error. Balances are kept inside the ledger's range too (409 past it).

Before the fix an operator deposit of 2^63 - 1, 2^63 or 10^40 was an HTTP 500 (money is now
moved by hand through one door, ``POST /api/pit/accounts/{name}/adjust``, at most
:data:`~paigow.service.routes.pit_api.MAX_ADJUSTMENT` cents either way).
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa

from paigow.service.db import schema as db
from paigow.service.db.accounts_sql import LEDGER_MAX
from paigow.service.routes.pit_api import MAX_ADJUSTMENT
from paigow.service.store.store import Store
from paigow.service.wire.protocol import ACTIONS, OPERATOR_ACTIONS, schemas
from service_fixtures import operator_token, pg_cluster, server
from service_support import Server

__all__ = ["operator_token", "pg_cluster", "server"]

INT64 = 2**63 - 1


def beyond(lo: int, hi: int) -> list[int]:
    """Values past the bounds ``lo``..``hi``."""
    out = [hi + 1, INT64, INT64 + 1, 10**40, lo - 1, -INT64 - 2, -(10**40)]
    return [v for v in out if not lo <= v <= hi]


def _bounds(schema: dict[str, Any]) -> tuple[int, int] | None:
    """(minimum, maximum) of an integer schema (None: not an integer)."""
    options = schema.get("anyOf", [schema])
    for s in options:
        if s.get("type") == "integer":
            lo, hi = s.get("minimum"), s.get("maximum")
            if s.get("exclusiveMinimum") is not None:
                lo = s["exclusiveMinimum"] + 1
            assert lo is not None and hi is not None, f"an unbounded integer: {schema}"
            return int(lo), int(hi)
    return None


def _named(message: str, v: int, lo: int, hi: int) -> bool:
    """The error names the bound ``v`` is past (``greater than 0`` for a minimum of 1)."""
    if v > hi:
        return f"less than or equal to {hi}" in message
    return f"greater than or equal to {lo}" in message or f"greater than {lo - 1}" in message


def _integers(schema: dict[str, Any], defs: dict[str, Any], path: tuple[Any, ...] = ()) -> Any:
    """(path to the field, its bounds) of every integer in ``schema`` (refs resolved; an array
    item's path ends with index 0)."""
    if "$ref" in schema:
        yield from _integers(defs[schema["$ref"].rsplit("/", 1)[1]], defs, path)
        return
    found = _bounds(schema)
    if found is not None:
        yield path, found
        return
    for s in schema.get("anyOf", []):
        yield from _integers(s, defs, path)
    for name, s in schema.get("properties", {}).items():
        yield from _integers(s, defs, (*path, name))
    if "items" in schema:
        yield from _integers(schema["items"], defs, (*path, 0))


def _nest(path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        return [_nest(rest, value), 1, 1]
    return {head: _nest(rest, value)}


def test_64_bit_overflow_is_refused_not_a_server_error(server: Server, operator_token: str) -> None:
    """The defect: an operator deposit of 2^63 - 1, 2^63 or 10^40 was a server error. On the
    one door that moves money by hand (the deposit route is retired), each is now 422, naming
    the field and the bound (:data:`MAX_ADJUSTMENT`); nothing moved. The bound itself moves."""
    server.player("richie")
    for i, cents in enumerate((INT64, INT64 + 1, 10**40, -INT64 - 1, MAX_ADJUSTMENT + 1)):
        body = {"cents": cents, "reason": "past the bound", "key": f"overflow-{i}"}
        r = server.http("POST", "/api/pit/accounts/richie/adjust", operator_token, body)
        assert r.status_code == 422, (cents, r.text)
        err = r.json()["detail"][0]
        assert err["loc"][-1] == "cents" and f"{MAX_ADJUSTMENT}" in err["msg"], err
    assert server.credit(operator_token, "richie", MAX_ADJUSTMENT)["wallet"] == (
        MAX_ADJUSTMENT + 100_000
    )


def test_balances_stay_inside_the_ledgers_range(server: Server, operator_token: str) -> None:
    """An adjustment that would take a balance past the BIGINT range is refused (409, saying
    so) and moves nothing."""
    server.player("brim")
    store = Store(server.db_url)
    try:
        with store.engine.begin() as c:  # a wallet at the edge (by hand: 9 million deposits)
            a = db.accounts
            c.execute(a.update().where(a.c.name == "wallet:brim").values(balance=LEDGER_MAX - 10))
    finally:
        store.close()
    body = {"cents": 100, "reason": "over the edge", "key": "brim-edge"}
    r = server.http("POST", "/api/pit/accounts/brim/adjust", operator_token, body)
    assert r.status_code == 409 and "ledger's range" in r.json()["detail"], r.text
    store = Store(server.db_url)
    try:
        assert store.balance("wallet:brim") == LEDGER_MAX - 10
    finally:
        store.close()


def test_every_integer_of_the_http_api_is_bounded(server: Server, operator_token: str) -> None:
    """From the OpenAPI document: every integer of every query, path and body (tables'
    limits and options, deposits, event ids, chat message ids) has bounds inside 64 bits; past
    them it is 422, the error at that field naming the bound."""
    doc = server.http("GET", "/openapi.json").json()
    defs = doc["components"]["schemas"]
    checked = []
    for path, methods in doc["paths"].items():
        url = path.replace("{table_id}", "nope").replace("{name}", "nobody")
        url = url.replace("{spot}", "1").replace("{session_id}", "0" * 64)
        for method, op in methods.items():
            fields: list[tuple[str, tuple[Any, ...], tuple[int, int]]] = []
            for prm in op.get("parameters", []):
                for sub, b in _integers(prm["schema"], defs):
                    fields.append((prm["in"], (prm["name"], *sub), b))
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                for sub, b in _integers(body["schema"], defs):
                    fields.append(("body", sub, b))
            for where, field, (lo, hi) in fields:
                assert -INT64 - 1 <= lo <= hi <= INT64, (path, field, lo, hi)
                for v in beyond(lo, hi):
                    if where == "query":
                        r = server.http(method.upper(), f"{url}?{field[0]}={v}", operator_token)
                    elif where == "path":  # a message's id in the route
                        at = url.replace(f"{{{field[0]}}}", str(v))
                        r = server.http(method.upper(), at, operator_token)
                    else:
                        r = server.http(method.upper(), url, operator_token, _nest(field, v))
                    assert r.status_code == 422, (method, path, field, v, r.text)
                    errors = [e for e in r.json()["detail"] if tuple(e["loc"][1:]) == field]
                    assert errors, (path, field, r.json())
                    assert any(_named(e["msg"], v, lo, hi) for e in errors), (path, field, errors)
                checked.append((method, path, field))
    names = {f[-1] for _, _, f in checked}
    assert {"cents", "since", "limit", "min_wager", "max_wager", "computer_wager"} <= names
    print(f"\n{len(checked)} integer fields of the HTTP API checked")


@pytest.fixture(scope="module")
def bounds_table(server: Server, operator_token: str) -> str:
    server.open_table(operator_token, id="bnd", profile="generic", wager_seconds=3600)
    return "bnd"


VALID: dict[str, dict[str, Any]] = {  # the other arguments, valid
    "sit": {"seat": "5"},
    "wager": {"spot": "1"},
    "expose_dealt": {"position": "1"},
}


def test_every_integer_of_every_message_is_bounded(
    server: Server, operator_token: str, bounds_table: str
) -> None:
    """From the protocol's schemas: every integer argument of every player and operator
    action has bounds inside 64 bits; past them the command is refused, naming the argument
    and the bound, and the connection goes on."""
    s = schemas()
    player = server.client(server.player("bounded"))
    op = server.client(operator_token)
    checked = []
    for action in [*ACTIONS, *OPERATOR_ACTIONS]:
        c = op if action in OPERATOR_ACTIONS else player
        for field, (lo, hi) in _integers(s[action], s[action].get("$defs", {})):
            assert -INT64 - 1 <= lo <= hi <= INT64, (action, field)
            for v in beyond(lo, hi):
                args = VALID.get(action, {}) | _nest(field, v)
                r = c.command(bounds_table, action, **args)
                assert r["status"] == "refused", (action, field, v, r)
                where = ".".join(str(p) for p in field)
                assert r["error"].startswith(f"{action}: {where}:"), r
                assert _named(r["error"], v, lo, hi), r
            checked.append((action, field))
    assert {a for a, _ in checked} >= {"sit", "wager", "dealer_wager", "pd_stake", "enter_dice"}
    for c in (player, op):
        c.send({"type": "ping"})
        assert c.until(lambda m: m.get("type") == "pong", "pong")
        c.close()
    store = Store(server.db_url)
    try:
        with store.engine.connect() as conn:
            n = conn.execute(
                sa.select(sa.func.count()).where(db.table_ops.c.table_id == bounds_table)
            ).scalar()
        assert n == 0
    finally:
        store.close()
